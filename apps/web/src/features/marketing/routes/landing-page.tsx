// The home page. Kept deliberately light (budget: ≤ 100 KB gzip of JS for `/`, Lighthouse ≥ 95):
// semantic HTML and Tailwind only, no images but a tiny inline SVG, no extra libraries.
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { CtaButtons } from '../components/cta';
import { LandingSection, NumberedSteps } from '../components/landing-sections';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

const useCases = [
  {
    to: paths.generalTagging,
    title: /*i18n*/ 'Everyday belongings',
    text: /*i18n*/ 'Bikes, laptops, jewellery: a dated record with photos and receipts.',
  },
  {
    to: paths.nftTagging,
    title: /*i18n*/ 'Digital art and NFTs',
    text: /*i18n*/ 'Fingerprint the original file and keep its provenance.',
  },
  {
    to: paths.mywillTagging,
    title: /*i18n*/ 'Will and legacy',
    text: /*i18n*/ 'An inventory of what you leave, and who should know.',
  },
  {
    to: paths.businessTagging,
    title: /*i18n*/ 'Businesses',
    text: /*i18n*/ 'Serial numbers anyone can verify, and a tagged inventory.',
  },
];

function ShieldMark() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="h-40 w-40 text-blue-600 sm:h-56 sm:w-56">
      <path d="M32 4 8 14v16c0 15 10 26 24 30 14-4 24-15 24-30V14L32 4Z" fill="currentColor" opacity="0.12" />
      <path
        d="M32 4 8 14v16c0 15 10 26 24 30 14-4 24-15 24-30V14L32 4Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="m21 33 8 8 15-17"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default function LandingPage() {
  const name = productName();
  const [params] = useSearchParams();
  const ref = params.get('ref');

  // SPEC §2: the app layout logs and remembers a ?ref code; the links below also carry it on.
  return (
    <div>
      <PageMeta
        title={i18n._('Tag, register and prove what you own')}
        description={i18n._(
          '{name} keeps a dated, tamper-evident record of your belongings, digital works and products, with next of kin and serial-number verification. Private by default.',
          { name },
        )}
      />
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid grid-cols-1 max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[1fr_auto]">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {i18n._('Own it. Prove it. Pass it on.')}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">
              {name}{' '}
              {i18n._(
                'registers the things you own — with photos, videos or documents, a fingerprint of every file and a date — so you can prove ownership, let buyers verify a product by its serial number, and tell your next of kin what you have.',
              )}
            </p>
            <div className="mt-8">
              <CtaButtons />
            </div>
            <p className="mt-4 text-sm text-slate-600">
              {i18n._('Free account with a sign-up bonus in TMT credits. No ads, no trackers.')}
            </p>
          </div>
          <div className="hidden justify-center md:flex">
            <ShieldMark />
          </div>
        </div>
      </section>

      <LandingSection id="how" title={i18n._('How it works')} width="6xl">
        <NumberedSteps
          steps={[
            {
              title: i18n._('Capture'),
              text: i18n._(
                'Photograph the item, record a short video, or upload a PDF such as a receipt or certificate.',
              ),
            },
            {
              title: i18n._('Fingerprint and record'),
              text: i18n._(
                'Each file gets a SHA-256 fingerprint; the asset goes into a signed, hash-chained ledger with a timestamp.',
              ),
            },
            {
              title: i18n._('Use it'),
              text: i18n._(
                'Show it to an insurer or buyer, make it public, or name the next of kin who should know about it.',
              ),
            },
          ]}
          columns="md:grid-cols-3"
          cardClassName="rounded-lg border border-slate-200 p-5"
        />
      </LandingSection>

      <LandingSection id="uses" title={i18n._('What people tag')} width="6xl" band>
        <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {useCases.map((u) => (
            <li key={u.to}>
              <Link
                to={ref ? `${u.to}?ref=${encodeURIComponent(ref)}` : u.to}
                className="block h-full rounded-lg bg-white p-5 shadow-sm hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <h3 className="font-semibold text-blue-700">{i18n._(u.title)}</h3>
                <p className="mt-1 text-slate-700">{i18n._(u.text)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="trust" title={i18n._('Built to be trusted')} width="6xl">
        <dl className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
          <div>
            <dt className="font-semibold text-slate-900">{i18n._('Tamper-evident, honestly')}</dt>
            <dd className="mt-1 text-slate-700">
              {i18n._(
                'Records are hash-chained and signed by the server, so changes are detectable. It is not a public blockchain — which is also why you can delete your data.',
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{i18n._('Private by default')}</dt>
            <dd className="mt-1 text-slate-700">
              {i18n._(
                'Assets are visible only to you until you make them public. No analytics, no third-party scripts.',
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{i18n._('Check any product')}</dt>
            <dd className="mt-1 text-slate-700">
              {i18n._('Businesses register serial numbers; anyone can verify them without an account.')}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{i18n._('Your data, your call')}</dt>
            <dd className="mt-1 text-slate-700">
              {i18n._('Export everything as JSON or delete your account yourself, from Settings. See the')}{' '}
              <Link to={paths.privacyPolicy} className="text-blue-700 underline">
                {i18n._('Privacy Policy')}
              </Link>
              .
            </dd>
          </div>
        </dl>
      </LandingSection>
    </div>
  );
}
