// The in-browser certificate check against a real chain and a real ES256 signature.
import { describe, expect, it } from 'vitest';
import {
  checkCertificate,
  extractProof,
  sha256Hex,
  type CertificateProof,
  type PublicLedgerPage,
} from './certificate-verify';

const b64url = (bytes: Uint8Array | string) =>
  btoa(typeof bytes === 'string' ? bytes : String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function makeChain(n: number) {
  const entries: PublicLedgerPage['entries'] = [];
  let prev = '0'.repeat(64);
  for (let seq = 1; seq <= n; seq++) {
    const e = {
      seq,
      event: 'register',
      record_hash: await sha256Hex(`record ${seq}`),
      prev_hash: prev,
      created_at: `2026-11-22T02:00:0${seq}.000000Z`,
      entry_hash: '',
    };
    e.entry_hash = await sha256Hex(`${e.prev_hash}|${e.record_hash}|${e.seq}|${e.event}|${e.created_at}`);
    prev = e.entry_hash;
    entries.push(e);
  }
  return entries;
}

async function sign(payload: Record<string, unknown>) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const head = b64url(JSON.stringify({ alg: 'ES256', kid: 'k1', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(`${head}.${body}`),
    ),
  );
  return { jwt: `${head}.${body}.${b64url(sig)}`, jwk: { ...jwk, kid: 'k1' } };
}

/** Changes one character inside the signature part (the last character may only carry padding bits). */
function flipMiddle(jwt: string): string {
  const i = jwt.lastIndexOf('.') + 10;
  return jwt.slice(0, i) + (jwt[i] === 'A' ? 'B' : 'A') + jwt.slice(i + 1);
}

async function setup() {
  const entries = await makeChain(4);
  const head = entries[3]!;
  const { jwt, jwk } = await sign({ seq: 4, entry_hash: head.entry_hash });
  const e2 = entries[1]!;
  const proof: CertificateProof = {
    asset_id: 'a',
    serial_number: 'SN-1',
    seq: 2,
    event: e2.event,
    record_hash: e2.record_hash,
    prev_hash: e2.prev_hash,
    entry_hash: e2.entry_hash,
    created_at: e2.created_at,
    checkpoint: { seq: 4, entry_hash: head.entry_hash, signature: jwt, key_id: 'k1' },
  };
  const fetchPage =
    (chain: PublicLedgerPage['entries']) =>
    async (from: number): Promise<PublicLedgerPage> => ({
      keys: { keys: [jwk] },
      entries: chain.filter((e) => e.seq >= from).slice(0, 2),
    });
  return { entries, proof, fetchPage };
}

describe('certificate check', () => {
  it('verifies an entry linked to a signed checkpoint across pages', async () => {
    const { entries, proof, fetchPage } = await setup();
    expect(await checkCertificate(proof, fetchPage(entries))).toEqual({
      entryRecomputes: true,
      entryInLedger: true,
      chainReachesCheckpoint: true,
      signatureValid: true,
      ok: true,
    });
  });

  it('fails when the certificate, the chain or the signature was altered', async () => {
    const { entries, proof, fetchPage } = await setup();
    expect(
      (await checkCertificate({ ...proof, record_hash: 'f'.repeat(64) }, fetchPage(entries))).entryRecomputes,
    ).toBe(false);
    const rewritten = entries.map((e) => (e.seq === 3 ? { ...e, record_hash: 'a'.repeat(64) } : e));
    expect((await checkCertificate(proof, fetchPage(rewritten))).chainReachesCheckpoint).toBe(false);
    const forged = {
      ...proof,
      checkpoint: { ...proof.checkpoint!, signature: flipMiddle(proof.checkpoint!.signature) },
    };
    const r = await checkCertificate(forged, fetchPage(entries));
    expect(r.signatureValid).toBe(false);
    expect(r.ok).toBe(false);
  });

  it('reads the proof from a PDF Subject written as UTF-16 hex', () => {
    const json = JSON.stringify({ seq: 7, entry_hash: 'abc' });
    const text = `TagLedger asset proof ${json}`;
    let hex = 'FEFF';
    for (const ch of text) hex += ch.charCodeAt(0).toString(16).padStart(4, '0');
    const pdf = new TextEncoder().encode(`%PDF-1.7\n1 0 obj\n<< /Title <FEFF0041> /Subject <${hex}> >>\nendobj\n`);
    expect(extractProof(pdf)).toEqual({ seq: 7, entry_hash: 'abc' });
    expect(extractProof(new TextEncoder().encode('%PDF-1.7 nothing here'))).toBeNull();
  });
});
