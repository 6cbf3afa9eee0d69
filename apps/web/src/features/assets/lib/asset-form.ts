// The asset form's model: its values (every field a string, empty for none), the empty form, the
// checks before anything is sent, and the conversions to the server's payload and from an asset.
import type { Asset, AssetKind } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';

export interface AssetFormValues {
  kind: AssetKind;
  title: string;
  description: string;
  tags: string[];
  estimated_value: string;
  currency: string;
  location: string;
  /** Where it is kept, from the browser when the owner asked (never automatically). */
  location_latitude: number | null;
  location_longitude: number | null;
  location_accuracy_m: number | null;
  /** The owner's choice to print the place on the certificate. */
  location_on_certificate: boolean;
  privacy: 'private' | 'public';
  share_value: boolean;
  share_location: boolean;
  serial_number: string;
  make: string;
  model: string;
  purchase_date: string;
  purchase_price: string;
  asset_url: string;
  content_hash: string;
  chain: string;
  contract_address: string;
  token_id: string;
  heir_instructions: string;
  sku: string;
  quantity: string;
}

export const EMPTY_ASSET_FORM: AssetFormValues = {
  kind: 'general',
  title: '',
  description: '',
  tags: [],
  estimated_value: '',
  currency: 'GBP',
  location: '',
  location_latitude: null,
  location_longitude: null,
  location_accuracy_m: null,
  location_on_certificate: false,
  privacy: 'private',
  share_value: false,
  share_location: false,
  serial_number: '',
  make: '',
  model: '',
  purchase_date: '',
  purchase_price: '',
  asset_url: '',
  content_hash: '',
  chain: '',
  contract_address: '',
  token_id: '',
  heir_instructions: '',
  sku: '',
  quantity: '',
};

export type AssetFormErrors = Partial<Record<keyof AssetFormValues, string>>;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

export function validateAssetForm(v: AssetFormValues): AssetFormErrors {
  const e: AssetFormErrors = {};
  if (!v.title.trim()) e.title = i18n._('Title is required');
  else if (v.title.trim().length > 200) e.title = i18n._('The title must be at most 200 characters');
  if (v.estimated_value && !MONEY.test(v.estimated_value.trim()))
    e.estimated_value = i18n._('Enter an amount like 120.50');
  if (v.purchase_price && !MONEY.test(v.purchase_price.trim()))
    e.purchase_price = i18n._('Enter an amount like 120.50');
  if (!/^[A-Za-z]{3}$/.test(v.currency.trim())) e.currency = i18n._('Use a 3-letter currency code, e.g. GBP');
  if (v.asset_url && !/^(https?|ipfs|ar):\/\//i.test(v.asset_url.trim()))
    e.asset_url = i18n._('The URL must start with https://, ipfs:// or ar://');
  if (v.quantity && !/^\d{1,9}$/.test(v.quantity.trim())) e.quantity = i18n._('Enter a whole number');
  if (Array.from(v.location.trim()).length > 300) e.location = i18n._('The place must be at most 300 characters');
  const lat = v.location_latitude;
  const lng = v.location_longitude;
  if ((lat === null) !== (lng === null)) e.location_latitude = i18n._('The position needs a latitude and a longitude');
  else if (lat !== null && (!Number.isFinite(lat) || lat < -90 || lat > 90))
    e.location_latitude = i18n._('The latitude must be between -90 and 90');
  else if (lng !== null && (!Number.isFinite(lng) || lng < -180 || lng > 180))
    e.location_latitude = i18n._('The longitude must be between -180 and 180');
  else if (v.location_accuracy_m !== null && (v.location_accuracy_m < 0 || v.location_accuracy_m > 100_000))
    e.location_latitude = i18n._('The position is too imprecise (over 100 km): try again outdoors');
  if (v.kind === 'legacy' && v.privacy === 'public') e.privacy = i18n._('Will and legacy assets are always private');
  return e;
}

/** The payload register-asset and updates expect: empty strings become null, kind-specific fields only for that kind. */
export function toAssetPayload(v: AssetFormValues) {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  const isKind = (k: AssetKind) => v.kind === k;
  return {
    kind: v.kind,
    title: v.title.trim(),
    description: text(v.description),
    tags: v.tags,
    estimated_value: text(v.estimated_value),
    currency: v.currency.trim().toUpperCase() || 'GBP',
    location: text(v.location),
    location_latitude: v.location_latitude,
    location_longitude: v.location_latitude === null ? null : v.location_longitude,
    location_accuracy_m: v.location_latitude === null ? null : v.location_accuracy_m,
    location_on_certificate: v.location_on_certificate,
    privacy: v.kind === 'legacy' ? 'private' : v.privacy,
    share_value: v.share_value,
    share_location: v.share_location,
    serial_number: isKind('legacy') ? null : text(v.serial_number),
    make: isKind('general') ? text(v.make) : null,
    model: isKind('general') ? text(v.model) : null,
    purchase_date: isKind('general') ? text(v.purchase_date) : null,
    purchase_price: isKind('general') ? text(v.purchase_price) : null,
    asset_url: isKind('digital') ? text(v.asset_url) : null,
    content_hash: isKind('digital') ? text(v.content_hash) : null,
    chain: isKind('digital') ? text(v.chain) : null,
    contract_address: isKind('digital') ? text(v.contract_address) : null,
    token_id: isKind('digital') ? text(v.token_id) : null,
    heir_instructions: isKind('legacy') ? text(v.heir_instructions) : null,
    sku: isKind('business') ? text(v.sku) : null,
    quantity: isKind('business') && v.quantity.trim() ? Number(v.quantity) : null,
  } as const;
}

export function toFormValues(a: Asset): AssetFormValues {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    kind: a.kind,
    title: a.title,
    description: s(a.description),
    tags: a.tags ?? [],
    estimated_value: s(a.estimated_value),
    currency: a.currency,
    location: s(a.location),
    location_latitude: a.location_latitude,
    location_longitude: a.location_longitude,
    location_accuracy_m: a.location_accuracy_m,
    location_on_certificate: a.location_on_certificate,
    privacy: a.privacy,
    share_value: a.share_value,
    share_location: a.share_location,
    serial_number: s(a.serial_number),
    make: s(a.make),
    model: s(a.model),
    purchase_date: s(a.purchase_date),
    purchase_price: s(a.purchase_price),
    asset_url: s(a.asset_url),
    content_hash: s(a.content_hash),
    chain: s(a.chain),
    contract_address: s(a.contract_address),
    token_id: s(a.token_id),
    heir_instructions: s(a.heir_instructions),
    sku: s(a.sku),
    quantity: s(a.quantity),
  };
}
