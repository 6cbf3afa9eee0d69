import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { dataInventory, thingsWeDoNot } from '../content/data-inventory';
import { LEGAL_UPDATED } from '../content/updated';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function PrivacyPolicyPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('Privacy Policy')}
      description={i18n._(
        'What {name} stores about you, where it is kept, for how long, and how to export or delete it.',
        { name },
      )}
      lead={i18n._(
        '{name} keeps only what it needs to run your account, and you can take it all with you or delete it yourself at any time.',
        { name },
      )}
      updated={LEGAL_UPDATED}
    >
      <Section title={i18n._('Who is responsible')}>
        <p>
          {name}{' '}
          {i18n._(
            'is run by the operator of this website (the "operator"), who is the data controller for the personal data described here. Questions and requests go to',
          )}{' '}
          <TextLink to={`mailto:${mail}`}>{mail}</TextLink>.
        </p>
      </Section>

      <Section title={i18n._('What we store and for how long')}>
        <FactTable
          caption={i18n._('Personal data held, and how long it is kept')}
          head={['Data', i18n._('What exactly'), 'Kept']}
          rows={dataInventory.map((d) => [i18n._(d.what), i18n._(d.detail), i18n._(d.retention)])}
        />
      </Section>

      <Section title={i18n._('Where it is stored')}>
        <p>
          {i18n._(
            "Everything listed above lives in two places on the operator's own server: a PostgreSQL database (records, ledger, settings, sessions) and the server's file storage (avatars, asset media, bug-report screenshots). Uploaded files are fingerprinted with SHA-256 so that any later change to them can be detected.",
          )}
        </p>
        <p>
          {i18n._(
            "E-mails we send you (confirmation, password reset, e-mail change) go out through the operator's mail server. Nothing else leaves the server.",
          )}
        </p>
      </Section>

      <Section title={i18n._('What we do not do')}>
        <Bullets items={thingsWeDoNot.map((t) => i18n._(t))} />
      </Section>

      <Section title={i18n._('Why we process it (legal bases)')}>
        <Bullets
          items={[
            i18n._(
              'To provide the service you signed up for: your account, tags, wallet, referrals and next of kin (performance of a contract).',
            ),
            i18n._(
              'To keep accounts secure: session records, IP addresses and rate-limit counters (legitimate interest in preventing abuse).',
            ),
            i18n._(
              'To fix problems you report: bug reports with screenshots and console logs (your request, and our legitimate interest in a working product).',
            ),
            i18n._(
              'Optional e-mails such as product news are sent only if you switch them on in Settings (consent, withdrawable at any time).',
            ),
          ]}
        />
      </Section>

      <Section title={i18n._('Who can see your data')}>
        <Bullets
          items={[
            i18n._('You, for everything on this page.'),
            i18n._(
              'Administrators of this installation, to run the service: they can see account lists, profiles, wallets and bug reports, and every token adjustment they make is recorded with their id.',
            ),
            i18n._(
              'Anyone, only for the assets you explicitly mark as public and for product serial numbers a business registers for verification. Public pages never show your e-mail.',
            ),
          ]}
        />
      </Section>

      <Section title={i18n._('The asset ledger, honestly')}>
        <p>
          {i18n._('When you tag an asset,')} {name}{' '}
          {i18n._(
            "records it in an append-only ledger: each entry carries the SHA-256 fingerprints of your files and the hash of the entry before it, and is signed with the server's key. That makes later tampering detectable. It is",
          )}{' '}
          <strong>{i18n._('not')}</strong>{' '}
          {i18n._(
            "a public blockchain: the ledger is stored in the operator's database. Ledger entries contain only hashes and ids, never your descriptions or files. When you delete an asset or your account, the asset records and files are deleted; the hash-only entries stay so the chain remains verifiable, but they no longer point to any content or to an existing account.",
          )}
        </p>
      </Section>

      <Section title={i18n._('Your rights and how to use them')}>
        <Bullets
          items={[
            <>
              <strong>{i18n._('Export:')}</strong>{' '}
              {i18n._('Settings → Export my data downloads a JSON file with everything listed above.')}
            </>,
            <>
              <strong>{i18n._('Correct:')}</strong> {i18n._('change your name and personal details on the')}{' '}
              <TextLink to={paths.profile}>{i18n._('Profile')}</TextLink> {i18n._('page.')}
            </>,
            <>
              <strong>{i18n._('Delete:')}</strong>{' '}
              {i18n._(
                'Settings → Delete account removes your account, profile, wallet, ledger, referral links, assets and their files, next of kin and bug reports at once.',
              )}
            </>,
            <>
              <strong>{i18n._('Object or complain:')}</strong> {i18n._('write to')}{' '}
              <TextLink to={`mailto:${mail}`}>{mail}</TextLink>
              {i18n._('; you may also complain to your data protection authority.')}
            </>,
          ]}
        />
      </Section>

      <Section title={i18n._('Cookies and browser storage')}>
        <p>
          {i18n._(
            "We set no tracking cookies. Your sign-in session is kept in your browser's localStorage. Details are in the",
          )}{' '}
          <TextLink to={paths.cookiePolicy}>{i18n._('Cookie Policy')}</TextLink>.
        </p>
      </Section>

      <Section title={i18n._('Children')}>
        <p>
          {name} {i18n._('is not meant for children under 16, and we do not knowingly keep their data.')}
        </p>
      </Section>

      <Section title={i18n._('Changes')}>
        <p>
          {i18n._(
            'If this policy changes, the date at the top changes with it, and significant changes are announced in the News section.',
          )}
        </p>
      </Section>
    </TextPage>
  );
}
