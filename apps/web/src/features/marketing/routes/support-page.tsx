import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';

export default function SupportPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="Support"
      description={`Get help with ${name}: report a bug from inside the app, e-mail support, or fix common sign-in and tagging problems yourself.`}
      lead="The fastest way to get something fixed is to report it from the page where it happened."
    >
      <Section title="Report a problem from the app">
        <p>
          When you are signed in, the <strong>Report a Bug</strong> button at the bottom of every page opens a short form. It
          attaches a screenshot of the page and its last console messages, so we can see what you saw. Nothing is sent until you
          press Submit.
        </p>
      </Section>

      <Section title="Write to us">
        <p>
          E-mail <TextLink to={`mailto:${mail}`}>{mail}</TextLink>. Please say which page you were on and what you expected.
          Never send your password: nobody at {name} will ever ask for it.
        </p>
      </Section>

      <Section title="Fix it yourself">
        <Bullets
          items={[
            <>
              <strong>No confirmation e-mail?</strong> Check spam, then use <TextLink to="/check-email">Resend confirmation</TextLink>.
            </>,
            <>
              <strong>Forgot your password?</strong> Use <TextLink to="/forgot-password">Reset password</TextLink>; the link works once.
            </>,
            <>
              <strong>Lost your authenticator app?</strong> Two-factor authentication cannot be bypassed by the app; write to support
              from your account's e-mail address so an administrator can verify you.
            </>,
            <>
              <strong>Not enough TMT to tag?</strong> Your <TextLink to="/wallet">wallet</TextLink> shows your balance and history; invite
              friends from <TextLink to="/referrals">Referrals</TextLink> to earn more.
            </>,
            <>
              <strong>Want your data or to leave?</strong> Settings has Export my data and Delete account.
            </>,
          ]}
        />
      </Section>

      <Section title="More answers">
        <p>
          See the <TextLink to="/faq">FAQ</TextLink> and the <TextLink to="/documentation">Documentation</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
