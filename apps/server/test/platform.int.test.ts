import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from './helpers/test-server.js';
import { migrate } from '@tagledger/db';

describe.each(drivers)('platform on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /healthz once migrations ran', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the public config with the anon key', async () => {
    const res = await fetch(`${server.url}/config.json`);
    const body = (await res.json()) as { supabaseUrl: string; anonKey: string };
    expect(body.supabaseUrl).toBe(server.url);
    expect(body.anonKey).toBe(server.anonKey);
  });

  it('applies nothing on a second migration run', async () => {
    const again = await migrate(server.ctx.db);
    expect(again.applied).toEqual([]);
  });

  it('publishes the ES256 public key with its kid', async () => {
    const res = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    const body = (await res.json()) as { keys: { kid: string; alg: string; d?: string }[] };
    expect(body.keys[0]?.kid).toBe(server.ctx.keys.kid);
    expect(body.keys[0]?.alg).toBe('ES256');
    expect(body.keys[0]?.d).toBeUndefined();
  });
});

describe('security headers', () => {
  it('lets the page reach the API origin even when it was opened under another address', async () => {
    const server = await startTestServer({ env: { SITE_URL: 'http://app.example.test:8080' } });
    try {
      const res = await fetch(`${server.url}/`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/connect-src 'self' http:\/\/app\.example\.test:8080/);
      // Scripts only from our origin, plus the hashes of the app's own inline scripts when a web
      // build is present (index.html's language probe); never 'unsafe-inline'.
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
    } finally {
      await server.close();
    }
  });
});
