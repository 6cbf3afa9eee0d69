// The server's signing keys (ES256, P-256) and everything derived from them: user access tokens,
// the anon and service-role API keys, signed storage URLs, and the public JWKS.
// The current private key comes from JWT_PRIVATE_KEY (a JWK, for several instances sharing one
// key) or DATA_DIR/keys (generated on first start). Previous public keys — kept after a rotation
// (key-store.ts) or listed in JWT_PREVIOUS_PUBLIC_KEYS — still verify the tokens they signed.
// A token is verified only with the key its header's `kid` names: a token with no `kid`, or a
// `kid` that is not one of these keys, is refused even when its signature would check out.
// A malformed key is a StartupError (one clear line at start, before the database is opened).
import * as jose from 'jose';
import { StartupError } from '../startup/startup-error.js';
import {
  keyId,
  parseJwkList,
  publicPart,
  readPreviousKeys,
  readOrCreateSigningKeyText,
  signingKeyFile,
} from './key-store.js';

export type JwtClaims = jose.JWTPayload & Record<string, unknown>;

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'empty' | 'malformed' | 'signature' | 'unknown_key' | 'expired' | 'claims',
  ) {
    super(message);
  }
}

export interface Keys {
  /** The id of the current key, which signs every new token. */
  kid: string;
  issuer: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The current public key first, then the previous ones still accepted. */
  jwks: { keys: jose.JWK[] };
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<JwtClaims>;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

const KEY_HELP = 'an EC P-256 private key as a JSON Web Key: {"kty":"EC","crv":"P-256","x":…,"y":…,"d":…}';

/** The checks importJWK does not make with a readable message: shape first, then the key itself. */
async function importPrivateJwk(
  jwk: unknown,
  source: string,
): Promise<{ jwk: jose.JWK; privateKey: CryptoKey | Uint8Array }> {
  const k = jwk as Record<string, unknown> | null;
  const fields = ['x', 'y', 'd'] as const;
  if (
    !k ||
    typeof k !== 'object' ||
    Array.isArray(k) ||
    k.kty !== 'EC' ||
    k.crv !== 'P-256' ||
    fields.some((f) => typeof k[f] !== 'string')
  ) {
    throw new StartupError(`${source} is not ${KEY_HELP}`);
  }
  try {
    const privateKey = await jose.importJWK({ ...(k as jose.JWK), alg: 'ES256' }, 'ES256');
    return { jwk: k as jose.JWK, privateKey: privateKey as CryptoKey | Uint8Array };
  } catch (err) {
    throw new StartupError(
      `${source} is not a usable P-256 private key (${(err as Error).message}); it must be ${KEY_HELP}`,
    );
  }
}

function parseJson(text: string, source: string, fix: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new StartupError(`${source} is not valid JSON; ${fix}`);
  }
}

/** The current private key: JWT_PRIVATE_KEY, or DATA_DIR/keys/signing-key.json (created on first start). */
function loadPrivateKey(dataDir: string, fromEnv: string | undefined) {
  if (fromEnv)
    return importPrivateJwk(parseJson(fromEnv, 'JWT_PRIVATE_KEY', `it must be ${KEY_HELP}`), 'JWT_PRIVATE_KEY');
  const file = signingKeyFile(dataDir);
  const fix =
    'restore it from a backup, or set JWT_PRIVATE_KEY (a new key signs every user out and changes the API keys)';
  return importPrivateJwk(parseJson(readOrCreateSigningKeyText(dataDir), file, fix), file);
}

export async function loadKeys(opts: {
  dataDir: string;
  privateJwk?: string | undefined;
  /** JWT_PREVIOUS_PUBLIC_KEYS: a JSON list of public JWKs (or a JWKS) still accepted. */
  previousPublicJwks?: string | undefined;
  issuer: string;
}): Promise<Keys> {
  const { jwk: privateJwk, privateKey } = await loadPrivateKey(opts.dataDir, opts.privateJwk);
  const kid = await keyId(privateJwk);

  const publicJwks = [publicPart(privateJwk), ...readPreviousKeys(opts.dataDir)];
  if (opts.previousPublicJwks) publicJwks.push(...parseJwkList(opts.previousPublicJwks, 'JWT_PREVIOUS_PUBLIC_KEYS'));
  const verifiers = new Map<string, CryptoKey | Uint8Array>();
  const published: jose.JWK[] = [];
  for (const jwk of publicJwks) {
    const id = await keyId(jwk);
    if (verifiers.has(id)) continue;
    verifiers.set(id, (await jose.importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey);
    published.push({ ...jwk, kid: id, alg: 'ES256', use: 'sig', key_ops: ['verify'] });
  }

  async function sign(claims: JwtClaims, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new jose.SignJWT({ iat: now, ...claims, exp: (claims.iat ?? now) + expiresInSeconds })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(privateKey);
  }

  async function verify(token: string): Promise<JwtClaims> {
    if (!token) throw new JwtError('Empty JWT is sent in Authorization header', 'empty');
    const parts = token.split('.').length;
    if (parts !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts}`, 'malformed');
    let header: jose.ProtectedHeaderParameters;
    try {
      header = jose.decodeProtectedHeader(token);
    } catch {
      throw new JwtError('JWT cryptographic operation failed', 'malformed');
    }
    const key = typeof header.kid === 'string' ? verifiers.get(header.kid) : undefined;
    if (!key) throw new JwtError('No suitable key or wrong key type', 'unknown_key');
    try {
      const { payload } = await jose.jwtVerify(token, key, { algorithms: ['ES256'], clockTolerance: 30 });
      return payload as JwtClaims;
    } catch (err) {
      if (err instanceof jose.errors.JWTExpired) throw new JwtError('JWT expired', 'expired');
      if (err instanceof jose.errors.JWTClaimValidationFailed) throw new JwtError(err.message, 'claims');
      throw new JwtError('JWT cryptographic operation failed', 'signature');
    }
  }

  const iatFixed = 1_763_769_600; // 2025-11-22: stable API keys for a given signing key
  const anonKey = await sign({ iss: 'supabase', ref: 'tagledger', role: 'anon', iat: iatFixed }, TEN_YEARS * 2);
  const serviceRoleKey = await sign(
    { iss: 'supabase', ref: 'tagledger', role: 'service_role', iat: iatFixed },
    TEN_YEARS * 2,
  );

  return { kid, issuer: opts.issuer, anonKey, serviceRoleKey, jwks: { keys: published }, sign, verify };
}
