// Asset values stored in the database, as every screen names them: kinds (assets.kind), statuses
// (assets.status) and ledger events (asset_ledger.event). Used by the asset pages, /verify, the
// public pages and the Legacy page (label-of.ts: unknown values fall back to a readable code).
import { i18n } from '@/lib/i18n/i18n';
import { labelOf } from './label-of';

export const ASSET_KIND_LABELS = {
  general: /*i18n*/ 'General ownership',
  digital: /*i18n*/ 'Digital asset / NFT',
  legacy: /*i18n*/ 'Will and legacy',
  business: /*i18n*/ 'Business inventory',
} as const;

export type AssetKindValue = keyof typeof ASSET_KIND_LABELS;

export const ASSET_STATUS_LABELS: Readonly<Record<string, string>> = {
  active: /*i18n*/ 'Active',
  lost: /*i18n*/ 'Reported lost',
  stolen: /*i18n*/ 'Reported stolen',
};

export const ASSET_EVENT_LABELS: Readonly<Record<string, string>> = {
  register: /*i18n*/ 'Registered',
  edit: /*i18n*/ 'Edited',
  privacy: /*i18n*/ 'Privacy changed',
  lost: /*i18n*/ 'Reported lost',
  stolen: /*i18n*/ 'Reported stolen',
  found: /*i18n*/ 'Marked found',
  delete: /*i18n*/ 'Deleted',
  transfer: /*i18n*/ 'Transferred to a new owner',
};

export const assetKindLabel = (kind: string) => labelOf(ASSET_KIND_LABELS, kind);
export const assetStatusLabel = (status: string) => labelOf(ASSET_STATUS_LABELS, status);
export const assetEventLabel = (event: string) => labelOf(ASSET_EVENT_LABELS, event);

/** The kinds as select options, in the reader's language. */
export const assetKindOptions = () =>
  (Object.keys(ASSET_KIND_LABELS) as AssetKindValue[]).map((k) => ({ value: k, label: i18n._(ASSET_KIND_LABELS[k]) }));

/** What /verify says of an item its owner flagged ("Reported stolen by its owner"). */
export function assetReportedByOwner(status: string): string {
  if (status === 'lost') return i18n._('Reported lost by its owner');
  if (status === 'stolen') return i18n._('Reported stolen by its owner');
  return i18n._('Reported by its owner: {status}', { status: assetStatusLabel(status) });
}

/** What /p/:id tells a visitor of an asset its owner flagged. */
export function ownerReportedAsset(status: string): string {
  if (status === 'lost') return i18n._('The owner reported this asset lost.');
  if (status === 'stolen') return i18n._('The owner reported this asset stolen.');
  return i18n._('The owner reported this asset: {status}.', { status: assetStatusLabel(status) });
}

/** What the owner's asset page says of their flagged asset (a date and a sentence follow). */
export function assetIsReported(status: string): string {
  if (status === 'lost') return i18n._('This asset is reported lost');
  if (status === 'stolen') return i18n._('This asset is reported stolen');
  return i18n._('This asset is reported: {status}', { status: assetStatusLabel(status) });
}

/** Kinds of an asset's files (asset_media.kind). */
export const MEDIA_KIND_LABELS: Readonly<Record<string, string>> = {
  photo: /*i18n*/ 'Photo',
  video: /*i18n*/ 'Video',
  document: /*i18n*/ 'Document',
};

export const mediaKindLabel = (kind: string) => labelOf(MEDIA_KIND_LABELS, kind);
