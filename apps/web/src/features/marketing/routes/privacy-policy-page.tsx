import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { dataInventory, thingsWeDoNot } from '../content/data-inventory';
import { LEGAL_UPDATED } from '../content/updated';

export default function PrivacyPolicyPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="Privacy Policy"
      description={`What ${name} stores about you, where it is kept, for how long, and how to export or delete it.`}
      lead={`${name} keeps only what it needs to run your account, and you can take it all with you or delete it yourself at any time.`}
      updated={LEGAL_UPDATED}
    >
      <Section title="Who is responsible">
        <p>
          {name} is run by the operator of this website (the "operator"), who is the data controller for the personal data
          described here. Questions and requests go to <TextLink to={`mailto:${mail}`}>{mail}</TextLink>.
        </p>
      </Section>

      <Section title="What we store and for how long">
        <FactTable
          caption="Personal data held, and how long it is kept"
          head={['Data', 'What exactly', 'Kept']}
          rows={dataInventory.map((d) => [d.what, d.detail, d.retention])}
        />
      </Section>

      <Section title="Where it is stored">
        <p>
          Everything listed above lives in two places on the operator's own server: a PostgreSQL database (records, ledger,
          settings, sessions) and the server's file storage (avatars, asset media, bug-report screenshots). Uploaded files are
          fingerprinted with SHA-256 so that any later change to them can be detected.
        </p>
        <p>
          E-mails we send you (confirmation, password reset, e-mail change) go out through the operator's mail server. Nothing
          else leaves the server.
        </p>
      </Section>

      <Section title="What we do not do">
        <Bullets items={thingsWeDoNot} />
      </Section>

      <Section title="Why we process it (legal bases)">
        <Bullets
          items={[
            'To provide the service you signed up for: your account, tags, wallet, referrals and next of kin (performance of a contract).',
            'To keep accounts secure: session records, IP addresses and rate-limit counters (legitimate interest in preventing abuse).',
            'To fix problems you report: bug reports with screenshots and console logs (your request, and our legitimate interest in a working product).',
            'Optional e-mails such as product news are sent only if you switch them on in Settings (consent, withdrawable at any time).',
          ]}
        />
      </Section>

      <Section title="Who can see your data">
        <Bullets
          items={[
            'You, for everything on this page.',
            'Administrators of this installation, to run the service: they can see account lists, profiles, wallets and bug reports, and every token adjustment they make is recorded with their id.',
            'Anyone, only for the assets you explicitly mark as public and for product serial numbers a business registers for verification. Public pages never show your e-mail.',
          ]}
        />
      </Section>

      <Section title="The asset ledger, honestly">
        <p>
          When you tag an asset, {name} records it in an append-only ledger: each entry carries the SHA-256 fingerprints of
          your files and the hash of the entry before it, and is signed with the server's key. That makes later tampering
          detectable. It is <strong>not</strong> a public blockchain: the ledger is stored in the operator's database.
          Ledger entries contain only hashes and ids, never your descriptions or files. When you delete an asset or your
          account, the asset records and files are deleted; the hash-only entries stay so the chain remains verifiable, but
          they no longer point to any content or to an existing account.
        </p>
      </Section>

      <Section title="Your rights and how to use them">
        <Bullets
          items={[
            <>
              <strong>Export:</strong> Settings → Export my data downloads a JSON file with everything listed above.
            </>,
            <>
              <strong>Correct:</strong> change your name and personal details on the <TextLink to="/profile">Profile</TextLink> page.
            </>,
            <>
              <strong>Delete:</strong> Settings → Delete account removes your account, profile, wallet, ledger, referral links,
              assets and their files, next of kin and bug reports at once.
            </>,
            <>
              <strong>Object or complain:</strong> write to <TextLink to={`mailto:${mail}`}>{mail}</TextLink>; you may also complain
              to your data protection authority.
            </>,
          ]}
        />
      </Section>

      <Section title="Cookies and browser storage">
        <p>
          We set no tracking cookies. Your sign-in session is kept in your browser's localStorage. Details are in the{' '}
          <TextLink to="/cookie-policy">Cookie Policy</TextLink>.
        </p>
      </Section>

      <Section title="Children">
        <p>{name} is not meant for children under 16, and we do not knowingly keep their data.</p>
      </Section>

      <Section title="Changes">
        <p>If this policy changes, the date at the top changes with it, and significant changes are announced in the News section.</p>
      </Section>
    </TextPage>
  );
}
