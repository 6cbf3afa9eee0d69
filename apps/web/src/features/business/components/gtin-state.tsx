// Whether a product's GTIN is the business's own on scan pages (decision 0140): a verified GS1
// prefix of the business covers it (labels show the brand as genuine), none does yet (labels say
// no verified brand holds the barcode), or the GTIN was taken from the product, with the reason.
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n/i18n';
import type { Gs1Prefix } from '../api/gs1-prefixes';
import type { Product } from '../api/products';
import { gtinUnderPrefix } from '../lib/gs1-prefix';

type GtinFields = Pick<Product, 'gtin' | 'released_gtin' | 'gtin_released_reason'>;
export type GtinStateKind = 'verified' | 'unverified' | 'check_digit' | 'duplicate' | 'other_prefix' | 'none';

export function gtinState(product: GtinFields, prefixes: Gs1Prefix[]): GtinStateKind {
  if (product.gtin) {
    const covered = prefixes.some((p) => p.status === 'verified' && gtinUnderPrefix(product.gtin!, p.prefix));
    return covered ? 'verified' : 'unverified';
  }
  return product.gtin_released_reason ?? 'none';
}

const BADGES: Record<Exclude<GtinStateKind, 'none'>, { tone: 'success' | 'warning' | 'danger'; label: string }> = {
  verified: { tone: 'success', label: /*i18n*/ 'Verified' },
  unverified: { tone: 'warning', label: /*i18n*/ 'Not verified' },
  check_digit: { tone: 'danger', label: /*i18n*/ 'Not a valid GTIN' },
  duplicate: { tone: 'warning', label: /*i18n*/ 'On hold' },
  other_prefix: { tone: 'danger', label: /*i18n*/ 'Taken back' },
};

/** The short form, for the products table. */
export function GtinBadge({ product, prefixes }: { product: GtinFields; prefixes: Gs1Prefix[] }) {
  const state = gtinState(product, prefixes);
  if (state === 'none') return null;
  return (
    <Badge tone={BADGES[state].tone} data-testid="gtin-state">
      {i18n._(BADGES[state].label)}
    </Badge>
  );
}

/** The long form, on the product page: what the state means and what to do. */
export function GtinNotice({ product, prefixes }: { product: GtinFields; prefixes: Gs1Prefix[] }) {
  const state = gtinState(product, prefixes);
  if (state === 'none') return null;
  const gtin = product.gtin ?? product.released_gtin ?? '';
  const text = {
    verified: i18n._('A verified GS1 prefix of yours covers GTIN {gtin}: its labels show your brand as genuine.', {
      gtin,
    }),
    unverified: i18n._(
      'No verified GS1 prefix of yours covers GTIN {gtin} yet: scans of its labels say that no verified brand holds the barcode. Declare your prefix on your brand profile.',
      { gtin },
    ),
    check_digit: i18n._(
      'GTIN {gtin} was removed from this product: its check digit is wrong, so it is not a valid barcode number.',
      { gtin },
    ),
    duplicate: i18n._(
      'GTIN {gtin} is on hold: another product had the same number. It comes back to this product when a GS1 prefix of yours covering it is verified.',
      { gtin },
    ),
    other_prefix: i18n._(
      'GTIN {gtin} was taken back from this product: it lies under a GS1 prefix verified for another business.',
      { gtin },
    ),
  }[state];
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      data-testid="gtin-notice"
    >
      <Badge tone={BADGES[state].tone}>{i18n._(BADGES[state].label)}</Badge>
      <span>{text}</span>
      {state === 'unverified' || state === 'duplicate' ? (
        <Link to={paths.businessProfile} className="text-blue-700 underline">
          {i18n._('Brand profile')}
        </Link>
      ) : null}
    </div>
  );
}
