// The server's signing keys (ES256, P-256) and everything derived from them: user access tokens,
// the anon and service-role API keys, signed storage URLs, and the public JWKS.
// The current private key comes from JWT_PRIVATE_KEY (a JWK, for several instances sharing one
// key) or DATA_DIR/keys (generated on first start). Previous public keys — kept after a rotation
// (key-store.ts) or listed in JWT_PREVIOUS_PUBLIC_KEYS — still verify the tokens they signed.
// A token is verified only with the key its header's `kid` names: a token with no `kid`, or a
// `kid` that is not one of these keys, is refused even when its signature would check out.
// A malformed key is a StartupError (one clear line at start, before the database is opened).
//
// A project that brings its own Supabase keys (decision 0159) sets JWT_SECRET and/or JWT_KEYS
// (supabase-keys.ts): access tokens and the API keys are then signed as GoTrue signs them (the
// first JWT_KEYS key with "sign", else HS256 with JWT_SECRET), and tokens of those keys are
// accepted — by `kid`, and an HS256 token whose `kid` names none of our keys (the hosted anon and
// service-role keys carry none) by JWT_SECRET. ANON_KEY / SERVICE_ROLE_KEY keep the project's
// own API keys as the ones this server hands out. Our ES256 key keeps signing what only this
// server verifies or publishes for third parties (signed storage URLs, opt-out links, ledger
// checkpoints) and keeps verifying every token it signed.
import * as jose from 'jose';
import type { Config } from '../config/index.js';
import { StartupError } from '../startup/startup-error.js';
import { importJwtKeys, importJwtSecret, type BroughtAlg } from './supabase-keys.js';
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
  /** The id of our current ES256 key, which signs storage URLs, opt-out links and ledger checkpoints. */
  kid: string;
  /** Our previous ES256 keys, still accepted. */
  previousKids: string[];
  /** What signs access tokens and the API keys: our ES256 key, a JWT_KEYS key or JWT_SECRET. */
  accessTokenKey: {
    alg: 'ES256' | BroughtAlg;
    kid: string | undefined;
    source: 'signing key' | 'JWT_KEYS' | 'JWT_SECRET';
  };
  issuer: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Our current public key first, then our previous ones still accepted, then JWT_KEYS' public keys. */
  jwks: { keys: jose.JWK[] };
  /** Signs with our ES256 key. */
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** Signs a user's access token with the access-token key. */
  signAccessToken(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
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
  /** JWT_SECRET: a project's HS256 shared secret. */
  secret?: string | undefined;
  /** JWT_KEYS: GoTrue's list of JWKs with key_ops. */
  jwtKeys?: string | undefined;
  /** ANON_KEY / SERVICE_ROLE_KEY: a project's own API keys, handed out instead of new ones. */
  anonKey?: string | undefined;
  serviceRoleKey?: string | undefined;
  issuer: string;
}): Promise<Keys> {
  const { jwk: privateJwk, privateKey } = await loadPrivateKey(opts.dataDir, opts.privateJwk);
  const kid = await keyId(privateJwk);

  const publicJwks = [publicPart(privateJwk), ...readPreviousKeys(opts.dataDir)];
  if (opts.previousPublicJwks) publicJwks.push(...parseJwkList(opts.previousPublicJwks, 'JWT_PREVIOUS_PUBLIC_KEYS'));
  const verifiers = new Map<string, { key: CryptoKey | Uint8Array; alg: 'ES256' | BroughtAlg }>();
  const published: jose.JWK[] = [];
  for (const jwk of publicJwks) {
    const id = await keyId(jwk);
    if (verifiers.has(id)) continue;
    verifiers.set(id, { key: (await jose.importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey, alg: 'ES256' });
    published.push({ ...jwk, kid: id, alg: 'ES256', use: 'sig', key_ops: ['verify'] });
  }

  const previousKids = published.slice(1).map((k) => k.kid!);
  const brought = opts.jwtKeys ? await importJwtKeys(opts.jwtKeys) : [];
  for (const k of brought) {
    if (verifiers.has(k.kid)) throw new StartupError(`JWT_KEYS names the key id ${k.kid} twice`);
    verifiers.set(k.kid, { key: k.verifyKey, alg: k.alg });
    if (k.publicJwk) published.push(k.publicJwk);
  }
  const secretKey = opts.secret ? importJwtSecret(opts.secret) : undefined;

  function signer(alg: string, keyIdHeader: string | undefined, key: CryptoKey | Uint8Array) {
    return (claims: JwtClaims, expiresInSeconds: number): Promise<string> => {
      const now = Math.floor(Date.now() / 1000);
      return new jose.SignJWT({ iat: now, ...claims, exp: (claims.iat ?? now) + expiresInSeconds })
        .setProtectedHeader({ alg, ...(keyIdHeader ? { kid: keyIdHeader } : {}), typ: 'JWT' })
        .sign(key);
    };
  }
  const sign = signer('ES256', kid, privateKey);
  // As GoTrue: the first JWT_KEYS key that signs, else the shared secret, else our own key.
  const broughtSigner = brought.find((k) => k.signKey);
  let accessTokenKey: Keys['accessTokenKey'] = { alg: 'ES256', kid, source: 'signing key' };
  let signAccessToken = sign;
  if (broughtSigner) {
    accessTokenKey = { alg: broughtSigner.alg, kid: broughtSigner.kid, source: 'JWT_KEYS' };
    signAccessToken = signer(broughtSigner.alg, broughtSigner.kid, broughtSigner.signKey!);
  } else if (secretKey) {
    accessTokenKey = { alg: 'HS256', kid: undefined, source: 'JWT_SECRET' };
    signAccessToken = signer('HS256', undefined, secretKey);
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
    let entry = typeof header.kid === 'string' ? verifiers.get(header.kid) : undefined;
    // GoTrue's rule for tokens of the shared secret, which carry no kid (or one of the hosted project's).
    if (!entry && secretKey && header.alg === 'HS256') entry = { key: secretKey, alg: 'HS256' };
    if (!entry) throw new JwtError('No suitable key or wrong key type', 'unknown_key');
    try {
      const { payload } = await jose.jwtVerify(token, entry.key, { algorithms: [entry.alg], clockTolerance: 30 });
      return payload as JwtClaims;
    } catch (err) {
      if (err instanceof jose.errors.JWTExpired) throw new JwtError('JWT expired', 'expired');
      if (err instanceof jose.errors.JWTClaimValidationFailed) throw new JwtError(err.message, 'claims');
      throw new JwtError('JWT cryptographic operation failed', 'signature');
    }
  }

  const iatFixed = 1_763_769_600; // 2025-11-22: stable API keys for a given signing key
  async function apiKey(role: 'anon' | 'service_role', given: string | undefined, setting: string) {
    if (!given) return signAccessToken({ iss: 'supabase', ref: 'tagledger', role, iat: iatFixed }, TEN_YEARS * 2);
    let claims: JwtClaims;
    try {
      claims = await verify(given);
    } catch (err) {
      throw new StartupError(
        `${setting} is not accepted by this server's keys (${(err as Error).message}); set the JWT_SECRET or JWT_KEYS that signed it`,
      );
    }
    if (claims.role !== role) throw new StartupError(`${setting} has the role ${String(claims.role)}, not ${role}`);
    return given;
  }
  const anonKey = await apiKey('anon', opts.anonKey, 'ANON_KEY');
  const serviceRoleKey = await apiKey('service_role', opts.serviceRoleKey, 'SERVICE_ROLE_KEY');

  return {
    kid,
    previousKids,
    accessTokenKey,
    issuer: opts.issuer,
    anonKey,
    serviceRoleKey,
    jwks: { keys: published },
    sign,
    signAccessToken,
    verify,
  };
}

/** The keys a configuration names (the server, and the commands that act for it). */
export function loadKeysFor(config: Config): Promise<Keys> {
  return loadKeys({
    dataDir: config.dataDir,
    privateJwk: config.jwtPrivateKey,
    previousPublicJwks: config.jwtPreviousPublicKeys,
    secret: config.jwtSecret,
    jwtKeys: config.jwtKeys,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    issuer: `${config.publicUrl}/auth/v1`,
  });
}
