// The server's signing key (ES256, P-256) and everything derived from it: user access tokens,
// the anon and service-role API keys, signed storage URLs, and the public JWKS.
// The private key comes from JWT_PRIVATE_KEY (a JWK, for several instances sharing one key) or
// is generated into DATA_DIR/keys on first start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';

export type JwtClaims = jose.JWTPayload & Record<string, unknown>;

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'empty' | 'malformed' | 'signature' | 'expired' | 'claims',
  ) {
    super(message);
  }
}

export interface Keys {
  kid: string;
  issuer: string;
  anonKey: string;
  serviceRoleKey: string;
  jwks: { keys: jose.JWK[] };
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<JwtClaims>;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

function loadOrCreatePrivateJwk(dataDir: string, fromEnv: string | undefined): jose.JWK {
  if (fromEnv) return JSON.parse(fromEnv) as jose.JWK;
  const file = path.join(dataDir, 'keys', 'signing-key.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as jose.JWK;
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as jose.JWK;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
  return jwk;
}

export async function loadKeys(opts: { dataDir: string; privateJwk?: string | undefined; issuer: string }): Promise<Keys> {
  const privateJwk = loadOrCreatePrivateJwk(opts.dataDir, opts.privateJwk);
  const kid = await jose.calculateJwkThumbprint(privateJwk);
  const privateKey = await jose.importJWK({ ...privateJwk, alg: 'ES256' }, 'ES256');
  const { d: _d, ...publicJwk } = privateJwk;
  const publicKey = await jose.importJWK({ ...publicJwk, alg: 'ES256' }, 'ES256');
  const publicEntry: jose.JWK = { ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };

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
    try {
      const { payload } = await jose.jwtVerify(token, publicKey, { algorithms: ['ES256'], clockTolerance: 30 });
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

  return { kid, issuer: opts.issuer, anonKey, serviceRoleKey, jwks: { keys: [publicEntry] }, sign, verify };
}
