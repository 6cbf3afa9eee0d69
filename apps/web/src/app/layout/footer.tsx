import { paths } from '@/config/paths';
import { Link } from 'react-router';
import { supportEmail } from '@/features/marketing/components/product-name';
import { appConfig } from '@/lib/app-config';
import { LanguageSwitcher } from '@/components/language-switcher';
import { chooseLocale } from '@/features/account/api/language';
import { i18n } from '@/lib/i18n/i18n';

const groups: Array<{ title: string; links: Array<[string, string]> }> = [
  {
    title: /*i18n*/ 'Use cases',
    links: [
      [paths.generalTagging, /*i18n*/ 'General Tagging'],
      [paths.nftTagging, /*i18n*/ 'NFT Tagging'],
      [paths.mywillTagging, /*i18n*/ 'MyWill Tagging'],
      [paths.businessTagging, /*i18n*/ 'Business Tagging'],
      [paths.publicAssets, /*i18n*/ 'Public Assets'],
    ],
  },
  {
    title: /*i18n*/ 'Legal',
    links: [
      [paths.privacyPolicy, /*i18n*/ 'Privacy Policy'],
      [paths.termsOfService, /*i18n*/ 'Terms of Service'],
      [paths.gdprCompliance, /*i18n*/ 'GDPR Compliance'],
      [paths.cookiePolicy, /*i18n*/ 'Cookie Policy'],
      [paths.dataProcessingAgreement, /*i18n*/ 'Data Processing Agreement'],
    ],
  },
  {
    title: /*i18n*/ 'Company',
    links: [
      [paths.documentation, /*i18n*/ 'Documentation'],
      [paths.faq, /*i18n*/ 'FAQ'],
      [paths.aboutUs, /*i18n*/ 'About Us'],
      [paths.dao, /*i18n*/ 'DAO'],
      [paths.careers, /*i18n*/ 'Careers'],
    ],
  },
];

/**
 * `roomForBugButton`: the signed-in layout shows the floating "Report a Bug" button at the bottom
 * right; the footer's last row grows by the button's height so, scrolled to the end, the button
 * sits over empty space instead of the footer's text (on phones it would cover links).
 */
export function Footer({
  roomForBugButton = false,
  userId = null,
}: {
  roomForBugButton?: boolean;
  /** The signed-in user, whose stored language a switch here updates. */
  userId?: string | null;
}) {
  const contact = supportEmail();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-semibold text-slate-900">{appConfig.appName}</p>
          <p className="mt-2 text-sm text-slate-600">
            {i18n._('Tag, register and verify your assets. Tamper-evident, signed ledger. GDPR compliant.')}
          </p>
          <p className="mt-4 text-sm">
            <a className="text-blue-700 underline-offset-2 hover:underline" href={`mailto:${contact}`}>
              {i18n._('Contact us:')} {contact}
            </a>
          </p>
        </div>
        {groups.map((g) => (
          <nav key={g.title} aria-label={i18n._(g.title)}>
            <h2 className="text-sm font-semibold text-slate-900">{i18n._(g.title)}</h2>
            <ul className="mt-3 space-y-2">
              {g.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="text-sm text-slate-600 hover:text-slate-900 hover:underline">
                    {i18n._(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div
        className={`border-t border-slate-100 pt-4 text-center text-xs text-slate-500 ${roomForBugButton ? 'pb-24' : 'pb-4'}`}
      >
        <LanguageSwitcher className="mb-3" onChoose={(locale) => chooseLocale(locale, userId)} />
        <p>
          © {new Date().getFullYear()} {appConfig.appName}
        </p>
      </div>
    </footer>
  );
}
