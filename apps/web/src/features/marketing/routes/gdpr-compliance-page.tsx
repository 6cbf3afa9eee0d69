import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { dataInventory } from '../content/data-inventory';
import { LEGAL_UPDATED } from '../content/updated';

export default function GdprCompliancePage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="GDPR Compliance"
      description={`How ${name} meets the GDPR: self-service export and deletion, data minimisation, no third-party trackers, and security in the database.`}
      lead={`The rights the GDPR gives you are built into ${name} as buttons, not as e-mail requests.`}
      updated={LEGAL_UPDATED}
    >
      <Section title="Your rights, in the product">
        <FactTable
          caption="GDPR rights and where to exercise them"
          head={['Right', 'How']}
          rows={[
            ['Access and portability (Art. 15, 20)', 'Settings → Export my data: a machine-readable JSON file with everything held about you.'],
            ['Rectification (Art. 16)', 'Profile page: name, phone, country, bio, avatar, e-mail address and password.'],
            ['Erasure (Art. 17)', 'Settings → Delete account: removes your records and stored files immediately, after you confirm with your password.'],
            ['Restriction and objection (Art. 18, 21)', `Notification e-mails can be switched off in Settings; anything else: ${mail}.`],
            ['Withdraw consent (Art. 7)', 'Settings: cookie, analytics and news choices take effect at once.'],
          ]}
        />
      </Section>

      <Section title="Data minimisation">
        <p>We collect only the data in this list, each for a stated purpose:</p>
        <Bullets items={dataInventory.map((d) => `${d.what}: ${d.retention}`)} />
      </Section>

      <Section title="Security of processing (Art. 32)">
        <Bullets
          items={[
            'Access rules live in the database (row-level security): a user can read and change only their own rows, whichever client calls.',
            'Token balances change only inside database functions that write the ledger in the same transaction; nobody can edit a balance directly.',
            'Passwords are hashed with argon2id; optional two-factor authentication (TOTP) is available in Settings.',
            'Uploaded files are fingerprinted with SHA-256; asset records are kept in a signed, hash-chained ledger so tampering is detectable.',
            'Sign-in attempts and e-mails are rate-limited.',
          ]}
        />
      </Section>

      <Section title="Processors and transfers">
        <p>
          {name} runs on the operator's own server and database. It embeds no third-party services, so no personal data is
          transferred to other processors, except e-mail delivery through the operator's mail provider. See the{' '}
          <TextLink to="/data-processing-agreement">Data Processing Agreement</TextLink> for business customers.
        </p>
      </Section>

      <Section title="Breach notification">
        <p>
          If a personal-data breach happens, the operator informs the supervisory authority within 72 hours where required and
          tells affected users by e-mail without undue delay.
        </p>
      </Section>

      <Section title="Honest limits">
        <Bullets
          items={[
            'Database backups kept by the operator may hold deleted data until those backups expire under the operator\'s backup schedule.',
            'Copies you shared yourself (a downloaded export, a file you sent someone) are outside our control.',
          ]}
        />
        <p>
          Full details: <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
