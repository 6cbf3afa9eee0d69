import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function DocumentationPage() {
  const name = productName();
  return (
    <TextPage
      title={i18n._('Documentation')}
      description={i18n._(
        'How to use {name}: tagging assets, the TMT wallet, referrals, next of kin, product verification, account security, and running your own server.',
        { name },
      )}
      lead={i18n._('Everything {name} does, one section per feature.', { name })}
    >
      <nav aria-label={i18n._('On this page')} className="rounded-lg bg-slate-50 p-4 text-sm">
        <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {[
            ['start', i18n._('Getting started')],
            ['tag', i18n._('Tagging an asset')],
            ['wallet', i18n._('Wallet and TMT')],
            ['referrals', 'Referrals'],
            ['nok', i18n._('Next of kin')],
            ['verify', i18n._('Product verification')],
            ['security', i18n._('Account security')],
            ['data', i18n._('Your data')],
            ['operators', i18n._('For operators')],
          ].map(([id, label]) => (
            <li key={id}>
              <a className="text-blue-700 underline" href={`#${id}`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section title={i18n._('Getting started')} id="start">
        <Bullets
          items={[
            <>
              <TextLink to={paths.signup}>{i18n._('Create an account')}</TextLink>{' '}
              {i18n._(
                'with your name, e-mail and a password of at least 8 characters that is not a common one and not based on your e-mail address.',
              )}
            </>,
            i18n._('Open the confirmation link we e-mail you. Your wallet is created with a sign-up bonus in TMT.'),
            i18n._('The dashboard shows your balance, recent activity and shortcuts.'),
          ]}
        />
      </Section>

      <Section title={i18n._('Tagging an asset')} id="tag">
        <Bullets
          items={[
            <>
              {i18n._('Go to')} <TextLink to={paths.tag}>{i18n._('Tag Asset')}</TextLink>
              {i18n._(', take or upload photos, a video or a PDF, and describe the asset.')}
            </>,
            i18n._('Choose who may see it: private (default) or public.'),
            i18n._(
              'The cost in TMT is shown before you confirm; it is taken from your wallet only if the asset is saved.',
            ),
            i18n._(
              'Each file gets a SHA-256 fingerprint, and the asset is recorded in the signed, hash-chained ledger.',
            ),
            <>
              {i18n._('Find everything under')} <TextLink to={paths.assets}>{i18n._('My Assets')}</TextLink>.
            </>,
          ]}
        />
      </Section>

      <Section title={i18n._('Wallet and TMT')} id="wallet">
        <p>
          {i18n._('TMT is an in-app credit. The')} <TextLink to={paths.wallet}>{i18n._('Wallet')}</TextLink>{' '}
          {i18n._(
            'shows your balance, totals earned and spent, and the full history, which you can filter and download as CSV. Balances change only through the server\'s ledger functions; a spend that would take you below zero is refused with "Insufficient tokens".',
          )}
        </p>
      </Section>

      <Section title={i18n._('Referrals')} id="referrals">
        <p>
          <TextLink to={paths.referrals}>{i18n._('Referrals')}</TextLink>{' '}
          {i18n._(
            'gives you a personal code and links to each landing page, with a QR code you can download. Rewards are paid once per confirmed new member, to five levels.',
          )}
        </p>
      </Section>

      <Section title={i18n._('Next of kin')} id="nok">
        <p>
          {i18n._('On')} <TextLink to={paths.nok}>{i18n._('NOK')}</TextLink>{' '}
          {i18n._(
            'you keep the people who should receive your assets, with relationship and contact details; only you can see the list. You invite them by e-mail, choose what each receives, and set an inactivity switch that releases it to those who accepted if you stop signing in.',
          )}
        </p>
      </Section>

      <Section title={i18n._('Product verification')} id="verify">
        <p>
          {i18n._('Business accounts register products with serial numbers. Anyone can open')}{' '}
          <code>{i18n._('/verify/<serial number>')}</code>{' '}
          {i18n._('to see whether that serial was registered and by which business. See')}{' '}
          <TextLink to={paths.businessUpgrade}>{i18n._('business accounts')}</TextLink>.
        </p>
      </Section>

      <Section title={i18n._('Account security')} id="security">
        <Bullets
          items={[
            i18n._('Change your password on the Profile page; you must enter the current one.'),
            i18n._('Turn on two-factor authentication (TOTP) in Settings with any authenticator app.'),
            i18n._('Settings lists your active sessions, with the device and IP address, and can sign out all others.'),
          ]}
        />
      </Section>

      <Section title={i18n._('Your data')} id="data">
        <p>
          {i18n._(
            'Settings → Export my data downloads a JSON file; Settings → Delete account removes everything. What is stored and for how long is listed in the',
          )}{' '}
          <TextLink to={paths.privacyPolicy}>{i18n._('Privacy Policy')}</TextLink>.
        </p>
      </Section>

      <Section title={i18n._('For operators')} id="operators">
        <p>
          {name} {i18n._('is one Node server:')} <code>{i18n._('npm ci && npm start')}</code>{' '}
          {i18n._('runs it with an embedded PostgreSQL. Settings come from environment variables:')}
        </p>
        <FactTable
          caption={i18n._('Server settings')}
          head={[i18n._('Variable'), 'Meaning']}
          rows={[
            [i18n._('PORT, HOST'), i18n._('Where the server listens (default 3000 on 127.0.0.1).')],
            [
              i18n._('DATA_DIR'),
              i18n._('Embedded database, signing keys, stored files and mail outbox (default ./data).'),
            ],
            [i18n._('DATABASE_URL'), i18n._('Use this PostgreSQL instead of the embedded database.')],
            [i18n._('SITE_URL'), i18n._('Public address used in e-mailed links.')],
            [
              i18n._('SMTP_URL, MAIL_FROM'),
              i18n._('Send mail over SMTP; without them mail goes to an outbox and a log line.'),
            ],
            [i18n._('ADMIN_EMAIL, ADMIN_PASSWORD'), i18n._('Make sure an administrator account exists at start.')],
            [i18n._('APP_NAME'), i18n._('The product name shown everywhere.')],
          ]}
        />
      </Section>
    </TextPage>
  );
}
