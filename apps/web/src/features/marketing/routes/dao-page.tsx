import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';

export default function DaoPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="Community and governance"
      description={`How the ${name} community shapes the product: proposing features, reporting problems, and what "DAO" does and does not mean here.`}
      lead={`${name} is shaped by the people who use it. Here is exactly how that works today.`}
    >
      <Section title="Straight answer first">
        <p>
          There is no on-chain DAO, no governance token and no voting with TMT. TMT is an in-app credit for using {name}; it gives
          no ownership or voting rights and cannot be bought or sold. Decisions about the product are taken by its operator, in the
          open, based on what the community asks for.
        </p>
      </Section>

      <Section title="How to propose a feature">
        <Bullets
          items={[
            <>
              <strong>From the app:</strong> sign in and use the <strong>Report a Bug</strong> button. Start your description with
              "Idea:" — it reaches the same administrators as bug reports and they can see which page you were on.
            </>,
            <>
              <strong>By e-mail:</strong> write to <TextLink to={`mailto:${mail}`}>{mail}</TextLink> with the subject "Proposal".
            </>,
            'Say what you want to achieve and why, not just the button you imagine; proposals that explain the problem get built first.',
          ]}
        />
      </Section>

      <Section title="What happens to a proposal">
        <Bullets
          items={[
            'An administrator reads every proposal and report.',
            'Accepted proposals are announced in the News section when they are built.',
            'Changes to these terms or to how data is handled are announced before they apply.',
          ]}
        />
      </Section>

      <Section title="Principles we hold ourselves to">
        <Bullets
          items={[
            'Transparency: every token movement is in your wallet history; admin adjustments carry the admin\'s id.',
            'Privacy: no trackers, no sale of data, export and delete in two clicks.',
            'Fairness: referral rewards are paid once per new member, by fixed rules in the database.',
            'Honesty: we describe what exists, not what might exist one day.',
          ]}
        />
      </Section>
    </TextPage>
  );
}
