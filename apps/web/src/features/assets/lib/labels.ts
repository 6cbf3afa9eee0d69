import type { AssetKind, AssetStatus } from '../api/types';

export const KIND_LABELS: Record<AssetKind, string> = {
  general: 'General ownership',
  digital: 'Digital asset / NFT',
  legacy: 'Will and legacy',
  business: 'Business inventory',
};

export const KIND_OPTIONS = (Object.keys(KIND_LABELS) as AssetKind[]).map((k) => ({ value: k, label: KIND_LABELS[k] }));

export const STATUS_LABELS: Record<AssetStatus, string> = { active: 'Active', lost: 'Reported lost', stolen: 'Reported stolen' };

export const EVENT_LABELS: Record<string, string> = {
  register: 'Registered',
  edit: 'Edited',
  privacy: 'Privacy changed',
  lost: 'Reported lost',
  stolen: 'Reported stolen',
  found: 'Marked found',
  delete: 'Deleted',
};

export function formatMoney(value: string | number | null | undefined, currency: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency || 'GBP' }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

export function shortHash(h: string | null | undefined): string {
  return h ? `${h.slice(0, 10)}…${h.slice(-6)}` : '';
}
