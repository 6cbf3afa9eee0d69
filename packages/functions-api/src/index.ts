// The wire contract of the server functions (POST /functions/v1/<name>): each function's request
// body and JSON response, and the error body every refusal has. The server's handlers are typed
// against it (ServerFunction<'name'>) and the web app's callFunction() takes its types from it, so
// a change of shape fails the type check on both sides. Besides the types, the few limits both
// sides check: the web app for early feedback, the server (and the database) for real. The server
// runs the compiled copy (dist/, `node --conditions=tagledger-compiled`; scripts/builds.mjs).

export * from './gs1.js';
export * from './title-slug.js';

/** Every refusal: {error: message} with the HTTP status, plus a machine-readable code and extras. */
export interface FunctionErrorBody {
  error: string;
  code?: string;
  [detail: string]: unknown;
}

/** An asset's kind (public.assets.kind): declared here once, for the server and the web app. */
export type AssetKind = 'general' | 'digital' | 'legacy' | 'business';
/** public.assets.status. */
export type AssetStatus = 'active' | 'lost' | 'stolen';
/** public.asset_media.kind. */
export type MediaKind = 'photo' | 'video' | 'document';

/** Who takes a purchase's money (public.token_purchases.provider). */
export type PaymentProviderName = 'stripe' | 'paystack' | 'mtn_momo';

/** A payment provider this server offers, as /config.json lists it: 'package' = each package's own currency. */
export interface OfferedProvider {
  name: PaymentProviderName;
  currencies: string[] | 'package';
}

/** A token purchase's status (public.token_purchases.status). */
export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded' | 'disputed';

/** Files one asset may hold (register-asset and add-asset-media refuse more). */
export const MAX_FILES_PER_ASSET = 20;

/**
 * The longest video priced: the top tier of public.asset_video_pricing (seeded in
 * 20261122000400_create_assets.sql; the database refuses longer videos when it prices them, and
 * the server's test checks the tier and this constant agree). The camera stops recording here.
 */
export const MAX_VIDEO_SECONDS = 120;

/** Largest upload per kind of file, in bytes (the storage bucket and register_asset hold the same). */
export const MAX_MEDIA_BYTES = {
  photo: 15 * 1024 * 1024,
  document: 15 * 1024 * 1024,
  video: 100 * 1024 * 1024,
} as const;

export interface AssetFieldsInput {
  kind: AssetKind;
  title: string;
  description?: string | null;
  tags?: string[];
  estimated_value?: number | string | null;
  currency?: string | null;
  [field: string]: unknown;
}

export interface QuoteLine {
  item: 'base' | 'photo' | 'document' | 'video';
  label: string;
  count: number;
  amount: number;
  seconds?: number | null;
}

/** The server's price for a set of files, in TMT. */
export interface Quote {
  total: number;
  lines: QuoteLine[];
  max_video_seconds: number;
}

export interface LedgerEntry {
  seq: number;
  prev_hash: string;
  record_hash: string;
  entry_hash: string;
  event: string;
  created_at: string;
}

export interface LedgerCheckpoint {
  seq: number;
  entry_hash: string;
  entry_created_at: string;
  signature: string;
  key_id: string;
  signed_at: string;
}

/** A public signing key as the server publishes it (JWKS). */
export interface PublicJwk {
  kty?: string;
  kid?: string;
  alg?: string;
  use?: string;
  crv?: string;
  x?: string;
  y?: string;
}

export interface QuoteOnly {
  quote: Quote;
}

export interface RegisterAssetResult {
  asset_id: string;
  cost?: number;
  quote?: Quote;
  ledger_seq?: number;
  replayed: boolean;
}

export interface AddMediaResult {
  cost?: number;
  added?: number;
  replayed: boolean;
}

/** The public gallery's filters (search_public_assets' parameters). */
export interface PublicAssetsRequest {
  query?: string;
  kind?: string;
  media?: string;
  sort?: 'created_at' | 'title';
  ascending?: boolean;
  limit: number;
  /** Where the page starts: the previous page's `next` (absent for the first page; decision 0165). */
  after?: PageCursor | null;
}

