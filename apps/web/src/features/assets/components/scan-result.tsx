// What a unit's scan shows: brand and verified badge, product, unit status, first scan, scan count,
// and the warnings that suggest a copy, each saying what it means. A GTIN no verified brand holds
// here is said to be unknown, not a copy; a serial several brands issued lists every candidate
// brand, verified first (decision 0140). Used by the label page and by /verify.
import type { ReactNode } from 'react';
import { AlertTriangle, BadgeCheck, Info, ShieldAlert } from 'lucide-react';
import type { ScanBrand, ScanCandidate, ScanPage, ScanWarning } from '@tagledger/functions-api';
import { i18n } from '@/lib/i18n/i18n';
import { unitStatusLabel } from '@/lib/labels/units';
import { formatDate } from '@/lib/i18n/format';
import { publicImage } from '@/lib/public-image';

/** Brand logos and product pictures are in the public business-media bucket; the page shows them small. */
const BRAND_MEDIA = 'business-media';
const LOGO_PX = 32; // h-8 w-8
const PRODUCT_PX = 96; // h-24 w-24

/** Each warning: what was seen, then what it means for the person holding the item. */
const WARNING_TEXTS: Record<Exclude<ScanWarning, 'shared_serial'>, { title: string; meaning: string }> = {
  never_issued: {
    title: /*i18n*/ 'The brand never issued this serial number. This product may be a copy.',
    meaning:
      /*i18n*/ 'The brand that holds this barcode has no item with this serial number. Check the serial on the label; if it is right, ask the seller or the brand before you trust the item.',
  },
  many_scans: {
    title: /*i18n*/ 'More than 10 different people scanned this label in the last 24 hours.',
    meaning:
      /*i18n*/ 'A genuine item is rarely checked that often, while a label copied onto many fakes is scanned wherever they are sold. We count different people (by their network), not page loads. This is a signal, not a verdict: moderators review it, and an item bought from the brand or an authorised seller is most likely genuine.',
  },
  many_places: {
    title: /*i18n*/ 'Five or more different people scanned this label in the last 24 hours.',
    meaning:
      /*i18n*/ 'This can mean the label was copied onto other items. We count different people (by their network), not page loads. This is a signal, not a verdict: if you bought the item from the brand or an authorised seller, it is most likely genuine.',
  },
};

function BrandLine({ brand, testId }: { brand: ScanBrand; testId?: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-lg font-medium text-slate-900" data-testid={testId}>
      {brand.logo_path ? (
        <img
          {...publicImage(BRAND_MEDIA, brand.logo_path, LOGO_PX, 'contain')}
          alt=""
          className="h-8 w-8 rounded object-contain"
        />
      ) : null}
      {brand.name}
      {brand.verified ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-sm text-emerald-800">
          <BadgeCheck className="h-4 w-4" aria-hidden="true" /> {i18n._('Verified business')}
        </span>
      ) : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700">{i18n._('Not verified')}</span>
      )}
    </p>
  );
}

function Alert({ tone, title, children }: { tone: 'warning' | 'info'; title: string; children?: ReactNode }) {
  const Icon = tone === 'warning' ? AlertTriangle : Info;
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'status'}
      className={
        tone === 'warning'
          ? 'flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900'
          : 'flex gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800'
      }
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** A serial several brands issued: every one of them, verified first (the server's order). */
function Candidates({ candidates }: { candidates: ScanCandidate[] }) {
  return (
    <div className="space-y-3" data-testid="unit-candidates">
      <Alert tone="warning" title={i18n._('Several brands issued this serial number.')}>
        <p>
          {i18n._(
            'We cannot tell from the serial alone whose item this is. Compare the brand and product on the item with the list below. If its label has a QR code, scan it: the code names the product as well as the serial.',
          )}
        </p>
      </Alert>
      <ul className="space-y-3">
        {candidates.map((c, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3" data-testid="unit-candidate">
            <BrandLine brand={c.brand} />
            <p className="mt-1 text-slate-800">{c.product.name}</p>
            <p className="mt-1 text-sm text-slate-600">
              {c.product.gtin ? `${i18n._('GTIN {gtin}', { gtin: c.product.gtin })} · ` : ''}
              {unitStatusLabel(c.unit.status)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ScanResult({ page }: { page: ScanPage }) {
  const counterfeit = page.unit?.status === 'counterfeit';
  const warnings = page.warnings.filter((w): w is Exclude<ScanWarning, 'shared_serial'> => w !== 'shared_serial');
  return (
    <div className="space-y-4">
      {page.unknown_gtin ? (
        <Alert
          tone="info"
          title={i18n._('No verified brand holds this barcode number here, so we cannot check this product.')}
        >
          <p data-testid="unit-unknown-gtin">
            {i18n._(
              'This does not mean the product is a copy: its brand may not use this site, or has not proven yet that it owns the barcode (GTIN {gtin}). Ask the seller or the brand.',
              { gtin: page.gtin ?? '' },
            )}
          </p>
        </Alert>
      ) : null}
      {page.brand ? <BrandLine brand={page.brand} testId="unit-brand" /> : null}
      {page.product ? (
        <div className="flex gap-3">
          {page.product.image_path ? (
            <img
              {...publicImage(BRAND_MEDIA, page.product.image_path, PRODUCT_PX)}
              alt={page.product.name}
              className="h-24 w-24 shrink-0 rounded border border-slate-200 object-cover"
            />
          ) : null}
          <div>
            <p className="text-slate-800">{page.product.name}</p>
            {page.product.description ? (
              <p className="mt-1 text-sm text-slate-600">{page.product.description}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      {page.product?.status === 'recalled' ? (
        <p
          role="alert"
          className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="product-recalled"
        >
          <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          {i18n._('This product is recalled. Stop using it and contact the brand.')}
        </p>
      ) : null}
      {page.ambiguous ? (
        page.candidates?.length ? (
          <Candidates candidates={page.candidates} />
        ) : (
          <p role="status" className="text-slate-700">
            {i18n._('Several brands use this serial number. Scan the QR code on the label to check it.')}
          </p>
        )
      ) : null}
      {page.unit ? (
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{i18n._('Status')}</dt>
            <dd className={counterfeit ? 'font-semibold text-red-700' : 'text-slate-900'} data-testid="unit-status">
              {counterfeit ? <ShieldAlert className="mr-1 inline h-4 w-4" aria-hidden="true" /> : null}
              {unitStatusLabel(page.unit.status)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{i18n._('First scanned')}</dt>
            <dd className="text-slate-900">{formatDate(page.unit.first_scan_at)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{i18n._('Scans')}</dt>
            <dd className="text-slate-900" data-testid="unit-scan-count">
              {page.unit.scan_count}
            </dd>
          </div>
        </dl>
      ) : null}
      {warnings.map((warning) => (
        <Alert key={warning} tone="warning" title={i18n._(WARNING_TEXTS[warning].title)}>
          <p data-testid={`warning-${warning}`}>{i18n._(WARNING_TEXTS[warning].meaning)}</p>
        </Alert>
      ))}
    </div>
  );
}
