// The API's answers are compressed for a client that accepts it (src/plugins/api-compression.ts): the
// bytes on the wire are read with node:http, which, unlike fetch, does not inflate them.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';
import { registerFunction } from '../../src/functions/routes.js';

/** About 6 KB of JSON, as repetitive as a page of rows. */
const ROWS = Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Row number ${i}`, kind: 'physical' }));

const unregister = [
  registerFunction({ name: 'test-rows', verifyJwt: false, handler: async () => ({ rows: ROWS }) }),
  registerFunction({ name: 'test-small', verifyJwt: false, handler: async () => ({ ok: true }) }),
  registerFunction({
    name: 'test-body',
    verifyJwt: false,
    handler: async ({ req }) => ({ received: req.body }),
  }),
];

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  server: TestServer,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      { method: opts.method ?? 'GET', headers: { apikey: server.anonKey, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('compressed API answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    unregister.forEach((u) => u());
  });

  it('sends a large answer in brotli, or gzip, to a client that accepts it, and plain to one that does not', async () => {
    const plain = JSON.stringify({ rows: ROWS });

    const br = await request(server, '/functions/v1/test-rows', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.length / 4);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain);

    const gzip = await request(server, '/functions/v1/test-rows', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain);

    const none = await request(server, '/functions/v1/test-rows');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(plain);
  });

  it('leaves an answer under a kilobyte as it is', async () => {
    const small = await request(server, '/functions/v1/test-small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('compresses the auth service’s answers too', async () => {
    for (let i = 0; i < 4; i++) await createTestUser(server);
    const service = { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` };
    const users = await request(server, '/auth/v1/admin/users', { headers: { ...service, 'accept-encoding': 'br' } });
    expect(users.status, users.body.toString().slice(0, 200)).toBe(200);
    expect(users.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(users.body).toString()).users.length).toBeGreaterThanOrEqual(4);
  });

  it('never inflates a compressed request body', async () => {
    const res = await request(server, '/functions/v1/test-body', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: zlib.gzipSync(JSON.stringify({ a: 'b'.repeat(10_000) })),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.toString()).not.toContain('bbbb');
  });
});
