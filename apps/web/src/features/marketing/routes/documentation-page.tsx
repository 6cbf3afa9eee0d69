import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';

export default function DocumentationPage() {
  const name = productName();
  return (
    <TextPage
      title="Documentation"
      description={`How to use ${name}: tagging assets, the TMT wallet, referrals, next of kin, product verification, account security, and running your own server.`}
      lead={`Everything ${name} does, one section per feature.`}
    >
      <nav aria-label="On this page" className="rounded-lg bg-slate-50 p-4 text-sm">
        <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {[
            ['start', 'Getting started'],
            ['tag', 'Tagging an asset'],
            ['wallet', 'Wallet and TMT'],
            ['referrals', 'Referrals'],
            ['nok', 'Next of kin'],
            ['verify', 'Product verification'],
            ['security', 'Account security'],
            ['data', 'Your data'],
            ['operators', 'For operators'],
          ].map(([id, label]) => (
            <li key={id}>
              <a className="text-blue-700 underline" href={`#${id}`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section title="Getting started" id="start">
        <Bullets
          items={[
            <>
              <TextLink to="/signup">Create an account</TextLink> with your name, e-mail and a password of at least 8
              characters that is not a common one and not based on your e-mail address.
            </>,
            'Open the confirmation link we e-mail you. Your wallet is created with a sign-up bonus in TMT.',
            'The dashboard shows your balance, recent activity and shortcuts.',
          ]}
        />
      </Section>

      <Section title="Tagging an asset" id="tag">
        <Bullets
          items={[
            <>Go to <TextLink to="/tag">Tag Asset</TextLink>, take or upload photos, a video or a PDF, and describe the asset.</>,
            'Choose who may see it: private (default) or public.',
            'The cost in TMT is shown before you confirm; it is taken from your wallet only if the asset is saved.',
            'Each file gets a SHA-256 fingerprint, and the asset is recorded in the signed, hash-chained ledger.',
            <>Find everything under <TextLink to="/assets">My Assets</TextLink>.</>,
          ]}
        />
      </Section>

      <Section title="Wallet and TMT" id="wallet">
        <p>
          TMT is an in-app credit. The <TextLink to="/wallet">Wallet</TextLink> shows your balance, totals earned and spent, and the
          full history, which you can filter and download as CSV. Balances change only through the server's ledger functions; a
          spend that would take you below zero is refused with "Insufficient tokens".
        </p>
      </Section>

      <Section title="Referrals" id="referrals">
        <p>
          <TextLink to="/referrals">Referrals</TextLink> gives you a personal code and links to each landing page, with a QR code you
          can download. Rewards are paid once per confirmed new member, to five levels.
        </p>
      </Section>

      <Section title="Next of kin" id="nok">
        <p>
          On <TextLink to="/nok">NOK</TextLink> you keep the people who should know about your assets, with relationship and
          contact details. Only you can see them.
        </p>
      </Section>

      <Section title="Product verification" id="verify">
        <p>
          Business accounts register products with serial numbers. Anyone can open <code>/verify/&lt;serial number&gt;</code> to see
          whether that serial was registered and by which business. See <TextLink to="/business-upgrade">business accounts</TextLink>.
        </p>
      </Section>

      <Section title="Account security" id="security">
        <Bullets
          items={[
            'Change your password on the Profile page; you must enter the current one.',
            'Turn on two-factor authentication (TOTP) in Settings with any authenticator app.',
            'Settings lists your active sessions, with the device and IP address, and can sign out all others.',
          ]}
        />
      </Section>

      <Section title="Your data" id="data">
        <p>
          Settings → Export my data downloads a JSON file; Settings → Delete account removes everything. What is stored and for how
          long is listed in the <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
        </p>
      </Section>

      <Section title="For operators" id="operators">
        <p>
          {name} is one Node server: <code>npm ci &amp;&amp; npm start</code> runs it with an embedded PostgreSQL. Settings come
          from environment variables:
        </p>
        <FactTable
          caption="Server settings"
          head={['Variable', 'Meaning']}
          rows={[
            ['PORT, HOST', 'Where the server listens (default 3000 on 127.0.0.1).'],
            ['DATA_DIR', 'Embedded database, signing keys, stored files and mail outbox (default ./data).'],
            ['DATABASE_URL', 'Use this PostgreSQL instead of the embedded database.'],
            ['SITE_URL', 'Public address used in e-mailed links.'],
            ['SMTP_URL, MAIL_FROM', 'Send mail over SMTP; without them mail goes to an outbox and a log line.'],
            ['ADMIN_EMAIL, ADMIN_PASSWORD', 'Make sure an administrator account exists at start.'],
            ['APP_NAME', 'The product name shown everywhere.'],
          ]}
        />
      </Section>
    </TextPage>
  );
}
