import { i18n } from '@/lib/i18n/i18n';
import { intlLocale } from '@/lib/i18n/format';
import type { AssetKind, AssetStatus } from '../api/types';

export const KIND_LABELS: Record<AssetKind, string> = {
  general: /*i18n*/ 'General ownership',
  digital: /*i18n*/ 'Digital asset / NFT',
  legacy: /*i18n*/ 'Will and legacy',
  business: /*i18n*/ 'Business inventory',
};

export const kindOptions = () =>
  (Object.keys(KIND_LABELS) as AssetKind[]).map((k) => ({ value: k, label: i18n._(KIND_LABELS[k]) }));

export const STATUS_LABELS: Record<AssetStatus, string> = {
  active: /*i18n*/ 'Active',
  lost: /*i18n*/ 'Reported lost',
  stolen: /*i18n*/ 'Reported stolen',
};

export const EVENT_LABELS: Record<string, string> = {
  register: /*i18n*/ 'Registered',
  edit: /*i18n*/ 'Edited',
  privacy: /*i18n*/ 'Privacy changed',
  lost: /*i18n*/ 'Reported lost',
  stolen: /*i18n*/ 'Reported stolen',
  found: /*i18n*/ 'Marked found',
  delete: /*i18n*/ 'Deleted',
  transfer: /*i18n*/ 'Transferred to a new owner',
};

export function formatMoney(
  value: string | number | null | undefined,
  currency: string | null | undefined,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  try {
    return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: currency || 'GBP' }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

export function shortHash(h: string | null | undefined): string {
  return h ? `${h.slice(0, 10)}…${h.slice(-6)}` : '';
}
