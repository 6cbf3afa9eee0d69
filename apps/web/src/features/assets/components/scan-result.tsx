// What a unit's scan shows: brand and verified badge, product, unit status, first scan, scan count,
// and the warnings that suggest a copy. Used by the label page and by /verify.
import { AlertTriangle, BadgeCheck, ShieldAlert } from 'lucide-react';
import type { ScanPage, ScanWarning, UnitStatus } from '@tagledger/functions-api';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { publicImage } from '@/lib/public-image';

/** Brand logos and product pictures are in the public business-media bucket; the page shows them small. */
const BRAND_MEDIA = 'business-media';
const LOGO_PX = 32; // h-8 w-8
const PRODUCT_PX = 96; // h-24 w-24

const STATUS_LABELS: Record<UnitStatus, string> = {
  active: /*i18n*/ 'Genuine, in circulation',
  sold: /*i18n*/ 'Genuine, sold',
  recalled: /*i18n*/ 'Recalled by the brand',
  counterfeit: /*i18n*/ 'Reported counterfeit',
};

const WARNING_TEXTS: Record<ScanWarning, string> = {
  never_issued: /*i18n*/ 'The brand never issued this serial number. This product may be a copy.',
  many_scans:
    /*i18n*/ 'This label was scanned more than 10 times in 24 hours. Labels copied onto fakes are scanned often.',
  many_places: /*i18n*/ 'This label was scanned from many different places today. It may have been copied.',
};

export function ScanResult({ page }: { page: ScanPage }) {
  const counterfeit = page.unit?.status === 'counterfeit';
  return (
    <div className="space-y-4">
      {page.brand ? (
        <p className="flex flex-wrap items-center gap-2 text-lg font-medium text-slate-900" data-testid="unit-brand">
          {page.brand.logo_path ? (
            <img
              {...publicImage(BRAND_MEDIA, page.brand.logo_path, LOGO_PX, 'contain')}
              alt=""
              className="h-8 w-8 rounded object-contain"
            />
          ) : null}
          {page.brand.name}
          {page.brand.verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-sm text-emerald-800">
              <BadgeCheck className="h-4 w-4" aria-hidden="true" /> {i18n._('Verified business')}
            </span>
          ) : null}
        </p>
      ) : null}
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
        <p role="status" className="text-slate-700">
          {i18n._('Several brands use this serial number. Scan the QR code on the label to check it.')}
        </p>
      ) : null}
      {page.unit ? (
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{i18n._('Status')}</dt>
            <dd className={counterfeit ? 'font-semibold text-red-700' : 'text-slate-900'} data-testid="unit-status">
              {counterfeit ? <ShieldAlert className="mr-1 inline h-4 w-4" aria-hidden="true" /> : null}
              {STATUS_LABELS[page.unit.status]}
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
      {page.warnings.map((warning) => (
        <p
          key={warning}
          role="alert"
          className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
          {WARNING_TEXTS[warning]}
        </p>
      ))}
    </div>
  );
}
