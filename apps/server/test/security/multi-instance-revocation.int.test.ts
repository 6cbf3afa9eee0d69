// Hole 4 across servers: two instances on one database (as behind a load balancer), each with its
// own session cache. A token both have just accepted (so both remember its session as alive) is
// revoked through one instance; once the cache lifetime (1 s here) has passed, the other refuses it
// on every API. Nothing but the database connects the two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { allowedFor, probe, refusedBecause, registerWhoami } from './probe.js';

const PASSWORD = 'Tl-correct-horse-42!';
const CACHE_SECONDS = 1;
const outlastCache = () => new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 200));

describe.each(drivers)('revocation across two instances on %s', (driver) => {
  let a: TestServer;
  let b: BuiltApp;
  let bUrl: string;
  let unregister: () => void;
  beforeAll(async () => {
    unregister = registerWhoami();
    const env = { MAILER_AUTOCONFIRM: 'true', RATE_LIMITS: 'off', SESSION_CHECK_CACHE_SECONDS: String(CACHE_SECONDS) };
    a = await startTestServer({ driver, env });
    // Same DATA_DIR → same signing key; same database; its own process-level caches.
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: a.dataDir,
      LOG_LEVEL: 'silent',
      ...env,
      ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : {}),
    });
    b = await buildApp(config, driver === 'pglite' ? { db: a.ctx.db } : {});
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.app.server.address();
    bUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    unregister?.();
    await b?.app.close();
    await a?.close();
  });

  async function signedIn() {
    const { data, error } = await a
      .anonClient()
      .auth.signUp({ email: uniqueEmail('multi-revoke'), password: PASSWORD });
    expect(error).toBeNull();
    return { userId: data.user!.id, token: data.session!.access_token };
  }

  it('a sign-out on one instance is honoured by the other within the cache lifetime', async () => {
    const { userId, token } = await signedIn();
    expect(await probe(a.url, a.anonKey, token)).toEqual(allowedFor(userId));
    expect(await probe(bUrl, a.anonKey, token)).toEqual(allowedFor(userId));
    const out = await fetch(`${bUrl}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: a.anonKey, authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    await outlastCache();
    expect(await probe(a.url, a.anonKey, token)).toEqual(refusedBecause('session_not_found'));
    expect(await probe(bUrl, a.anonKey, token)).toEqual(refusedBecause('session_not_found'));
  });

  it('a ban through one instance is honoured by the other within the cache lifetime', async () => {
    const { userId, token } = await signedIn();
    expect(await probe(bUrl, a.anonKey, token)).toEqual(allowedFor(userId));
    const ban = await fetch(`${a.url}/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      headers: {
        apikey: a.serviceRoleKey,
        authorization: `Bearer ${a.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ban_duration: '24h' }),
    });
    expect(ban.status).toBe(200);
    await outlastCache();
    expect(await probe(bUrl, a.anonKey, token)).toEqual(refusedBecause('session_not_found'));
  });
});
