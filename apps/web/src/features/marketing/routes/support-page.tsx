import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function SupportPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('Support')}
      description={i18n._(
        'Get help with {name}: report a bug from inside the app, e-mail support, or fix common sign-in and tagging problems yourself.',
        { name },
      )}
      lead={i18n._('The fastest way to get something fixed is to report it from the page where it happened.')}
    >
      <Section title={i18n._('Report a problem from the app')}>
        <p>
          {i18n._('When you are signed in, the')} <strong>{i18n._('Report a Bug')}</strong>{' '}
          {i18n._(
            'button at the bottom of every page opens a short form. It attaches a screenshot of the page and its last console messages, so we can see what you saw. Nothing is sent until you press Submit.',
          )}
        </p>
      </Section>

      <Section title={i18n._('Write to us')}>
        <p>
          {i18n._('E-mail')} <TextLink to={`mailto:${mail}`}>{mail}</TextLink>
          {i18n._(
            '. Please say which page you were on and what you expected. Never send your password: nobody at',
          )}{' '}
          {name} {i18n._('will ever ask for it.')}
        </p>
      </Section>

      <Section title={i18n._('Fix it yourself')}>
        <Bullets
          items={[
            <>
              <strong>{i18n._('No confirmation e-mail?')}</strong> {i18n._('Check spam, then use')}{' '}
              <TextLink to={paths.checkEmail}>{i18n._('Resend confirmation')}</TextLink>.
            </>,
            <>
              <strong>{i18n._('Forgot your password?')}</strong> {i18n._('Use')}{' '}
              <TextLink to={paths.forgotPassword}>{i18n._('Reset password')}</TextLink>
              {i18n._('; the link works once.')}
            </>,
            <>
              <strong>{i18n._('Lost your authenticator app?')}</strong>{' '}
              {i18n._(
                "Two-factor authentication cannot be bypassed by the app; write to support from your account's e-mail address so an administrator can verify you.",
              )}
            </>,
            <>
              <strong>{i18n._('Not enough TMT to tag?')}</strong> {i18n._('Your')}{' '}
              <TextLink to={paths.wallet}>{i18n._('wallet')}</TextLink>{' '}
              {i18n._('shows your balance and history; invite friends from')}{' '}
              <TextLink to={paths.referrals}>{i18n._('Referrals')}</TextLink> {i18n._('to earn more.')}
            </>,
            <>
              <strong>{i18n._('Want your data or to leave?')}</strong>{' '}
              {i18n._('Settings has Export my data and Delete account.')}
            </>,
          ]}
        />
      </Section>

      <Section title={i18n._('More answers')}>
        <p>
          {i18n._('See the')} <TextLink to={paths.faq}>{i18n._('FAQ')}</TextLink> {i18n._('and the')}{' '}
          <TextLink to={paths.documentation}>{i18n._('Documentation')}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
