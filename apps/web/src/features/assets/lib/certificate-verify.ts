// Checks an ownership certificate in the browser, trusting neither the certificate nor this page's
// other answers: the proof embedded in the PDF (its Subject) must recompute, the entry must still
// be in the public chain, the chain must link from it to a checkpoint, and the checkpoint's ES256
// signature must verify with the server's published key (WebCrypto, no library).

import type { Checkpoint, LedgerEntry } from '../api/types';

/** The proof the certificate carries: the asset's ledger entry and the checkpoint covering it. */
export interface CertificateProof extends LedgerEntry {
  asset_id: string;
  serial_number: string | null;
  checkpoint: Omit<Checkpoint, 'signed_at'> | null;
}

export interface PublicLedgerPage {
  keys: { keys: (JsonWebKey & { kid?: string })[] };
  entries: LedgerEntry[];
}

export interface CertificateCheck {
  entryRecomputes: boolean;
  entryInLedger: boolean;
  chainReachesCheckpoint: boolean;
  signatureValid: boolean;
  ok: boolean;
}

function hexToBytes(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function decodePdfText(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('latin1').decode(bytes);
}

/** The proof JSON from the PDF's Subject (written by the asset-certificate function), or null. */
export function extractProof(pdf: Uint8Array): CertificateProof | null {
  const text = new TextDecoder('latin1').decode(pdf);
  const m = /\/Subject\s*<([0-9A-Fa-f\s]+)>/.exec(text);
  if (!m?.[1]) return null;
  const subject = decodePdfText(hexToBytes(m[1]));
  const start = subject.indexOf('{');
  if (start < 0) return null;
  try {
    return JSON.parse(subject.slice(start)) as CertificateProof;
  } catch {
    return null;
  }
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const entryHash = (e: Omit<LedgerEntry, 'entry_hash'>) =>
  sha256Hex(`${e.prev_hash}|${e.record_hash}|${e.seq}|${e.event}|${e.created_at}`);

function base64UrlToBytes(s: string): Uint8Array {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Verifies an ES256 JWT and returns its payload, or null. */
export async function verifyEs256(
  jwt: string,
  keys: (JsonWebKey & { kid?: string })[],
): Promise<Record<string, unknown> | null> {
  const [h, p, sig] = jwt.split('.');
  if (!h || !p || !sig) return null;
  const header = JSON.parse(new TextDecoder().decode(base64UrlToBytes(h))) as { alg?: string; kid?: string };
  if (header.alg !== 'ES256') return null;
  const jwk = keys.find((k) => !header.kid || k.kid === header.kid);
  if (!jwk) return null;
  const { kty, crv, x, y } = jwk;
  const key = await crypto.subtle.importKey('jwk', { kty, crv, x, y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    base64UrlToBytes(sig) as BufferSource,
    new TextEncoder().encode(`${h}.${p}`) as BufferSource,
  );
  return ok ? (JSON.parse(new TextDecoder().decode(base64UrlToBytes(p))) as Record<string, unknown>) : null;
}

/** Walks the public chain from the certificate's entry to its checkpoint and checks the signature. */
export async function checkCertificate(
  proof: CertificateProof,
  fetchPage: (fromSeq: number) => Promise<PublicLedgerPage>,
): Promise<CertificateCheck> {
  const result: CertificateCheck = {
    entryRecomputes: false,
    entryInLedger: false,
    chainReachesCheckpoint: false,
    signatureValid: false,
    ok: false,
  };
  result.entryRecomputes = (await entryHash(proof)) === proof.entry_hash;
  const cp = proof.checkpoint;
  let page = await fetchPage(proof.seq);
  const first = page.entries[0];
  result.entryInLedger = Boolean(first && first.seq === proof.seq && first.entry_hash === proof.entry_hash);
  if (cp && result.entryInLedger) {
    let prev = proof.entry_hash;
    let seq = proof.seq;
    let linked = true;
    // At most 20 pages (10,000 entries) between an entry and its checkpoint.
    for (let round = 0; round < 20 && linked && seq < cp.seq; round++) {
      for (const e of page.entries) {
        if (e.seq <= seq) continue;
        if (e.seq > cp.seq) break;
        if (e.seq !== seq + 1 || e.prev_hash !== prev || (await entryHash(e)) !== e.entry_hash) {
          linked = false;
          break;
        }
        prev = e.entry_hash;
        seq = e.seq;
      }
      if (linked && seq < cp.seq) page = await fetchPage(seq + 1);
    }
    result.chainReachesCheckpoint = linked && seq === cp.seq && prev === cp.entry_hash;
    const payload = await verifyEs256(cp.signature, page.keys.keys);
    result.signatureValid = Boolean(payload && payload.seq === cp.seq && payload.entry_hash === cp.entry_hash);
  }
  result.ok = result.entryRecomputes && result.entryInLedger && result.chainReachesCheckpoint && result.signatureValid;
  return result;
}
