// RFC 3161 timestamps against a real authority (OpenSSL's ts -reply, @tagledger/test-kit/tsa): a
// token for a checkpoint verifies with the authority's root, names the authority and the time, and
// is refused for other data, an untrusted root, or a changed signature. The compact form (without
// certificates, for QR codes) verifies when the verifier holds the authority's certificate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTsa, type LocalTsa } from '@tagledger/test-kit/tsa';
import { fromBase64, toBase64, utf8, verifyTimestamp } from '../src/index.js';
import { compactTimestamp, requestTimestamp } from '../src/node/index.js';

let tsa: LocalTsa;
let other: LocalTsa;
beforeAll(async () => {
  [tsa, other] = await Promise.all([startLocalTsa(), startLocalTsa({ name: 'Another TSA' })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([tsa?.close(), other?.close()]);
});

const checkpoint = utf8('tagledger.test/asset-ledger\n5\nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n');

describe('RFC 3161 timestamps', () => {
  it('stamps a checkpoint, and the token verifies with the authority root, naming it and the time', async () => {
    const before = Date.now();
    const token = await requestTimestamp(tsa.url, checkpoint);
    const check = await verifyTimestamp(token, checkpoint, [tsa.caCertPem]);
    expect(check).toMatchObject({ ok: true, authority: 'TagLedger Test TSA' });
    if (check.ok) expect(Math.abs(check.time.getTime() - before)).toBeLessThan(120_000);
  });

  it('refuses a token for other data, from an untrusted authority, or with a changed signature', async () => {
    const token = await requestTimestamp(tsa.url, checkpoint);
    expect(await verifyTimestamp(token, utf8('another checkpoint\n'), [tsa.caCertPem])).toMatchObject({
      ok: false,
      code: 'timestamp_mismatch',
    });
    expect(await verifyTimestamp(token, checkpoint, [other.caCertPem])).toMatchObject({
      ok: false,
      code: 'timestamp_untrusted',
    });
    const bytes = fromBase64(token);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0x55; // inside the signature, at the end of the token
    const result = await verifyTimestamp(toBase64(bytes), checkpoint, [tsa.caCertPem]);
    expect(result.ok).toBe(false);
    expect(await verifyTimestamp('bm90IGEgdG9rZW4=', checkpoint, [tsa.caCertPem])).toMatchObject({
      code: 'timestamp_malformed',
    });
  });

  it('verifies the compact token (no certificates) when the verifier holds the authority certificate', async () => {
    const token = await requestTimestamp(tsa.url, checkpoint);
    const compact = compactTimestamp(token);
    expect(compact.length).toBeLessThan(token.length);
    expect(await verifyTimestamp(compact, checkpoint, [tsa.caCertPem + tsa.tsaCertPem])).toMatchObject({ ok: true });
    expect(await verifyTimestamp(compact, checkpoint, [tsa.caCertPem])).toMatchObject({
      ok: false,
      code: 'timestamp_untrusted',
    });
  });
});
