import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { dataInventory } from '../content/data-inventory';
import { LEGAL_UPDATED } from '../content/updated';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function GdprCompliancePage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('GDPR Compliance')}
      description={i18n._(
        'How {name} meets the GDPR: self-service export and deletion, data minimisation, no third-party trackers, and security in the database.',
        { name },
      )}
      lead={i18n._('The rights the GDPR gives you are built into {name} as buttons, not as e-mail requests.', { name })}
      updated={LEGAL_UPDATED}
    >
      <Section title={i18n._('Your rights, in the product')}>
        <FactTable
          caption={i18n._('GDPR rights and where to exercise them')}
          head={[i18n._('Right'), 'How']}
          rows={[
            [
              i18n._('Access and portability (Art. 15, 20)'),
              i18n._('Settings → Export my data: a machine-readable JSON file with everything held about you.'),
            ],
            [
              i18n._('Rectification (Art. 16)'),
              i18n._('Profile page: name, phone, country, bio, avatar, e-mail address and password.'),
            ],
            [
              i18n._('Erasure (Art. 17)'),
              i18n._(
                'Settings → Delete account: removes your records and stored files immediately, after you confirm with your password.',
              ),
            ],
            [
              i18n._('Restriction and objection (Art. 18, 21)'),
              i18n._('Notification e-mails can be switched off in Settings; anything else: {mail}.', { mail }),
            ],
            [
              i18n._('Withdraw consent (Art. 7)'),
              i18n._('Settings: cookie, analytics and news choices take effect at once.'),
            ],
          ]}
        />
      </Section>

      <Section title={i18n._('Data minimisation')}>
        <p>{i18n._('We collect only the data in this list, each for a stated purpose:')}</p>
        <Bullets
          items={dataInventory.map((d) =>
            i18n._('{what}: {retention}', { what: i18n._(d.what), retention: i18n._(d.retention) }),
          )}
        />
      </Section>

      <Section title={i18n._('Security of processing (Art. 32)')}>
        <Bullets
          items={[
            i18n._(
              'Access rules live in the database (row-level security): a user can read and change only their own rows, whichever client calls.',
            ),
            i18n._(
              'Token balances change only inside database functions that write the ledger in the same transaction; nobody can edit a balance directly.',
            ),
            i18n._(
              'Passwords are hashed with argon2id; optional two-factor authentication (TOTP) is available in Settings.',
            ),
            i18n._(
              'Uploaded files are fingerprinted with SHA-256; asset records are kept in a signed, hash-chained ledger so tampering is detectable.',
            ),
            i18n._('Sign-in attempts and e-mails are rate-limited.'),
          ]}
        />
      </Section>

      <Section title={i18n._('Processors and transfers')}>
        <p>
          {name}{' '}
          {i18n._(
            "runs on the operator's own server and database. It embeds no third-party services, so no personal data is transferred to other processors, except e-mail delivery through the operator's mail provider. See the",
          )}{' '}
          <TextLink to={paths.dataProcessingAgreement}>{i18n._('Data Processing Agreement')}</TextLink>{' '}
          {i18n._('for business customers.')}
        </p>
      </Section>

      <Section title={i18n._('Breach notification')}>
        <p>
          {i18n._(
            'If a personal-data breach happens, the operator informs the supervisory authority within 72 hours where required and tells affected users by e-mail without undue delay.',
          )}
        </p>
      </Section>

      <Section title={i18n._('Honest limits')}>
        <Bullets
          items={[
            i18n._(
              "Database backups kept by the operator may hold deleted data until those backups expire under the operator's backup schedule.",
            ),
            i18n._(
              'Copies you shared yourself (a downloaded export, a file you sent someone) are outside our control.',
            ),
          ]}
        />
        <p>
          {i18n._('Full details:')} <TextLink to={paths.privacyPolicy}>{i18n._('Privacy Policy')}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
