import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';

export default function CareersPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('Careers')}
      description={i18n._('Work on {name}: how we hire, what we look for, and how to introduce yourself.', { name })}
      lead={i18n._(
        'We are a small team. There are no open positions listed right now, but we read every introduction.',
      )}
    >
      <Section title={i18n._('What we work on')}>
        <Bullets
          items={[
            i18n._(
              'A TypeScript web app (React) and a single Node server speaking the Supabase protocol on PostgreSQL.',
            ),
            i18n._('Security in the database: row-level security, ledger functions, tested allow and deny cases.'),
            i18n._('Fast, accessible pages that work on a cheap phone over a slow connection.'),
          ]}
        />
      </Section>
      <Section title={i18n._('Who we look for')}>
        <Bullets
          items={[
            i18n._('Engineers who test what they build and explain why in a few plain sentences.'),
            i18n._('People who care about privacy and about users who are not technical.'),
            i18n._('Community members who help others in support and propose features.'),
          ]}
        />
      </Section>
      <Section title={i18n._('Introduce yourself')}>
        <p>
          {i18n._('Write to')} <TextLink to={`mailto:${mail}`}>{mail}</TextLink>{' '}
          {i18n._(
            'with the subject "Careers", a few lines about you and a link to something you made. We answer every message. We keep applications only as long as needed to reply, and delete them on request.',
          )}
        </p>
      </Section>
      <p className="text-sm text-slate-600">
        {name} {i18n._('does not ask candidates for payment or for personal documents by e-mail.')}
      </p>
    </TextPage>
  );
}
