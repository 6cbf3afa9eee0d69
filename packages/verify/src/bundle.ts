// The proof bundle: everything needed to check one ledger entry with no call to the log — the
// entry, its inclusion proof, the signed checkpoint with its cosignatures, and the RFC 3161
// timestamp of that checkpoint. Certificates carry it (the PDF's Subject, and a QR code of the same
// JSON); /verify answers carry it too. And the trusted keys a verifier checks it against.
import { fromBase64, fromHex } from './bytes.js';
import type { LogEntry } from './entry.js';

export const BUNDLE_FORMAT = 'tagledger-proof/v1';
export const KEYS_FORMAT = 'tagledger-log-keys/v1';

export interface ProofBundle {
  format: typeof BUNDLE_FORMAT;
  asset_id?: string;
  serial_number?: string | null;
  entry: LogEntry;
  /** Inclusion proof of leaf entry.seq - 1 in the checkpoint's tree (base64 hashes, RFC 9162 order). */
  proof: string[];
  /** The signed checkpoint note: the log's signature and the witnesses' cosignatures. */
  checkpoint: string;
  /** RFC 3161 TimeStampToken (base64 DER) over SHA-256 of the checkpoint text. */
  timestamp?: string;
  /** Set when the checkpoint was the log's newest when the bundle was made (a /verify answer). */
  live?: boolean;
  /** Consistency proof from an older tree size the asker named to this checkpoint. */
  consistency?: { from: number; proof: string[] };
}

/** The public keys a verifier trusts (GET /log/v1/keys serves a deployment's). */
export interface TrustedKeys {
  format: typeof KEYS_FORMAT;
  /** The log's origin line. */
  origin: string;
  /** vkeys (type 0x01) that sign the log's checkpoints. */
  log: string[];
  /** vkeys (type 0x04) of the witnesses whose cosignatures count. */
  witnesses: string[];
  /** How many of them must have cosigned a checkpoint. */
  quorum: number;
  /** PEM certificates of trusted time-stamping authorities (their own or a root above them). */
  tsa: string[];
}

export class BundleError extends Error {}

const isHex64 = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const isB64Hash = (v: unknown) => {
  if (typeof v !== 'string') return false;
  try {
    return fromBase64(v).length === 32;
  } catch {
    return false;
  }
};

/** Checks a parsed value has the bundle's shape (not that it is true: verify.ts does that). */
export function asBundle(value: unknown): ProofBundle {
  const b = value as Partial<ProofBundle> | null;
  if (!b || typeof b !== 'object' || b.format !== BUNDLE_FORMAT) throw new BundleError('not a TagLedger proof bundle');
  const e = b.entry as Partial<LogEntry> | undefined;
  if (
    !e ||
    !Number.isSafeInteger(e.seq) ||
    (e.seq ?? 0) < 1 ||
    typeof e.event !== 'string' ||
    !isHex64(e.record_hash) ||
    !isHex64(e.prev_hash) ||
    !isHex64(e.entry_hash) ||
    typeof e.created_at !== 'string'
  ) {
    throw new BundleError('the bundle entry is incomplete');
  }
  if (!Array.isArray(b.proof) || b.proof.length > 64 || !b.proof.every(isB64Hash)) {
    throw new BundleError('the bundle inclusion proof is not a list of hashes');
  }
  if (typeof b.checkpoint !== 'string') throw new BundleError('the bundle has no checkpoint');
  if (b.timestamp !== undefined && typeof b.timestamp !== 'string')
    throw new BundleError('the bundle timestamp is not base64');
  if (
    b.consistency !== undefined &&
    (!Number.isSafeInteger(b.consistency?.from) ||
      !Array.isArray(b.consistency?.proof) ||
      !b.consistency.proof.every(isB64Hash))
  ) {
    throw new BundleError('the bundle consistency proof is malformed');
  }
  return b as ProofBundle;
}

export function asTrustedKeys(value: unknown): TrustedKeys {
  const k = value as Partial<TrustedKeys> | null;
  if (
    !k ||
    k.format !== KEYS_FORMAT ||
    typeof k.origin !== 'string' ||
    !Array.isArray(k.log) ||
    !Array.isArray(k.witnesses) ||
    !Number.isInteger(k.quorum) ||
    !Array.isArray(k.tsa)
  ) {
    throw new BundleError(`not a ${KEYS_FORMAT} file`);
  }
  return k as TrustedKeys;
}

/** The bundle as QR text: the same JSON, without the parts a verifier can do without. */
export const bundleToQrText = (bundle: ProofBundle): string => JSON.stringify(bundle);

function decodePdfString(hex: string): string {
  const bytes = fromHex(hex.replace(/\s+/g, ''));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('latin1').decode(bytes);
}

/** The bundle a certificate PDF carries in its Subject (written by the asset-certificate function). */
export function bundleFromPdf(pdf: Uint8Array): ProofBundle {
  const text = new TextDecoder('latin1').decode(pdf);
  const m = /\/Subject\s*<([0-9A-Fa-f\s]+)>/.exec(text);
  if (!m?.[1]) throw new BundleError('this PDF is not a TagLedger certificate (no proof in its Subject)');
  const subject = decodePdfString(m[1]);
  const start = subject.indexOf('{');
  let parsed: { bundle?: unknown };
  try {
    parsed = JSON.parse(subject.slice(start)) as { bundle?: unknown };
  } catch {
    throw new BundleError('the certificate proof is not readable JSON');
  }
  if (!parsed.bundle)
    throw new BundleError('this certificate was issued before the transparency log: it has no proof bundle');
  return asBundle(parsed.bundle);
}

/** A certificate PDF, a bundle JSON file or a QR code's text, whichever these bytes are. */
export function readBundle(input: Uint8Array | string): ProofBundle {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return bundleFromPdf(bytes);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes).trim());
  } catch {
    throw new BundleError('this is neither a certificate PDF nor a proof bundle (JSON or QR text)');
  }
  return asBundle(value);
}
