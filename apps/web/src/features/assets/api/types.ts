// Shapes returned by the asset rpcs and functions (see migration 20261122000400).
export type AssetKind = 'general' | 'digital' | 'legacy' | 'business';
export type AssetPrivacy = 'private' | 'public';
export type AssetStatus = 'active' | 'lost' | 'stolen';
export type MediaKind = 'photo' | 'video' | 'document';

export interface AssetMedia {
  id: string;
  object_name: string;
  kind: MediaKind;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  duration_seconds: number | null;
}

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

export interface QuoteLine {
  item: 'base' | 'photo' | 'document' | 'video';
  label: string;
  count: number;
  amount: number;
  seconds?: number | null;
}

export interface Quote {
  total: number;
  lines: QuoteLine[];
  max_video_seconds: number;
}

export interface Checkpoint {
  seq: number;
  entry_hash: string;
  signature: string;
  key_id: string;
  signed_at: string;
}

/** One entry of the public hash chain; the fields its entry hash is computed from, and the hash. */
export interface LedgerEntry {
  seq: number;
  event: string;
  record_hash: string;
  prev_hash: string;
  entry_hash: string;
  created_at: string;
}

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

export interface AssetMessage {
  id: string;
  asset_id: string;
  sender_name: string | null;
  message: string;
  replied_at: string | null;
  created_at: string;
}
