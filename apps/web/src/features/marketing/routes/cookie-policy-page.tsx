import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';
import { LEGAL_UPDATED } from '../content/updated';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function CookiePolicyPage() {
  const name = productName();
  return (
    <TextPage
      title={i18n._('Cookie Policy')}
      description={i18n._(
        '{name} sets no tracking cookies. This page lists exactly what the app keeps in your browser and why.',
        { name },
      )}
      lead={i18n._(
        '{name} uses no tracking or advertising cookies. What it does keep in your browser is listed below.',
        { name },
      )}
      updated={LEGAL_UPDATED}
    >
      <Section title={i18n._('What is kept in your browser')}>
        <FactTable
          caption={i18n._('Browser storage used by the app')}
          head={['Item', 'Purpose', 'Lifetime']}
          rows={[
            [
              i18n._('Sign-in session (localStorage, key starting with "sb-")'),
              i18n._('Your access and refresh tokens, so you stay signed in between visits. Strictly necessary.'),
              i18n._('Until you sign out; signing out clears it.'),
            ],
            [
              i18n._('Sign-in code verifier (localStorage)'),
              'A one-time random value that protects the e-mail confirmation and sign-in links (PKCE). Strictly necessary.',
              i18n._('Removed once the link has been used.'),
            ],
            [
              i18n._('Referral code and landing page (sessionStorage)'),
              i18n._(
                'If you arrived through a referral link or a use-case page, the code and page name are kept until you sign up, so the right person is credited and you land on the right screen.',
              ),
              i18n._('Until the browser tab is closed or you sign out.'),
            ],
            [
              i18n._('Interface language (cookie "tagledger-locale", and localStorage "tagledger.locale")'),
              i18n._(
                'English or French, as you chose it or as your account stores it, so that every page is sent in your language from the start. It holds nothing else. Strictly necessary.',
              ),
              i18n._('One year after your last change of language, or until you sign out.'),
            ],
            [
              i18n._('Tagging draft (IndexedDB)'),
              i18n._(
                'If you start tagging before signing in, your photos and form stay in this browser so nothing is lost while you create an account. They are not sent anywhere until you save the asset.',
              ),
              i18n._('Until the asset is saved or you discard the draft.'),
            ],
          ]}
        />
        <p>
          {i18n._(
            'Signing out clears localStorage, sessionStorage and the language cookie for this site. Because everything above is strictly necessary to provide the service you ask for, no consent banner is shown. The language cookie is the only cookie: the app writes it, and the server only reads it.',
          )}
        </p>
      </Section>

      <Section title={i18n._('What is not used')}>
        <Bullets
          items={[
            i18n._('No analytics cookies or scripts (no Google Analytics or similar).'),
            i18n._('No advertising or social-media pixels.'),
            i18n._('No third-party fonts or CDNs that could see your visit.'),
          ]}
        />
      </Section>

      <Section title={i18n._('Your choices')}>
        <p>
          {i18n._('In')} <TextLink to={paths.settings}>{i18n._('Settings')}</TextLink>{' '}
          {i18n._('you can record whether you accept optional cookies and anonymous usage statistics.')} {name}{' '}
          {i18n._(
            'currently uses neither; your choice is stored with your account and will be respected if the operator ever adds them, and this page will be updated first.',
          )}
        </p>
        <p>
          {i18n._(
            "You can also clear the app's storage at any time from your browser's site settings; you will then be signed out.",
          )}
        </p>
      </Section>
    </TextPage>
  );
}
