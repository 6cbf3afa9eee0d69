// Operations endpoints on a real server: request ids in responses, liveness and readiness,
// Prometheus metrics behind their token — plus graceful shutdown of the real process.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { freePort, spawnServer, stopServer, waitUntilHealthy } from '../helpers/server-process.js';
import { copyMigratedPgliteTemplate } from '@tagledger/db/testing';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(drivers)('operations endpoints on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every request with a request id, keeping a well-formed one from upstream only', async () => {
    const fresh = await fetch(`${server.url}/healthz`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.url}/rest/v1/`, { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const refused = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id\twith <html>' } });
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const long = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a'.repeat(129) } });
    expect(long.headers.get('x-request-id')).not.toBe('a'.repeat(129));
  });

  it('is live and ready, and not ready once draining', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
    server.readiness.draining = true;
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'shutting_down' });
    } finally {
      server.readiness.draining = false;
    }
  });

  it('serves Prometheus metrics only with the token', async () => {
    await server.anonClient().from('news_articles').select('id').limit(1);
    await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: 'unauthorized', message: 'A valid metrics token is required' });
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    // The scheme is case-insensitive (RFC 9110 §11.1): scrapers that write `bearer` are let in too.
    for (const scheme of ['bearer', 'BEARER']) {
      const other = await fetch(`${server.url}/metrics`, { headers: { authorization: `${scheme} ${TOKEN}` } });
      expect([scheme, other.status]).toEqual([scheme, 200]);
      await other.text();
    }
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/tagledger_http_requests_total\{api="rest",method="GET",status="\d{3}"\} \d+/);
    expect(text).toMatch(/tagledger_http_requests_total\{api="auth",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/tagledger_http_request_duration_seconds_count\{api="rest"\} \d+/);
    expect(text).toMatch(/tagledger_db_connections\{state="max"\} (1|20)/);
    expect(text).toMatch(/tagledger_mail_outbox\{status="pending"\} \d+/);
    expect(text).toMatch(/tagledger_mail_outbox\{status="failed"\} \d+/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts the jobs of each queue by state: queued, active and failed', async () => {
    const metric = async (queue: string, state: string) => {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const line = new RegExp(`^tagledger_jobs\\{queue="${queue}",state="${state}"\\} (\\d+)$`, 'm').exec(
        await res.text(),
      );
      return line ? Number(line[1]) : undefined;
    };
    // Nobody works this queue: its jobs wait.
    for (let i = 0; i < 3; i++) await server.ctx.jobs.send('metrics.waiting', { i });
    // This one's only job fails with no retry left.
    await server.ctx.jobs.define('metrics.failing', async () => {
      throw new Error('fails on purpose');
    });
    await server.ctx.jobs.send('metrics.failing', {}, { retryLimit: 0 });
    // And this one holds its job until the test lets go.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let running = false;
    await server.ctx.jobs.define('metrics.holding', async () => {
      running = true;
      await held;
    });
    await server.ctx.jobs.send('metrics.holding', {});
    try {
      for (let i = 0; i < 200 && !(running && (await metric('metrics.failing', 'failed')) === 1); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await metric('metrics.waiting', 'queued')).toBe(3);
      expect(await metric('metrics.waiting', 'active')).toBe(0);
      expect(await metric('metrics.failing', 'failed')).toBe(1);
      expect(await metric('metrics.failing', 'queued')).toBe(0);
      expect(await metric('metrics.holding', 'active')).toBe(1);
    } finally {
      release();
    }
  });
});

describe('metrics without a token', () => {
  // Starts a server of its own, which takes longer than one request on a busy machine.
  it('are off', { timeout: 120_000 }, async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, refuses new connections, and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-shutdown-'));
    // A migrated database (a copy of the tests' template): the shutdown is the subject, not a first boot.
    await copyMigratedPgliteTemplate(path.join(dataDir, 'db'));
    const port = await freePort();
    const proc = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitUntilHealthy(proc);
      // A sign-in whose body arrives in two halves: SIGTERM comes between them.
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          `${proc.url}/auth/v1/token?grant_type=password`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (d: string) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          proc.child.kill('SIGTERM');
          setTimeout(async () => {
            // The listener is closed: a new connection is refused while the old request still runs.
            await expect(fetch(`${proc.url}/healthz`)).rejects.toThrow();
            req.end(body.slice(10));
          }, 1000);
        }, 300);
      });
      const done = await answer;
      // Answered in full (the request had no API key, so the answer is GoTrue's 401).
      expect(done.status).toBe(401);
      expect(JSON.parse(done.body)).toMatchObject({ message: 'No API key found in request' });
      expect(await proc.exited).toEqual({ code: 0, signal: null });
      // The embedded database was closed and its folder lock released: the next start works.
      const next = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
      await waitUntilHealthy(next);
      await stopServer(next);
    } finally {
      await stopServer(proc);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
