// Two server instances on one database (as behind a load balancer): a session started on one
// is refreshed, used and ended on the other, PKCE codes and rate-limit budgets are shared —
// nothing that matters lives in an instance's memory. On PostgreSQL the second instance has its
// own connection pool; on PGlite it shares the embedded database object.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { clientOptions, drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';

describe.each(drivers)('two auth instances on %s', (driver) => {
  let a: TestServer;
  let b: BuiltApp;
  let bUrl: string;
  beforeAll(async () => {
    a = await startTestServer({ driver, env: { MAILER_AUTOCONFIRM: 'true' } });
    // Same DATA_DIR → same signing key; same database.
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: a.dataDir,
      LOG_LEVEL: 'silent',
      MAILER_AUTOCONFIRM: 'true',
      ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : {}),
    });
    b = await buildApp(config, driver === 'pglite' ? { db: a.ctx.db } : {});
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.app.server.address();
    bUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const clientOf = (url: string) => createClient(url, a.anonKey, clientOptions());

  it('shares sessions and refresh tokens between instances', async () => {
    const email = `multi-${Date.now().toString(36)}@example.test`;
    const onA = clientOf(a.url);
    const { data, error } = await onA.auth.signUp({ email, password: 'multi-pass-1' });
    expect(error).toBeNull();
    const onB = clientOf(bUrl);
    const refreshed = await onB.auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    expect((await onB.auth.getUser()).data.user?.email).toBe(email);
    // The old token, reused on A inside the window, yields the child B issued.
    const reused = await clientOf(a.url).auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(reused.data.session?.refresh_token).toBe(refreshed.data.session!.refresh_token);
    // Sign-out on B ends the session for A as well.
    expect((await onB.auth.signOut()).error).toBeNull();
    const res = await fetch(`${a.url}/auth/v1/user`, {
      headers: {
        apikey: a.anonKey,
        authorization: `Bearer ${refreshed.data.session!.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(((await res.json()) as { code: string }).code).toBe('session_not_found');
  });

  it('shares rate-limit budgets between instances', async () => {
    // Fixed 300-s windows: keep the burst away from a window edge so it is counted in one window.
    const into = (Date.now() / 1000) % 300;
    if (into > 280) await new Promise((r) => setTimeout(r, (301 - into) * 1000));
    const email = `budget-${Date.now().toString(36)}@example.test`;
    const post = (url: string) =>
      fetch(`${url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: a.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    // Both instances run with limits on (the default): 10 mails per e-mail address.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(i % 2 === 0 ? a.url : bUrl)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses[10]).toBe(429);
  });
});
