import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { LEGAL_UPDATED } from '../content/updated';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function TermsOfServicePage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('Terms of Service')}
      description={i18n._(
        'The rules for using {name}: accounts, tagging assets, TMT tokens, business verification and acceptable use.',
        { name },
      )}
      updated={LEGAL_UPDATED}
    >
      <Section title={i18n._('1. The service')}>
        <p>
          {name}{' '}
          {i18n._(
            'lets you register ("tag") physical and digital assets with photos, videos or documents, keep a record of who owns them, name next of kin, and — for business accounts — register products that anyone can check by serial number. By creating an account you accept these terms.',
          )}
        </p>
      </Section>

      <Section title={i18n._('2. Your account')}>
        <Bullets
          items={[
            i18n._(
              'You must give a working e-mail address and keep your password to yourself. We recommend two-factor authentication (Settings).',
            ),
            i18n._('You are responsible for what is done with your account.'),
            i18n._('You can delete your account at any time in Settings; deletion is immediate and cannot be undone.'),
          ]}
        />
      </Section>

      <Section title={i18n._('3. What you tag')}>
        <Bullets
          items={[
            i18n._(
              'You may tag only things you own or are entitled to record, and only content you have the right to upload.',
            ),
            'A tag is your own record with a timestamp and file fingerprints. It is evidence you can show, not a legal title or a certificate issued by a public authority.',
            i18n._('Assets are private unless you mark them public. Public assets can be seen by anyone.'),
          ]}
        />
      </Section>

      <Section title={i18n._('4. TMT tokens')}>
        <Bullets
          items={[
            `TMT is an in-app credit used to pay for actions in ${name}, such as tagging an asset. It is not money, not a cryptocurrency and not an investment; it cannot be withdrawn or exchanged for money.`,
            i18n._(
              'You receive TMT as a sign-up bonus and through referral rewards; administrators may correct balances, and every movement is recorded in your wallet history.',
            ),
            i18n._('Balances are held only in this installation and end when your account is deleted.'),
          ]}
        />
      </Section>

      <Section title={i18n._('5. Business accounts')}>
        <p>
          {i18n._('Business accounts are granted after review by an administrator (see')}{' '}
          <TextLink to={paths.businessUpgrade}>{i18n._('Business accounts')}</TextLink>
          {i18n._(
            '). A business must register only genuine products it is entitled to sell, and the verification page shows the product details it enters.',
          )}
        </p>
      </Section>

      <Section title={i18n._('6. Acceptable use')}>
        <Bullets
          items={[
            i18n._('No unlawful, infringing or abusive content; no content about other people without a lawful basis.'),
            i18n._(
              "No attempts to break, overload or bypass the security of the service, or to access other people's data.",
            ),
            i18n._(
              'No automated sign-ups or abuse of the referral programme. Rewards gained that way may be reversed and accounts banned.',
            ),
          ]}
        />
      </Section>

      <Section title={i18n._('7. Availability and liability')}>
        <p>
          {i18n._('We work to keep')} {name}{' '}
          {i18n._(
            'running and your data safe, but the service is provided as is. Keep your own copies of important documents (Settings → Export my data). Nothing in these terms limits liability that cannot be limited by law.',
          )}
        </p>
      </Section>

      <Section title={i18n._('8. Changes and contact')}>
        <p>
          {i18n._('We announce material changes in the News section before they apply. Questions:')}{' '}
          <TextLink to={`mailto:${mail}`}>{mail}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
