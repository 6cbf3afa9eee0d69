import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';
import { LEGAL_UPDATED } from '../content/updated';

export default function CookiePolicyPage() {
  const name = productName();
  return (
    <TextPage
      title="Cookie Policy"
      description={`${name} sets no tracking cookies. This page lists exactly what the app keeps in your browser and why.`}
      lead={`${name} uses no tracking or advertising cookies. What it does keep in your browser is listed below.`}
      updated={LEGAL_UPDATED}
    >
      <Section title="What is kept in your browser">
        <FactTable
          caption="Browser storage used by the app"
          head={['Item', 'Purpose', 'Lifetime']}
          rows={[
            [
              'Sign-in session (localStorage, key starting with "sb-")',
              'Your access and refresh tokens, so you stay signed in between visits. Strictly necessary.',
              'Until you sign out; signing out clears it.',
            ],
            [
              'Sign-in code verifier (localStorage)',
              'A one-time random value that protects the e-mail confirmation and sign-in links (PKCE). Strictly necessary.',
              'Removed once the link has been used.',
            ],
            [
              'Referral code and landing page (sessionStorage)',
              'If you arrived through a referral link or a use-case page, the code and page name are kept until you sign up, so the right person is credited and you land on the right screen.',
              'Until the browser tab is closed or you sign out.',
            ],
            [
              'Tagging draft (IndexedDB)',
              'If you start tagging before signing in, your photos and form stay in this browser so nothing is lost while you create an account. They are not sent anywhere until you save the asset.',
              'Until the asset is saved or you discard the draft.',
            ],
          ]}
        />
        <p>
          Signing out clears localStorage and sessionStorage for this site. Because everything above is strictly necessary to provide the service you ask for, no consent banner is shown. The
          server itself sets no cookies.
        </p>
      </Section>

      <Section title="What is not used">
        <Bullets
          items={[
            'No analytics cookies or scripts (no Google Analytics or similar).',
            'No advertising or social-media pixels.',
            'No third-party fonts or CDNs that could see your visit.',
          ]}
        />
      </Section>

      <Section title="Your choices">
        <p>
          In <TextLink to="/settings">Settings</TextLink> you can record whether you accept optional cookies and anonymous usage
          statistics. {name} currently uses neither; your choice is stored with your account and will be respected if the operator
          ever adds them, and this page will be updated first.
        </p>
        <p>You can also clear the app's storage at any time from your browser's site settings; you will then be signed out.</p>
      </Section>
    </TextPage>
  );
}
