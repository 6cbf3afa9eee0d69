import { Link } from 'react-router';
import { supportEmail } from '@/features/marketing/components/product-name';
import { appConfig } from '@/lib/app-config';

const groups: Array<{ title: string; links: Array<[string, string]> }> = [
  {
    title: 'Use cases',
    links: [
      ['/general-tagging', 'General Tagging'],
      ['/nft-tagging', 'NFT Tagging'],
      ['/mywill-tagging', 'MyWill Tagging'],
      ['/business-tagging', 'Business Tagging'],
      ['/public-assets', 'Public Assets'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
      ['/gdpr-compliance', 'GDPR Compliance'],
      ['/cookie-policy', 'Cookie Policy'],
      ['/data-processing-agreement', 'Data Processing Agreement'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['/documentation', 'Documentation'],
      ['/faq', 'FAQ'],
      ['/about-us', 'About Us'],
      ['/dao', 'DAO'],
      ['/careers', 'Careers'],
    ],
  },
];

/**
 * `roomForBugButton`: the signed-in layout shows the floating "Report a Bug" button at the bottom
 * right; the footer's last row grows by the button's height so, scrolled to the end, the button
 * sits over empty space instead of the footer's text (on phones it would cover links).
 */
export function Footer({ roomForBugButton = false }: { roomForBugButton?: boolean }) {
  const contact = supportEmail();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-semibold text-slate-900">{appConfig.appName}</p>
          <p className="mt-2 text-sm text-slate-600">
            Tag, register and verify your assets. Tamper-evident, signed ledger. GDPR compliant.
          </p>
          <p className="mt-4 text-sm">
            <a className="text-blue-700 underline-offset-2 hover:underline" href={`mailto:${contact}`}>
              Contact us: {contact}
            </a>
          </p>
        </div>
        {groups.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="text-sm font-semibold text-slate-900">{g.title}</h2>
            <ul className="mt-3 space-y-2">
              {g.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="text-sm text-slate-600 hover:text-slate-900 hover:underline">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`border-t border-slate-100 pt-4 text-center text-xs text-slate-500 ${roomForBugButton ? 'pb-24' : 'pb-4'}`}>
        © {new Date().getFullYear()} {appConfig.appName}
      </div>
    </footer>
  );
}
