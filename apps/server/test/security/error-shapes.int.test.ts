// Framework-level bad requests (unknown routes, wrong methods, bad content types, empty or
// malformed bodies, oversized bodies, undecodable URLs) sent to each API: every answer must be a
// 4xx in that API's own error shape — GoTrue's for /auth/v1 (both dialects), PostgREST's for
// /rest/v1, Storage's for /storage/v1, the gateway's for /functions/v1 — never Fastify's
// {statusCode, code: "FST_…", error, message} and never a 5xx.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';

interface Probe {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Raw HTTP so that malformed paths and bodies reach the server exactly as written. */
function send(server: TestServer, probe: Probe): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: probe.method, path: probe.path, headers: probe.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (probe.body !== undefined) req.write(probe.body);
    req.end();
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const oversized = Buffer.alloc(1024 * 1024 + 10, 'a');
const oversizedJson = `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`;

/** The framework-level failures every API gets, under its prefix. */
function frameworkProbes(prefix: string, existing: { method: string; path: string }): Probe[] {
  return [
    { name: 'unknown route', method: 'GET', path: `${prefix}/no/such/route` },
    {
      name: 'empty JSON body on DELETE',
      method: 'DELETE',
      path: `${prefix}${existing.path}`,
      headers: { ...JSON_TYPE, 'content-length': '0' },
    },
    {
      name: 'malformed JSON',
      method: existing.method,
      path: `${prefix}${existing.path}`,
      headers: JSON_TYPE,
      body: '{"a":',
    },
    {
      name: 'unknown content type',
      method: existing.method,
      path: `${prefix}${existing.path}`,
      headers: { 'content-type': 'application/x-unknown' },
      body: '\u0000\u0001',
    },
    {
      name: 'oversized JSON body',
      method: existing.method,
      path: `${prefix}${existing.path}`,
      headers: JSON_TYPE,
      body: oversizedJson,
    },
    {
      name: 'oversized binary body',
      method: existing.method,
      path: `${prefix}${existing.path}`,
      headers: { 'content-type': 'application/octet-stream' },
      body: oversized,
    },
    { name: 'undecodable URL', method: 'GET', path: `${prefix}/%E0%A4%A` },
    {
      name: 'bad JSON content-type parameters',
      method: existing.method,
      path: `${prefix}${existing.path}`,
      headers: { 'content-type': 'application/json; charset=utf-99' },
      body: '{',
    },
  ];
}

function parse(answer: Answer): Record<string, unknown> {
  expect(answer.headers['content-type'], answer.text).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as unknown;
  expect(body, answer.text).toBeTypeOf('object');
  expect(answer.text, 'no Fastify error codes leak').not.toMatch(/FST_/);
  expect(answer.text, 'no stack traces').not.toMatch(/\bat .+\.(js|ts):\d+/);
  return body as Record<string, unknown>;
}

function expectClientError(answer: Answer, probe: Probe): void {
  expect(answer.status, `${probe.name}: ${answer.text}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${probe.name}: ${answer.text}`).toBeLessThan(500);
}

describe.each(drivers)("framework-level errors in each API's own shape on %s", (driver) => {
  let server: TestServer;
  let apiKey: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { RATE_LIMITS: 'off' } });
    apiKey = { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` };
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  const authProbes = frameworkProbes('/auth/v1', { method: 'POST', path: '/token?grant_type=password' });
  authProbes.push(
    { name: 'wrong method on a known path', method: 'PATCH', path: '/auth/v1/user' },
    // What supabase-js's unlinkIdentity sends: DELETE, JSON content type, no body.
    {
      name: 'unlinkIdentity request',
      method: 'DELETE',
      path: '/auth/v1/user/identities/00000000-0000-0000-0000-000000000000',
      headers: { ...JSON_TYPE, 'content-length': '0' },
    },
  );

  it.each(authProbes)('/auth/v1 $name → GoTrue shape, legacy dialect', async (probe) => {
    const answer = await send(server, { ...probe, headers: { ...apiKey, ...probe.headers } });
    expectClientError(answer, probe);
    const body = parse(answer);
    expect(body.code).toBe(answer.status);
    expect(body.error_code).toEqual(expect.any(String));
    expect(body.msg).toEqual(expect.any(String));
    expect(answer.headers['x-sb-error-code']).toBe(body.error_code);
  });

  it.each(authProbes)('/auth/v1 $name → GoTrue shape, 2024-01-01 dialect', async (probe) => {
    const answer = await send(server, {
      ...probe,
      headers: { ...apiKey, 'x-supabase-api-version': '2024-01-01', ...probe.headers },
    });
    expectClientError(answer, probe);
    const body = parse(answer);
    expect(body.code).toEqual(expect.any(String));
    expect(body.code).toBe(body.error_code);
    expect(body.message).toEqual(expect.any(String));
    expect(answer.headers['x-supabase-api-version']).toBe('2024-01-01');
  });

  it('/auth/v1: an empty JSON body on DELETE reaches the handler like GoTrue (a real answer, not a parse error)', async () => {
    const answer = await send(server, {
      name: 'unenroll without a session',
      method: 'DELETE',
      path: '/auth/v1/factors/00000000-0000-0000-0000-000000000000',
      headers: { apikey: server.anonKey, ...JSON_TYPE, 'content-length': '0' },
    });
    expect(answer.status).toBe(401);
    expect(parse(answer).error_code).toBe('no_authorization');
  });

  it('/auth/v1: an oversized body is 413 request_entity_too_large', async () => {
    const answer = await send(server, {
      name: 'big',
      method: 'POST',
      path: '/auth/v1/signup',
      headers: { ...apiKey, ...JSON_TYPE },
      body: oversizedJson,
    });
    expect(answer.status).toBe(413);
    expect(parse(answer).error_code).toBe('request_entity_too_large');
  });

  it.each(frameworkProbes('/rest/v1', { method: 'POST', path: '/news_articles' }))(
    '/rest/v1 $name → PostgREST shape',
    async (probe) => {
      const answer = await send(server, { ...probe, headers: { ...apiKey, ...probe.headers } });
      expectClientError(answer, probe);
      const body = parse(answer);
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body.code).toEqual(expect.any(String));
      expect(body.message).toEqual(expect.any(String));
    },
  );

  it.each(frameworkProbes('/storage/v1', { method: 'POST', path: '/bucket' }))(
    '/storage/v1 $name → Storage shape',
    async (probe) => {
      const answer = await send(server, { ...probe, headers: { ...apiKey, ...probe.headers } });
      expectClientError(answer, probe);
      const body = parse(answer);
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(body.statusCode).toMatch(/^\d{3}$/);
      expect(body.code).toEqual(expect.any(String));
    },
  );

  const functionProbes = frameworkProbes('/functions/v1', { method: 'POST', path: '/submit-bug-report' });
  functionProbes.push({ name: 'no function name', method: 'GET', path: '/functions/v1/' });
  it.each(functionProbes)('/functions/v1 $name → gateway shape', async (probe) => {
    const answer = await send(server, { ...probe, headers: { ...apiKey, ...probe.headers } });
    expectClientError(answer, probe);
    const body = parse(answer);
    // The functions gateway answers {code, message} for its own refusals and {error} for a function's.
    const gateway = typeof body.message === 'string' && body.code !== undefined;
    const fromFunction = typeof body.error === 'string' && Object.keys(body).length === 1;
    expect(gateway || fromFunction, answer.text).toBe(true);
  });
});