/** A keyset cursor: the last row's sort key (as text) and id; the page after it starts past them. */
export type PageCursor = {
  k: string;
  id: string;
};

/**
 * One page of a keyset-paged list: `next` starts the page after it (null on the last page); `total`
 * counts at most 1,000 rows, and `total_capped` says there are more (decision 0165).
 */
export interface KeysetPage<T> {
  items: T[];
  next: PageCursor | null;
  total: number;
  total_capped: boolean;
}

/**
 * The gallery's page as search_public_assets returns it and short-lived URLs of each item's first
 * file, by media id (public-asset-media's), for `expiresIn` seconds.
 */
export interface PublicAssetsPage {
  page: KeysetPage<PublicAsset>;
  urls: Record<string, string>;
  expiresIn: number;
}

/** My Assets' filters (search_my_assets' parameters). */
export interface MyAssetsRequest {
  query?: string;
  kind?: AssetKind;
  privacy?: 'private' | 'public';
  media?: MediaKind;
  status?: AssetStatus;
  sort?: 'created_at' | 'title' | 'value';
  ascending?: boolean;
  limit: number;
  /** Where the page starts: the previous page's `next` (absent for the first page; decision 0165). */
  after?: PageCursor | null;
}

/** One of the caller's assets as search_my_assets answers it: the row as its owner sees it, with its files. */
export interface OwnAssetRow {
  id: string;
  media: { id: string; object_name: string; kind: MediaKind; mime_type: string }[];
  [column: string]: unknown;
}

/**
 * A page of the caller's assets and short-lived URLs of each item's first file, by object name
 * (a 640×360 thumbnail for a photo, the file itself otherwise), for `expiresIn` seconds.
 */
export interface MyAssetsPage {
  page: KeysetPage<OwnAssetRow>;
  urls: Record<string, string>;
  expiresIn: number;
}

/**
 * One of the caller's assets with its files in their order (each with its size, hash and position),
 * and short-lived URLs by object name, for `expiresIn` seconds: `files`, every file the caller may
 * read; `photos`, each photo at the asked width (its displayed copy).
 */
export interface MyAssetPage {
  asset: OwnAssetRow;
  files: Record<string, string>;
  photos: Record<string, string>;
  expiresIn: number;
}

/** get_public_asset's answer (null: not public, or no such asset) and all its files' URLs. */
export interface PublicAssetPage {
  asset: PublicAsset | null;
  urls: Record<string, string>;
  expiresIn: number;
}

/**
 * The public serial check (verify-serial): the verdict of the database's verify_serial (what
 * /verify/{serial} shows) and, for a serial a business label could carry, that unit's scan page —
 * both in one request, so the page fills with one round trip.
 */
export interface VerifySerialPage {
  verdict: VerifyResult;
  /** Null for a serial no unit label can carry, or when this network's scans are rate limited. */
  unit: ScanPage | null;
  /**
   * The transparency log's proof of each match's latest entry (by asset id), against the newest
   * signed head (docs/decisions/0144), as a `tagledger-proof/v1` bundle (@tagledger/verify's
   * ProofBundle, which checks its shape): the page checks it in the browser.
   */
  proofs?: Record<string, unknown>;
}

/**
 * What a label's scan page shows (scan-unit): no personal data. Warnings: never_issued (the GTIN's
 * holder never issued this serial), many_places (5 to 10 distinct scanners in 24 hours), many_scans
 * (more than 10), shared_serial (without a GTIN, several brands' units carry the serial).
 */
export type ScanWarning = 'never_issued' | 'many_scans' | 'many_places' | 'shared_serial';
export type UnitStatus = 'active' | 'sold' | 'recalled' | 'counterfeit';

export interface ScanBrand {
  name: string;
  website: string | null;
  support_contact: string | null;
  /** The verified badge: the business holds it, and for a GTIN also a verified GS1 prefix. */
  verified: boolean;
  /** Path in the public business-media bucket. */
  logo_path?: string | null;
}

/** One brand whose unit carries a shared serial (ScanPage.candidates). */
export interface ScanCandidate {
  brand: ScanBrand;
  product: { name: string; gtin: string | null; status: 'active' | 'recalled'; image_path: string | null };
  unit: { status: UnitStatus };
}

