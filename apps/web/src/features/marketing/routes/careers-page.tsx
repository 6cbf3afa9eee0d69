import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';

export default function CareersPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="Careers"
      description={`Work on ${name}: how we hire, what we look for, and how to introduce yourself.`}
      lead="We are a small team. There are no open positions listed right now, but we read every introduction."
    >
      <Section title="What we work on">
        <Bullets
          items={[
            'A TypeScript web app (React) and a single Node server speaking the Supabase protocol on PostgreSQL.',
            'Security in the database: row-level security, ledger functions, tested allow and deny cases.',
            'Fast, accessible pages that work on a cheap phone over a slow connection.',
          ]}
        />
      </Section>
      <Section title="Who we look for">
        <Bullets
          items={[
            'Engineers who test what they build and explain why in a few plain sentences.',
            'People who care about privacy and about users who are not technical.',
            'Community members who help others in support and propose features.',
          ]}
        />
      </Section>
      <Section title="Introduce yourself">
        <p>
          Write to <TextLink to={`mailto:${mail}`}>{mail}</TextLink> with the subject "Careers", a few lines about you and a link to
          something you made. We answer every message. We keep applications only as long as needed to reply, and delete them on
          request.
        </p>
      </Section>
      <p className="text-sm text-slate-600">{name} does not ask candidates for payment or for personal documents by e-mail.</p>
    </TextPage>
  );
}
