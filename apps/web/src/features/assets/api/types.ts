// Shapes of the asset feature. Rows read from tables come from the generated Database types; the
// rest describe what the json-returning asset rpcs and functions answer (see migration 20261122000400).
import type { Tables } from '@tagledger/db/types';
import type { LedgerCheckpoint, LedgerEntry, Quote, QuoteLine } from '@tagledger/functions-api';

export type AssetKind = 'general' | 'digital' | 'legacy' | 'business';
export type AssetPrivacy = 'private' | 'public';
export type AssetStatus = 'active' | 'lost' | 'stolen';
export type MediaKind = 'photo' | 'video' | 'document';

export type AssetMedia = Pick<
  Tables<'asset_media'>,
  'id' | 'object_name' | 'mime_type' | 'size_bytes' | 'sha256' | 'duration_seconds'
> & { kind: MediaKind };

/** A public asset's file: no object name (it would reveal the owner's id). */
export type PublicMedia = Omit<AssetMedia, 'object_name'>;

export interface AssetFields {
  kind: AssetKind;
  title: string;
  description: string | null;
  tags: string[];
  estimated_value: string | number | null;
  currency: string;
  location: string | null;
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

export interface Page<T> {
  total: number;
  items: T[];
}

// The price, the checkpoint and the public chain's entry are shapes of the functions' contract.
export type { LedgerEntry, Quote, QuoteLine };
export type Checkpoint = Omit<LedgerCheckpoint, 'entry_created_at'>;

/** An asset's ledger entry as the server checked it, with the checkpoint that covers it. */
export interface LedgerProof extends LedgerEntry {
  registered_seq: number;
  entry_valid: boolean;
  record_matches: boolean;
  checkpoint: Checkpoint | null;
}

export interface PublicAsset {
  id: string;
  kind: AssetKind;
  title: string;
  description: string | null;
  tags: string[];
  status: AssetStatus;
  serial_number: string | null;
  make: string | null;
  model: string | null;
  asset_url: string | null;
  chain: string | null;
  contract_address: string | null;
  token_id: string | null;
  sku: string | null;
  created_at: string;
  estimated_value: string | number | null;
  currency: string | null;
  location: string | null;
  media: PublicMedia[];
  proof?: LedgerProof | null;
}

export interface VerifyMatch {
  source: 'asset';
  asset_id: string;
  kind: AssetKind;
  registered_at: string;
  status: AssetStatus;
  status_changed_at: string | null;
  /** When the asset last changed owner (ledger `transfer`), never who to whom. */
  transferred_at: string | null;
  is_public: boolean;
  title: string | null;
  make: string | null;
  model: string | null;
  serial_number: string | null;
  proof: LedgerProof | null;
}

export interface VerifyResult {
  serial: string;
  normalized: string;
  registered: boolean;
  matches: VerifyMatch[];
  latest_checkpoint: Checkpoint | null;
}

export type AssetMessage = Pick<
  Tables<'asset_messages'>,
  'id' | 'asset_id' | 'sender_name' | 'message' | 'replied_at' | 'created_at'
>;