export interface ScanPage {
  serial: string;
  /** False for a serial the brand never issued, or (without a GTIN) one issued by several brands. */
  found: boolean;
  ambiguous: boolean;
  warnings: ScanWarning[];
  /** True when no business here holds the scanned GTIN (a verified GS1 prefix): nothing to check against. */
  unknown_gtin?: boolean;
  /** The scanned GTIN in 14 digits, with unknown_gtin. */
  gtin?: string;
  /** With ambiguous: every brand whose live unit carries the serial, verified brands first. */
  candidates?: ScanCandidate[];
  brand?: ScanBrand | null;
  product?: {
    name: string;
    gtin: string | null;
    sku?: string | null;
    description?: string;
    status?: 'active' | 'recalled';
    /** The first product image: a path in the public business-media bucket. */
    image_path?: string | null;
    attributes?: Record<string, string>;
  } | null;
  unit?: { status: UnitStatus; first_scan_at: string; scan_count: number };
}

/** Why a visitor reports a public asset or a product (report-content); the moderators' queue shows it. */
export type ReportReason = 'counterfeit' | 'stolen' | 'inappropriate' | 'scam' | 'personal_data' | 'other';

export type ReportContentRequest =
  | { target: 'asset'; assetId: string; reason: ReportReason; details?: string }
  | { target: 'product'; gtin?: string | null; serial: string; reason: ReportReason; details?: string };

/** A file of an asset, by media id (object names stay on the server). */
export interface AssetFile {
  id: string;
  kind: 'photo' | 'video' | 'document';
  mime_type: string;
  size_bytes: number;
  sha256: string;
  duration_seconds: number | null;
  position: number;
}

/** An asset's proof: its latest ledger entry, checked, with the signed checkpoint covering it and the record hashed. */
export interface AssetProof extends LedgerEntry {
  registered_seq: number;
  entry_valid: boolean;
  record_matches: boolean;
  checkpoint: { seq: number; entry_hash: string; signature: string; key_id: string; signed_at: string } | null;
  record: Record<string, unknown>;
}

/** A signed checkpoint as an asset's proof and a verdict carry it. */
export type Checkpoint = Omit<LedgerCheckpoint, 'entry_created_at'>;

/** An asset's ledger entry as the server checked it, with the checkpoint that covers it (AssetProof without the record). */
export type LedgerProof = Omit<AssetProof, 'record'>;

/** A public asset's file (search_public_assets, get_public_asset): no object name, which would reveal the owner's id. */
export interface PublicMedia {
  id: string;
  kind: MediaKind;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  duration_seconds: number | null;
}

/** A public asset as search_public_assets and get_public_asset answer it: only what its owner shares. */
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

/** One registered asset a serial matches (verify_serial): no owner, and no other field for a private asset. */
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

/** public.verify_serial's answer: what /verify/{serial} shows. */
export interface VerifyResult {
  serial: string;
  normalized: string;
  registered: boolean;
  matches: VerifyMatch[];
  latest_checkpoint: Checkpoint | null;
}

/** One asset released to the signed-in heir (legacy_released_asset): details, files, history and proof. */
export interface LegacyAsset {
  id: string;
  kind: AssetKind;
  title: string;
  description: string | null;
  tags: string[];
  status: 'active' | 'lost' | 'stolen';
  serial_number: string | null;
  make: string | null;
  model: string | null;
  purchase_date: string | null;
  purchase_price: number | null;
  estimated_value: number | null;
  currency: string;
  location: string | null;
  asset_url: string | null;
  content_hash: string | null;
  chain: string | null;
  contract_address: string | null;
  token_id: string | null;
  sku: string | null;
  quantity: number | null;
  heir_instructions: string | null;
  registered_at: string;
  media: AssetFile[];
  /** The asset's ledger entries, oldest first. */
  history: LedgerEntry[];
  proof: AssetProof | null;
}

interface Contract<Request, Response> {
  request: Request;
  response: Response;
}

interface RegisterAssetRequest {
  submissionId: string;
  asset: AssetFieldsInput;
  media: string[];
  expectedCost?: number | null;
}

