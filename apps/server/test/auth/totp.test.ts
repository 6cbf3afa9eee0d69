// TOTP against the RFC 6238 appendix B test vectors (SHA-1 seed "12345678901234567890"),
// truncated to our 6 digits, plus base32 round trips.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, totp, verifyTotp } from '../../src/auth/services/totp.js';

const seed = base32Encode(Buffer.from('12345678901234567890'));

describe('totp', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s gives %s', (t, code) => {
    expect(totp(seed, t * 1000)).toBe(code);
  });

  it('accepts one step of drift either way and nothing further', () => {
    const t = 1111111109 * 1000;
    expect(verifyTotp(seed, totp(seed, t - 30_000), t)).toBe(true);
    expect(verifyTotp(seed, totp(seed, t + 30_000), t)).toBe(true);
    expect(verifyTotp(seed, totp(seed, t - 90_000), t)).toBe(false);
    expect(verifyTotp(seed, 'abcdef', t)).toBe(false);
  });

  it('round-trips base32', () => {
    const buf = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(buf))).toEqual(buf);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
});
