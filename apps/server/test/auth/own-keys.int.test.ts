// Issue 34, item 2 (decision 0159): a project leaving hosted Supabase brings its keys — GoTrue's
// JWT_SECRET (HS256) or JWT_KEYS (a JWK list with key_ops) — and its anon and service-role keys,
// its users' access tokens and its client code keep working unchanged.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { loadKeys } from '../../src/shared/keys.js';
import { clientOptions, drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

// The secret the Supabase CLI's local projects use; a hosted project's is its own 40-odd characters.
const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const PASSWORD = 'Tl-correct-horse-42!';

/** An API key as hosted Supabase issues it: HS256 with the project's secret, no kid. */
async function hostedApiKey(role: 'anon' | 'service_role', secret = SECRET): Promise<string> {
  return new jose.SignJWT({ iss: 'supabase', ref: 'abcdefghijklmnopqrst', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(1_700_000_000)
    .setExpirationTime(2_000_000_000)
    .sign(new TextEncoder().encode(secret));
}

function header(token: string): jose.ProtectedHeaderParameters {
  return jose.decodeProtectedHeader(token);
}

describe('JWT_SECRET / JWT_KEYS / ANON_KEY are checked at start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-own-keys-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const load = (o: Parameters<typeof loadKeys>[0] extends infer T ? Partial<T> : never) =>
    loadKeys({ dataDir, issuer: 'http://x/auth/v1', ...o });

  it('refuses JWT_KEYS that are not GoTrue-shaped, naming the key and why', async () => {
    await expect(load({ jwtKeys: 'not json' })).rejects.toThrow(/JWT_KEYS is not valid JSON/);
    await expect(load({ jwtKeys: '[]' })).rejects.toThrow(/JWT_KEYS lists no key/);
    await expect(load({ jwtKeys: '[{"kty":"oct","k":"c2VjcmV0"}]' })).rejects.toThrow(
      /JWT_KEYS key 1: key_ops must list "sign" and\/or "verify"/,
    );
    const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pub = { ...publicKey.export({ format: 'jwk' }), key_ops: ['sign', 'verify'] };
    await expect(load({ jwtKeys: JSON.stringify([pub]) })).rejects.toThrow(
      /JWT_KEYS key 1: a key that signs needs its private part/,
    );
    await expect(load({ jwtKeys: '[{"kty":"OKP","crv":"Ed25519","x":"AA","key_ops":["verify"]}]' })).rejects.toThrow(
      /kty "OKP" is not supported/,
    );
  });

  it('refuses an ANON_KEY its keys do not accept, or one of another role', async () => {
    await expect(load({ anonKey: await hostedApiKey('anon') })).rejects.toThrow(
      /ANON_KEY is not accepted by this server's keys/,
    );
    await expect(load({ secret: SECRET, anonKey: await hostedApiKey('service_role') })).rejects.toThrow(
      /ANON_KEY has the role service_role, not anon/,
    );
    const keys = await load({ secret: SECRET, anonKey: await hostedApiKey('anon') });
    expect(keys.anonKey).toBe(await hostedApiKey('anon'));
  });
});

describe.each(drivers)('a hosted project moves in with its JWT_SECRET on %s', (driver) => {
  let server: TestServer;
  let anonKey: string;
  let serviceKey: string;
  beforeAll(async () => {
    anonKey = await hostedApiKey('anon');
    serviceKey = await hostedApiKey('service_role');
    server = await startTestServer({
      driver,
      env: { JWT_SECRET: SECRET, ANON_KEY: anonKey, SERVICE_ROLE_KEY: serviceKey, MAILER_AUTOCONFIRM: 'true' },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it('hands out the project keys and keeps the secret out of the JWKS', async () => {
    expect([server.anonKey, server.serviceRoleKey]).toEqual([anonKey, serviceKey]);
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(config)).toContain(anonKey);
    const jwks = (await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: jose.JWK[];
    };
    expect(jwks.keys.map((k) => k.kty)).toEqual(['EC']);
    expect(JSON.stringify(jwks)).not.toContain(Buffer.from(SECRET).toString('base64url'));
  });

  it('signs sessions with HS256 as GoTrue does, and the client code of the hosted project works unchanged', async () => {
    const client = createClient(server.url, anonKey, clientOptions());
    const email = uniqueEmail('hs256');
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(header(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    // The project's own services verify our tokens with the secret they always had.
    const { payload } = await jose.jwtVerify(token, new TextEncoder().encode(SECRET));
    expect(payload.sub).toBe(data.user!.id);

    // getClaims with a symmetric token asks the server (GET /user) — and gets the claims.
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data!.claims.email).toBe(email);
    expect(claims.data!.header.alg).toBe('HS256');

    const profile = await client.from('user_profiles').select('id').eq('id', data.user!.id).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual({ id: data.user!.id });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(header(refreshed.data.session!.access_token).alg).toBe('HS256');

    const admin = createClient(server.url, serviceKey, clientOptions());
    const found = await admin.auth.admin.getUserById(data.user!.id);
    expect(found.error).toBeNull();
    expect(found.data.user!.email).toBe(email);
  });

  it("accepts a hosted session's access token (its kid is the hosted project's) for a session that moved in", async () => {
    const admin = createClient(server.url, serviceKey, clientOptions());
    const email = uniqueEmail('moved');
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    const userId = created.data.user!.id;
    const sessionId = crypto.randomUUID();
    // The session row, as a pg_dump of the hosted project brings it.
    await server.ctx.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    const now = Math.floor(Date.now() / 1000);
    const hostedToken = await new jose.SignJWT({
      iss: 'https://abcdefghijklmnopqrst.supabase.co/auth/v1',
      aud: 'authenticated',
      sub: userId,
      email,
      role: 'authenticated',
      aal: 'aal1',
      session_id: sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', kid: 'a1B2c3D4e5F6g7H8', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(SECRET));
    const client = createClient(server.url, anonKey, {
      ...clientOptions(),
      global: { headers: { Authorization: `Bearer ${hostedToken}` } },
    });
    const user = await client.auth.getUser(hostedToken);
    expect(user.error).toBeNull();
    expect(user.data.user!.id).toBe(userId);
    const profile = await client.from('user_profiles').select('id').eq('id', userId).single();
    expect(profile.error).toBeNull();

    // A token of another secret is refused.
    const forged = await new jose.SignJWT({ sub: userId, role: 'authenticated', session_id: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!!'));
    const refused = await client.auth.getUser(forged);
    expect(refused.error?.status).toBe(403);
    const anonForged = createClient(server.url, await hostedApiKey('anon', 'x'.repeat(40)), clientOptions());
    const rest = await anonForged.from('user_profiles').select('id').limit(1);
    expect(rest.error?.message).toMatch(/Invalid API key|JWT/);
  });
});

// One key for every driver: supabase-js remembers a JWKS by project for minutes, whatever the server.
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

describe.each(drivers)('a project brings JWT_KEYS (RS256 signs, the old HS256 secret verifies) on %s', (driver) => {
  let server: TestServer;
  const rsa = { ...privateKey.export({ format: 'jwk' }), kid: 'rsa-2026', alg: 'RS256', key_ops: ['sign', 'verify'] };
  const oct = {
    kty: 'oct',
    k: Buffer.from(SECRET).toString('base64url'),
    kid: 'legacy-secret',
    alg: 'HS256',
    key_ops: ['verify'],
  };
  let legacyAnon: string;
  beforeAll(async () => {
    legacyAnon = await new jose.SignJWT({ iss: 'supabase', ref: 'abcdefghijklmnopqrst', role: 'anon' })
      .setProtectedHeader({ alg: 'HS256', kid: 'legacy-secret', typ: 'JWT' })
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(2_000_000_000)
      .sign(new TextEncoder().encode(SECRET));
    server = await startTestServer({
      driver,
      env: { JWT_KEYS: JSON.stringify([rsa, oct]), ANON_KEY: legacyAnon, MAILER_AUTOCONFIRM: 'true' },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it('publishes the public half of the RS256 key only, and signs sessions with it', async () => {
    const jwks = (await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: jose.JWK[];
    };
    const published = jwks.keys.find((k) => k.kid === 'rsa-2026')!;
    expect(published).toMatchObject({ kty: 'RSA', alg: 'RS256', n: rsa.n, e: rsa.e, key_ops: ['verify'] });
    expect(published.d).toBeUndefined();
    expect(jwks.keys.some((k) => k.kty === 'oct' || k.kid === 'legacy-secret')).toBe(false);

    const client = createClient(server.url, legacyAnon, clientOptions());
    const email = uniqueEmail('rs256');
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(header(data.session!.access_token)).toEqual({ alg: 'RS256', kid: 'rsa-2026', typ: 'JWT' });

    // With an asymmetric token getClaims verifies it against the JWKS, without GET /user.
    let userCalls = 0;
    const counting = createClient(server.url, legacyAnon, {
      ...clientOptions(),
      global: {
        fetch: (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
          if (String(input).endsWith('/auth/v1/user')) userCalls++;
          return fetch(input, init);
        },
      },
    });
    await counting.auth.setSession({
      access_token: data.session!.access_token,
      refresh_token: data.session!.refresh_token,
    });
    userCalls = 0;
    const claims = await counting.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data!.claims.email).toBe(email);
    expect(userCalls).toBe(0);
  });
});
