import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { LEGAL_UPDATED } from '../content/updated';

export default function TermsOfServicePage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="Terms of Service"
      description={`The rules for using ${name}: accounts, tagging assets, TMT tokens, business verification and acceptable use.`}
      updated={LEGAL_UPDATED}
    >
      <Section title="1. The service">
        <p>
          {name} lets you register ("tag") physical and digital assets with photos, videos or documents, keep a record of who
          owns them, name next of kin, and — for business accounts — register products that anyone can check by serial number.
          By creating an account you accept these terms.
        </p>
      </Section>

      <Section title="2. Your account">
        <Bullets
          items={[
            'You must give a working e-mail address and keep your password to yourself. We recommend two-factor authentication (Settings).',
            'You are responsible for what is done with your account.',
            'You can delete your account at any time in Settings; deletion is immediate and cannot be undone.',
          ]}
        />
      </Section>

      <Section title="3. What you tag">
        <Bullets
          items={[
            'You may tag only things you own or are entitled to record, and only content you have the right to upload.',
            'A tag is your own record with a timestamp and file fingerprints. It is evidence you can show, not a legal title or a certificate issued by a public authority.',
            'Assets are private unless you mark them public. Public assets can be seen by anyone.',
          ]}
        />
      </Section>

      <Section title="4. TMT tokens">
        <Bullets
          items={[
            `TMT is an in-app credit used to pay for actions in ${name}, such as tagging an asset. It is not money, not a cryptocurrency and not an investment; it cannot be withdrawn or exchanged for money.`,
            'You receive TMT as a sign-up bonus and through referral rewards; administrators may correct balances, and every movement is recorded in your wallet history.',
            'Balances are held only in this installation and end when your account is deleted.',
          ]}
        />
      </Section>

      <Section title="5. Business accounts">
        <p>
          Business accounts are granted after review by an administrator (see <TextLink to="/business-upgrade">Business accounts</TextLink>).
          A business must register only genuine products it is entitled to sell, and the verification page shows the product
          details it enters.
        </p>
      </Section>

      <Section title="6. Acceptable use">
        <Bullets
          items={[
            'No unlawful, infringing or abusive content; no content about other people without a lawful basis.',
            'No attempts to break, overload or bypass the security of the service, or to access other people\'s data.',
            'No automated sign-ups or abuse of the referral programme. Rewards gained that way may be reversed and accounts banned.',
          ]}
        />
      </Section>

      <Section title="7. Availability and liability">
        <p>
          We work to keep {name} running and your data safe, but the service is provided as is. Keep your own copies of important
          documents (Settings → Export my data). Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </Section>

      <Section title="8. Changes and contact">
        <p>
          We announce material changes in the News section before they apply. Questions: <TextLink to={`mailto:${mail}`}>{mail}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
