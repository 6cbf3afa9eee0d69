// Shapes of the asset feature. Rows read from tables come from the generated Database types; the
// rest describe what the json-returning asset rpcs and functions answer (see migration 20261122000400).
import type { Tables } from '@tagledger/db/types';
import type { AssetKind, AssetStatus, KeysetPage, MediaKind } from '@tagledger/functions-api';

// The shapes the server functions answer are the contract's (@tagledger/functions-api), declared there once.
export type {
  AssetKind,
  AssetStatus,
  Checkpoint,
  LedgerEntry,
  LedgerProof,
  MediaKind,
  PublicAsset,
  PublicMedia,
  Quote,
  QuoteLine,
  VerifyMatch,
  VerifyResult,
} from '@tagledger/functions-api';
export type AssetPrivacy = 'private' | 'public';

export type AssetMedia = Pick<
  Tables<'asset_media'>,
  'id' | 'object_name' | 'mime_type' | 'size_bytes' | 'sha256' | 'duration_seconds'
> & { kind: MediaKind };

export interface AssetFields {
  kind: AssetKind;
  title: string;
  description: string | null;
  tags: string[];
  estimated_value: string | number | null;
  currency: string;
  location: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  location_accuracy_m: number | null;
  location_on_certificate: boolean;
  privacy: AssetPrivacy;
  share_value: boolean;
  share_location: boolean;
  serial_number: string | null;
  make: string | null;
  model: string | null;
  purchase_date: string | null;
  purchase_price: string | number | null;
  asset_url: string | null;
  content_hash: string | null;
  chain: string | null;
  contract_address: string | null;
  token_id: string | null;
  heir_instructions: string | null;
  sku: string | null;
  quantity: number | null;
}

export interface Asset extends AssetFields {
  id: string;
  owner_id: string;
  status: AssetStatus;
  status_changed_at: string | null;
  created_at: string;
  updated_at: string;
  media: AssetMedia[];
}

/** A keyset page (decision 0165): `next` starts the page after; `total` stops counting at 1,000. */
export type Page<T> = KeysetPage<T>;

export type AssetMessage = Pick<
  Tables<'asset_messages'>,
  'id' | 'asset_id' | 'sender_name' | 'message' | 'replied_at' | 'created_at'
>;
