// Security hole 2: per-IP limits must not be escapable by writing X-Forwarded-For. Without
// TRUST_PROXY the socket address is the client; with TRUST_PROXY the header is believed only as
// far as the configured proxies go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config/index.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { awayFromWindowEdge, STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

const STRONG = 'Tl-correct-horse-42!';

function poster(server: TestServer) {
  return (path: string, body: object, forwardedFor?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: JSON.stringify(body),
    });
}

describe('TRUST_PROXY parsing', () => {
  const base = { DATA_DIR: '/tmp/unused' };
  it('is off by default and for 0/false', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('takes a hop count or a list of addresses, ranges and named ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });
  it('refuses true and anything that is not an address', () => {
    for (const bad of ['true', 'proxy.example.com', '10.0.0.1/33', '10.0.0.1,nope', '-1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe.each(drivers)('spoofed X-Forwarded-For on %s', (driver) => {
  describe('without TRUST_PROXY (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver });
    }, STARTUP_TIMEOUT);
    afterAll(async () => {
      await server?.close();
    });

    it('counts 31 sign-ups with a rotating header against one address (the 31st gets 429)', async () => {
      const post = poster(server);
      await awayFromWindowEdge();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await post(
          '/auth/v1/signup',
          { email: uniqueEmail('spoof'), password: STRONG },
          `203.0.113.${i + 1}`,
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
      expect(statuses[30]).toBe(429);
    });

    it('counts public media requests with a rotating header against one address', async () => {
      const post = poster(server);
      const body = { assetIds: ['00000000-0000-4000-8000-000000000000'] };
      // 300 per minute per address: the header must not buy a fresh budget. 601 requests put more
      // than 300 in one fixed window even if the burst straddles a minute boundary.
      let limited = false;
      for (let i = 0; i < 601 && !limited; i++) {
        limited = (await post('/functions/v1/public-asset-media', body, `198.51.100.${i % 250}`)).status === 429;
      }
      expect(limited).toBe(true);
    });
  });

  describe('with TRUST_PROXY=1 (one proxy in front)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver, env: { TRUST_PROXY: '1' } });
    }, STARTUP_TIMEOUT);
    afterAll(async () => {
      await server?.close();
    });

    it('takes the client address from the header, so different clients have their own budgets', async () => {
      const post = poster(server);
      await awayFromWindowEdge();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push(
          (await post('/auth/v1/verify', { type: 'signup', token_hash: `x${i}` }, `203.0.113.${i + 1}`)).status,
        );
      expect(statuses).toEqual(Array(31).fill(403));
      // One client writing a spoofed first hop still lands in its real bucket: the proxy appends
      // the address it saw, and only that last hop is believed.
      const spoofer: number[] = [];
      for (let i = 0; i < 31; i++) {
        spoofer.push(
          (await post('/auth/v1/verify', { type: 'signup', token_hash: `y${i}` }, `10.0.0.${i}, 192.0.2.7`)).status,
        );
      }
      expect(spoofer.slice(0, 30)).toEqual(Array(30).fill(403));
      expect(spoofer[30]).toBe(429);
    });
  });

  describe('with TRUST_PROXY naming a proxy that is not the caller', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver, env: { TRUST_PROXY: '10.255.0.1' } });
    }, STARTUP_TIMEOUT);
    afterAll(async () => {
      await server?.close();
    });

    it('ignores the header from a direct client', async () => {
      const post = poster(server);
      await awayFromWindowEdge();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push(
          (await post('/auth/v1/verify', { type: 'signup', token_hash: `z${i}` }, `203.0.113.${i + 1}`)).status,
        );
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(403));
      expect(statuses[30]).toBe(429);
    });
  });
});