interface AddMediaRequest {
  assetId: string;
  submissionId: string;
  media: string[];
  expectedCost?: number | null;
}

/**
 * What is wrong with one line of a units CSV. `message` is the server's English text (for API
 * callers and logs); screens show `code` with `values` in the reader's language.
 */
export type ImportRowError =
  | { line: number; message: string; code: 'too_many_columns' | 'invalid_serial' | 'invalid_status' }
  | { line: number; message: string; code: 'duplicate_in_file'; values: { serial: string; earlierLine: number } }
  | { line: number; message: string; code: 'serial_of_another_product'; values: { serial: string } }
  | { line: number; message: string; code: 'line_too_long'; values: { maxChars: number } }
  | { line: number; message: string; code: 'too_many_rows'; values: { maxRows: number } }
  | { line: number; message: string; code: 'file_too_large'; values: { maxMiB: number } };

export type ImportRowErrorCode = ImportRowError['code'];

/** What a streamed units import did; errors lists the first 1,000 bad lines, errorCount all of them. */
export interface ImportUnitsReport {
  inserted: number;
  skipped: number;
  errorCount: number;
  errors: ImportRowError[];
  /** Lines read, including a header and blank lines. */
  lines: number;
  /** False when reading stopped early (too many rows or bytes); the errors say where. */
  complete: boolean;
}

export type LabelLayoutId = 'avery-l7160' | 'avery-5160';

/**
 * Labels in one PDF file (unit-labels-pdf refuses more): a few seconds of work per request. A
 * longer range prints in batches, which the plan ({plan: true}) lists, MAX_PLANNED_FILES at a time.
 */
export const MAX_LABELS_PER_SHEET = 1_000;

/** A product's units from one serial to another (inclusive, in serial byte order); empty ends are open. */
export interface UnitLabelsRange {
  productId: string;
  fromSerial?: string;
  toSerial?: string;
}

/** Chosen units, or a product's serial range. */
export type UnitLabelsRequest = { layout: LabelLayoutId; form?: 'digital-link' | 'verify'; plan?: false } & (
  { unitIds: string[] } | UnitLabelsRange
);

/** What a recipient of invitations and transfer offers has stopped (mail-preferences). */
export interface MailPreferences {
  /** Who sent the mail the link came from: their profile name and address (null once their account is gone). */
  sender: { name: string | null; email: string } | null;
  stopped: { sender: boolean; everyone: boolean };
}

/** One file's worth of a range: at most MAX_LABELS_PER_SHEET consecutive units. */
export interface LabelBatch {
  fromSerial: string;
  toSerial: string;
  count: number;
}

/**
 * Files a plan lists (decision 0172): it reads the units of these files and one more, not the whole
 * range; the rest of a longer range is planned again from nextFromSerial.
 */
export const MAX_PLANNED_FILES = 20;

/**
 * What a range would print (count 0: nothing), cut into files of at most maxLabels labels; no PDF is
 * made. batches are the range's first MAX_PLANNED_FILES files.
 */
export interface LabelSheetPlan {
  /** Units in the range; when countCapped, the range holds more than this. */
  count: number;
  /** True when the range goes on past the listed files and its size is not known (a range narrower than the product). */
  countCapped: boolean;
  maxLabels: number;
  batches: LabelBatch[];
  /** The first serial after the listed files, or null when they cover the range. */
  nextFromSerial: string | null;
}

/**
 * The export-my-data document: its head, then one key per section of the catalogue of personal data,
 * each an object (or null) for a one-row section or a list of rows, every row a table row under its
 * column names.
 */
export interface ExportDocument {
  format: 'tagledger-export/2';
  generated_at: string;
  /** The language of the section titles in contents. */
  language: 'en' | 'fr';
  /** Each section's title in that language, in the document's order. */
  contents: Record<string, string>;
  [section: string]: unknown;
}

