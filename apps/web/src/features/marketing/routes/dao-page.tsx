import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';

export default function DaoPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('Community and governance')}
      description={i18n._(
        'How the {name} community shapes the product: proposing features, reporting problems, and what "DAO" does and does not mean here.',
        { name },
      )}
      lead={i18n._('{name} is shaped by the people who use it. Here is exactly how that works today.', { name })}
    >
      <Section title={i18n._('Straight answer first')}>
        <p>
          {i18n._(
            'There is no on-chain DAO, no governance token and no voting with TMT. TMT is an in-app credit for using',
          )}{' '}
          {name}
          {i18n._(
            '; it gives no ownership or voting rights and cannot be bought or sold. Decisions about the product are taken by its operator, in the open, based on what the community asks for.',
          )}
        </p>
      </Section>

      <Section title={i18n._('How to propose a feature')}>
        <Bullets
          items={[
            <>
              <strong>{i18n._('From the app:')}</strong> {i18n._('sign in and use the')}{' '}
              <strong>{i18n._('Report a Bug')}</strong>{' '}
              {i18n._(
                'button. Start your description with "Idea:" — it reaches the same administrators as bug reports and they can see which page you were on.',
              )}
            </>,
            <>
              <strong>{i18n._('By e-mail:')}</strong> {i18n._('write to')}{' '}
              <TextLink to={`mailto:${mail}`}>{mail}</TextLink> {i18n._('with the subject "Proposal".')}
            </>,
            i18n._(
              'Say what you want to achieve and why, not just the button you imagine; proposals that explain the problem get built first.',
            ),
          ]}
        />
      </Section>

      <Section title={i18n._('What happens to a proposal')}>
        <Bullets
          items={[
            i18n._('An administrator reads every proposal and report.'),
            i18n._('Accepted proposals are announced in the News section when they are built.'),
            i18n._('Changes to these terms or to how data is handled are announced before they apply.'),
          ]}
        />
      </Section>

      <Section title={i18n._('Principles we hold ourselves to')}>
        <Bullets
          items={[
            i18n._(
              "Transparency: every token movement is in your wallet history; admin adjustments carry the admin's id.",
            ),
            i18n._('Privacy: no trackers, no sale of data, export and delete in two clicks.'),
            i18n._('Fairness: referral rewards are paid once per new member, by fixed rules in the database.'),
            i18n._('Honesty: we describe what exists, not what might exist one day.'),
          ]}
        />
      </Section>
    </TextPage>
  );
}
