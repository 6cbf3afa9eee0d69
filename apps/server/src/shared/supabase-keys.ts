// Keys a project brings along from hosted Supabase or a GoTrue of its own (decision 0159), read the
// way GoTrue reads them:
//   JWT_SECRET  the project's shared secret (the "legacy JWT secret"): HS256, the secret's UTF-8 bytes
//   JWT_KEYS    GoTrue's GOTRUE_JWT_KEYS: a JSON list of JWKs (or {"keys": [...]}), each with
//               `key_ops` ["sign", "verify"] or ["verify"]: HS256 (kty oct), RS256 (kty RSA) or
//               ES256 (kty EC, P-256). The first key with "sign" signs access tokens and API keys;
//               every key verifies.
// Only the public halves of asymmetric keys are ever published (the JWKS); a secret never is.
import * as jose from 'jose';
import { StartupError } from '../startup/startup-error.js';

export type BroughtAlg = 'HS256' | 'RS256' | 'ES256';

export interface BroughtKey {
  kid: string;
  alg: BroughtAlg;
  verifyKey: CryptoKey | Uint8Array;
  signKey: CryptoKey | Uint8Array | undefined;
  /** The public JWK to publish (asymmetric keys only). */
  publicJwk: jose.JWK | undefined;
}

const ALG_OF_KTY: Record<string, BroughtAlg> = { oct: 'HS256', RSA: 'RS256', EC: 'ES256' };

const HELP =
  'JWT_KEYS must be a JSON list of JWKs (as GoTrue\'s GOTRUE_JWT_KEYS), each with "key_ops": ["sign", "verify"] or ["verify"] and kty oct (HS256), RSA (RS256) or EC P-256 (ES256)';

/** The public members only: RSA n/e, EC crv/x/y. */
function publicMembers(jwk: jose.JWK): jose.JWK {
  if (jwk.kty === 'RSA') return { kty: 'RSA', n: jwk.n!, e: jwk.e! };
  return { kty: 'EC', crv: jwk.crv!, x: jwk.x!, y: jwk.y! };
}

function shapeError(index: number, why: string): StartupError {
  return new StartupError(`JWT_KEYS key ${index + 1}: ${why}; ${HELP}`);
}

async function importOne(raw: unknown, index: number): Promise<BroughtKey> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw shapeError(index, 'not a JSON object');
  const jwk = raw as jose.JWK;
  const alg = typeof jwk.kty === 'string' ? ALG_OF_KTY[jwk.kty] : undefined;
  if (!alg) throw shapeError(index, `kty ${JSON.stringify(jwk.kty)} is not supported`);
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    throw shapeError(index, `alg ${JSON.stringify(jwk.alg)} does not fit kty ${jwk.kty} (expected ${alg})`);
  }
  if (alg === 'ES256' && jwk.crv !== 'P-256') throw shapeError(index, 'an EC key must be on curve P-256');
  const ops = jwk.key_ops;
  if (!Array.isArray(ops) || ops.length === 0 || ops.some((op) => op !== 'sign' && op !== 'verify')) {
    throw shapeError(index, 'key_ops must list "sign" and/or "verify"');
  }
  const isPrivate = alg === 'HS256' ? typeof jwk.k === 'string' && jwk.k.length > 0 : typeof jwk.d === 'string';
  if (ops.includes('sign') && !isPrivate) {
    throw shapeError(
      index,
      alg === 'HS256' ? 'an oct key needs its secret "k"' : 'a key that signs needs its private part',
    );
  }
  if (alg === 'HS256' && !isPrivate) throw shapeError(index, 'an oct key needs its secret "k"');
  const publicJwk = alg === 'HS256' ? undefined : publicMembers(jwk);
  const kid =
    typeof jwk.kid === 'string' && jwk.kid
      ? jwk.kid
      : await jose.calculateJwkThumbprint(alg === 'HS256' ? { kty: 'oct', k: jwk.k! } : publicJwk!);
  try {
    // A key that signs also verifies: the tokens it signs must be accepted back.
    const verifyKey = (await jose.importJWK(alg === 'HS256' ? { kty: 'oct', k: jwk.k! } : publicJwk!, alg)) as
      CryptoKey | Uint8Array;
    const { kid: _kid, key_ops: _ops, use: _use, alg: _alg, ...material } = jwk;
    const signKey = ops.includes('sign')
      ? ((await jose.importJWK(material as jose.JWK, alg)) as CryptoKey | Uint8Array)
      : undefined;
    return {
      kid,
      alg,
      verifyKey,
      signKey,
      publicJwk: publicJwk ? { ...publicJwk, kid, alg, use: 'sig', key_ops: ['verify'] } : undefined,
    };
  } catch (err) {
    throw shapeError(index, `not a usable ${alg} key (${(err as Error).message})`);
  }
}

/** JWT_KEYS, parsed and imported; a StartupError names the first key that is wrong and why. */
export async function importJwtKeys(text: string): Promise<BroughtKey[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StartupError(`JWT_KEYS is not valid JSON; ${HELP}`);
  }
  const list = Array.isArray(value) ? value : (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list) || list.length === 0) throw new StartupError(`JWT_KEYS lists no key; ${HELP}`);
  const keys: BroughtKey[] = [];
  for (const [i, raw] of list.entries()) keys.push(await importOne(raw, i));
  return keys;
}

/** JWT_SECRET as GoTrue uses it: the HMAC key is the secret's bytes, as written. */
export function importJwtSecret(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