export interface FunctionContracts {
  'register-asset': [
    Contract<
      RegisterAssetRequest & { quoteOnly: true },
      QuoteOnly & { media: { name: string; duration_seconds: number | null }[] }
    >,
    Contract<RegisterAssetRequest & { quoteOnly?: false }, RegisterAssetResult>,
  ];
  'add-asset-media': [
    Contract<AddMediaRequest & { quoteOnly: true }, QuoteOnly>,
    Contract<AddMediaRequest & { quoteOnly?: false }, AddMediaResult>,
  ];
  'delete-asset': Contract<
    { assetId: string },
    { deleted: boolean; assetId: string; filesRemoved: number; ledgerSeq: number | null }
  >;
  /** Answers with the certificate PDF's bytes (application/pdf), not JSON. */
  'asset-certificate': Contract<{ assetId: string }, Uint8Array>;
  'ledger-checkpoints': Contract<
    { fromSeq?: number; limit?: number },
    {
      algorithm: string;
      entryHash: string;
      keys: { keys: PublicJwk[] };
      checkpoints: LedgerCheckpoint[];
      entries?: LedgerEntry[];
    }
  >;
  /** Records one scan of a unit label (/01/{gtin}/21/{serial} or /verify/{serial}); no sign-in. */
  'scan-unit': Contract<{ gtin?: string | null; serial: string }, ScanPage>;
  /** Checks a serial (/verify/{serial}) and records the scan of a unit label with it; no sign-in. */
  /** knownSize: the newest log size this browser verified, for a consistency proof from it. */
  'verify-serial': Contract<{ serial: string; knownSize?: number }, VerifySerialPage>;
  /** A visitor (signed in or not) reports a public asset or a scanned product to the moderators. */
  'report-content': Contract<ReportContentRequest, { reported: true }>;
  /** Answers with the QR image of one of the caller's units (image/svg+xml or image/png), not JSON. */
  'unit-label-qr': Contract<
    { unitId: string; format: 'svg' | 'png'; form?: 'digital-link' | 'verify' },
    Uint8Array | string
  >;
  /** Adds units to one of the caller's products from a CSV (`serial[,status]` lines); idempotent on serial. */
  'import-units': Contract<
    { productId: string; csv: string },
    { inserted: number; skipped: number; errorCount: number; errors: ImportRowError[] }
  >;
  /**
   * The streamed import: the CSV file itself is the body (text/csv) and productId is in the query
   * string (?productId=…), so files of 100,000 rows never sit in memory whole.
   */
  'import-units-stream': Contract<{ productId: string }, ImportUnitsReport>;
  /** Answers with a PDF label sheet (application/pdf), not JSON. */
  'unit-labels-pdf': [
    Contract<UnitLabelsRange & { plan: true }, LabelSheetPlan>,
    Contract<UnitLabelsRequest, Uint8Array>,
  ];
  'public-asset-media': Contract<
    { assetIds: string[]; firstOnly?: boolean },
    { urls: Record<string, string>; expiresIn: number }
  >;
  /** A page of My Assets and its cards' first-file URLs, in one request (the caller's own assets). */
  'my-assets': Contract<MyAssetsRequest, MyAssetsPage>;
  /** One of the caller's assets and its files' URLs, its photos' at `photoWidth` device pixels. */
  'my-asset': Contract<{ id: string; photoWidth: number }, MyAssetPage>;
  /** The public gallery's page and its cards' first-file URLs, in one request; no sign-in. */
  'public-assets': Contract<PublicAssetsRequest, PublicAssetsPage>;
  /** One public asset (null when it is not public or does not exist) and its files' URLs; no sign-in. */
  'public-asset': Contract<{ assetId: string }, PublicAssetPage>;
  'contact-owner': [
    Contract<
      {
        action: 'send';
        assetId: string;
        senderEmail: string;
        senderName?: string | null;
        message: string;
        /** The language of the page the visitor writes from: their mails are written in it. */
        language?: 'en' | 'fr';
      },
      { status: 'confirmation_sent' }
    >,
    Contract<{ action: 'confirm'; token: string }, { status: 'sent' | 'already_sent' }>,
    Contract<{ action: 'reply'; messageId: string; reply: string }, { replied: boolean }>,
  ];
  /**
   * One asset released to the signed-in heir, with short-lived URLs of its files by media id (each
   * download checks again that the asset is still released to them). 404 for anyone else.
   */
  'legacy-asset': Contract<
    { assetId: string },
    { asset: LegacyAsset; urls: Record<string, string>; expiresIn: number }
  >;
  /**
   * Answers with a zip (application/zip), not JSON: everything one person released to the signed-in
   * heir (or one asset of it) — files, certificates in the heir's language, history and proof as JSON.
   * 413 `archive_too_large` beyond the size bound.
   */
  'legacy-archive': Contract<{ nextOfKinId: string; assetId?: string }, Uint8Array>;
  /**
   * The link at the end of an invitation or transfer offer (no sign-in: the signed token is the
   * proof): 'describe' says who sent it and what is stopped; 'set' stops, or allows again, mails
   * from that sender or from everyone.
   */
  'mail-preferences': [
    Contract<{ action: 'describe'; token: string }, MailPreferences>,
    Contract<{ action: 'set'; token: string; scope: 'sender' | 'everyone'; stopped: boolean }, MailPreferences>,
  ];
  'change-password': Contract<{ current_password: string; new_password: string }, { updated: boolean }>;
  'delete-account': Contract<{ password: string; confirmation: string }, { deleted: boolean; files_removed: number }>;
  /**
   * Everything held about the caller, as a JSON download (Content-Disposition: attachment), streamed;
   * its sections are those of the database's catalogue of personal data (decision 0153).
   */
  'export-my-data': Contract<Record<string, never>, ExportDocument>;
  'submit-bug-report': Contract<
    {
      errorMessage: string;
      screenshotBase64: string;
      consoleLogs?: string;
      pageUrl?: string;
      userAgent?: string;
      metadata?: Record<string, unknown>;
    },
    { id: string }
  >;
  'create-checkout-session': Contract<{ packageId: string }, { url: string; purchaseId: string; reference: string }>;
  /**
   * Back from the provider's cancel page: ends the caller's own pending purchase once the provider
   * confirms its checkout was not paid, and answers the purchase's status ('pending' while a payment
   * the provider took is on its way).
   */
  'cancel-checkout': Contract<{ purchaseId: string }, { status: PurchaseStatus }>;
  'admin-ban-user': Contract<
    { user_id: string; banned: boolean; reason?: string | null },
    { id: string; banned_until: string | null }
  >;
  /** Approves or rejects a business account request and mails the requester (admins only). */
  'admin-decide-business-request': Contract<
    { requestId: string; approve: boolean; note?: string | null },
    { id: string; status: 'approved' | 'rejected'; mailed: boolean }
  >;
  /** Called by Stripe with a signed event, never by the app. */
  'stripe-webhook': Contract<unknown, { received: boolean; outcome: string }>;
  /**
   * Opens a purchase of a package through a provider in a currency (the price is the package's in
   * that currency, read by the server) and starts its payment: url is the provider's hosted page,
   * or null when the payer approves on their phone (MTN MoMo; phone in E.164 form). Decision 0154.
   */
  'create-payment': Contract<
    { packageId: string; provider: PaymentProviderName; currency: string; phone?: string },
    { purchaseId: string; reference: string; url: string | null; status: 'pending' }
  >;
  'paystack-webhook': Contract<unknown, { received: boolean; outcome: string }>;
  'mtn-momo-callback': Contract<unknown, { received: boolean; outcome: string }>;
  /** Asks the provider to refund a paid purchase (admins only); tokens follow its refund notification. */
  'refund-purchase': Contract<{ purchaseId: string }, { requested: boolean }>;
}

export type FunctionName = keyof FunctionContracts;

/** A function's request/response pairs: one, or one per kind of request (e.g. a quote or the charge). */
type Variants<N extends FunctionName> = FunctionContracts[N] extends readonly (infer V)[] ? V : FunctionContracts[N];

export type FunctionRequest<N extends FunctionName> = Variants<N> extends Contract<infer Q, unknown> ? Q : never;

/** The response to request R (by default, to any request of the function). */
export type FunctionResponse<N extends FunctionName, R = FunctionRequest<N>> =
  Variants<N> extends infer V ? (V extends Contract<infer Q, infer S> ? (R extends Q ? S : never) : never) : never;
