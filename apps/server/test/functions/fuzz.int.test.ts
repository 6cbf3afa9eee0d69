// Property-based test of /functions/v1: random and malformed requests to every registered server
// function — bad JSON, wrong types, odd methods and content types, broken multipart, foreign and
// expired tokens, bodies past each function's limit. Properties: never a 5xx, never a stack trace
// or SQL in a body, and every 4xx is JSON in the gateway's error shape ({error} or {code, message}).
import crypto from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFunctions } from '../../src/functions/registry.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { startFakeStripe, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { startFakePaystack, type FakePaystack } from '@tagledger/test-kit/fake-paystack';
import { startFakeMtnMomo, type FakeMtnMomo } from '@tagledger/test-kit/fake-mtn-momo';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';

const NAMES = serverFunctions.map((f) => f.name);
const ODD_NAMES = [
  '',
  'nope',
  '..',
  '%2e%2e',
  'submit-bug-report%00',
  'SUBMIT-BUG-REPORT',
  'a'.repeat(2500),
  '%ff',
  'rest',
  'export-my-data;drop',
];
const SUB_PATHS = ['/x', '/../../rest/v1/user_profiles', '/%ff%fe', '/a/b/c', '/?', '//'];

/** Markers of generated SQL, database errors and stack traces; none may ever reach a client. */
const LEAKS = [
  /\bat .+\.(ts|js):\d+/,
  /node_modules/,
  /syntax error at or near/i,
  /violates [a-z -]*constraint/i,
  /relation ".+" does not exist/i,
  /invalid input syntax for type/i,
  /duplicate key value/i,
  /\bERROR:\s/,
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set)\b\s+"?(public|auth|storage|private)\./i,
];

const FIELDS = [
  'assetId',
  'assetIds',
  'submissionId',
  'media',
  'expectedCost',
  'quoteOnly',
  'asset',
  'user_id',
  'banned',
  'reason',
  'current_password',
  'new_password',
  'action',
  'senderEmail',
  'senderName',
  'message',
  'messageId',
  'reply',
  'password',
  'confirmation',
  'fromSeq',
  'limit',
  'firstOnly',
  'errorMessage',
  'consoleLogs',
  'screenshotBase64',
  'pageUrl',
  'userAgent',
  'metadata',
  'kind',
  'title',
  'tags',
  'estimated_value',
  'currency',
  'privacy',
  'quantity',
  'purchase_date',
  'asset_url',
  'serial_number',
  '__proto__',
  'constructor',
];
// A 1×1 PNG, so that screenshot handling runs on real image bytes too.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const HOSTILE = [
  "'",
  '"',
  "'; drop table auth.users; --",
  '\\',
  '%',
  '\u0000',
  '😀',
  '$1',
  '::uuid',
  '../../etc/passwd',
  '<script>x</script>',
  'null',
  'NaN',
  '1e999',
  '-1',
  '99999999999999999999',
  '0',
  '',
  ' ',
  'send',
  'reply',
  'DELETE',
  'public',
  'private',
  'digital',
  'legacy',
  'business',
  '2026-02-30',
  '9999-99-99',
  'ipfs://x',
  'javascript:alert(1)',
  PNG,
  `data:image/png;base64,${PNG}`,
  'not base64 ***',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  'a@b.c',
  'EUR',
];

function values(userIds: string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(...HOSTILE, ...userIds),
    fc.uuid(),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...FIELDS), tie('v'), { maxKeys: 4 }),
    ),
  })).v;
}

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=XyZ',
  'application/octet-stream',
  'image/png',
  '',
  ';;;',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=',
];

function multipart(parts: [string, string][], complete: boolean): string {
  const body = parts
    .map(
      ([name, value]) =>
        `--XyZ\r\nContent-Disposition: form-data; name="${name}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\n${value}\r\n`,
    )
    .join('');
  return complete ? `${body}--XyZ--\r\n` : body.slice(0, Math.max(0, body.length - 7));
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer | undefined;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function send(base: string, req: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    // Node's client frames a GET/DELETE/OPTIONS body with neither Content-Length nor chunking, which
    // would make the body bytes the next request on the connection; real clients send a length.
    const headers = { ...req.headers };
    if (req.body !== undefined && !headers['transfer-encoding'])
      headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = http.request(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

function check(sent: Sent, answer: Answer): void {
  const context = `${sent.method} ${sent.path.slice(0, 200)} ${JSON.stringify(sent.headers).slice(0, 300)} body=${String(sent.body ?? '').slice(0, 300)}`;
  if (answer.status >= 500) throw new Error(`${answer.status} for ${context}: ${answer.text}`);
  for (const leak of LEAKS) if (leak.test(answer.text)) throw new Error(`leak ${leak} for ${context}: ${answer.text}`);
  if (answer.status >= 400 && sent.method !== 'HEAD' && answer.status !== 405 && answer.status !== 404) {
    // The gateway's shapes: {error: "…"} from functions, {code, message} from the gateway itself.
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw new Error(`non-JSON ${answer.status} for ${context}: ${answer.text}`);
    }
    const p = parsed as { error?: unknown; message?: unknown };
    if (typeof p.error !== 'string' && typeof p.message !== 'string')
      throw new Error(`no error/message in ${answer.status} for ${context}: ${answer.text}`);
  }
}

describe.each(drivers)('functions fuzzing on %s', (driver) => {
  let server: TestServer;
  let bob: TestUser;
  let admin: TestUser;
  let callers: Record<string, string | undefined>;
  let stripe: FakeStripe;
  let paystack: FakePaystack;
  let momo: FakeMtnMomo;

  beforeAll(async () => {
    // Purchases are switched on (against the local Stripe, Paystack and MTN MoMo fakes), so the
    // checkout, payment and webhook functions run their real input handling instead of answering
    // "not enabled".
    stripe = await startFakeStripe();
    paystack = await startFakePaystack();
    momo = await startFakeMtnMomo();
    server = await startTestServer({
      driver,
      env: { RATE_LIMITS: 'off', ...stripe.serverEnv(), ...paystack.serverEnv(), ...momo.serverEnv() },
    });
    bob = await createTestUser(server);
    admin = await createTestUser(server, { role: 'admin' });
    const foreignKey = await jose.generateKeyPair('ES256');
    const claims = {
      sub: bob.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: bob.email,
      session_id: crypto.randomUUID(),
    };
    callers = {
      none: undefined,
      anon: `Bearer ${server.anonKey}`,
      bob: `Bearer ${bob.token}`,
      admin: `Bearer ${admin.token}`,
      service: `Bearer ${server.serviceRoleKey}`,
      garbage: 'Bearer garbage.jwt.value',
      empty: 'Bearer ',
      basic: 'Basic Ym9iOnB3',
      foreign: `Bearer ${await new jose.SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: server.ctx.keys.kid }).setExpirationTime('1h').sign(foreignKey.privateKey)}`,
      expired: `Bearer ${await server.ctx.keys.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, 60)}`,
      oddRole: `Bearer ${await server.ctx.keys.sign({ ...claims, role: 'postgres' }, 3600)}`,
      noSub: `Bearer ${await server.ctx.keys.sign({ role: 'authenticated', aud: 'authenticated' }, 3600)}`,
      unsigned: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
    };
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
    await paystack?.close();
    await momo?.close();
  });

  it('answers random and malformed requests to every function without 5xx or leaks', async () => {
    const reached = new Set<string>();
    const value = values([bob.id, admin.id]);
    const jsonBody = fc
      .oneof(
        { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }) },
        { weight: 1, arbitrary: value },
      )
      .map((v) => JSON.stringify(v) ?? 'null');
    const rawBody = fc.oneof(
      fc.constantFrom(
        '{',
        '{"assetId":',
        'nul',
        '[1,2',
        '\u0000',
        '{"a":1}{"b":2}',
        '""',
        'true',
        '\ufeff{}',
        '{"__proto__":{"x":1}}',
      ),
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc
        .array(fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...HOSTILE.slice(0, 30))), { maxLength: 4 })
        .chain((parts) => fc.boolean().map((complete) => multipart(parts, complete))),
      fc
        .dictionary(fc.constantFrom(...FIELDS), fc.constantFrom(...HOSTILE.slice(0, 30)), { maxKeys: 4 })
        .map((d) => new URLSearchParams(d as Record<string, string>).toString()),
    );
    const request = fc.record({
      method: fc.constantFrom(
        'POST',
        'POST',
        'POST',
        'POST',
        'GET',
        'PUT',
        'PATCH',
        'DELETE',
        'HEAD',
        'OPTIONS',
        'PROPFIND',
        'TRACE',
      ),
      // Unbiased, so every function gets its share of the runs (fast-check favours the first values).
      name: fc.oneof(
        { weight: 10, arbitrary: fc.noBias(fc.constantFrom(...NAMES)) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_NAMES) },
      ),
      // Mostly the function's own path: fc.option's freq is the chance of *nil*, so it is not used here.
      subPath: fc.oneof(
        { weight: 7, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...SUB_PATHS) },
      ),
      query: fc.option(
        fc.array(
          fc.tuple(
            fc.constantFrom(...FIELDS),
            fc.oneof(fc.constantFrom(...HOSTILE.slice(0, 30)), fc.uuid(), fc.integer().map(String)),
          ),
          { maxLength: 3 },
        ),
        { freq: 3 },
      ),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      body: fc.option(fc.oneof({ weight: 3, arbitrary: jsonBody }, { weight: 2, arbitrary: rawBody }), { freq: 6 }),
      // Mostly signed-in callers, so that requests get past the gateway into the functions.
      caller: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('bob', 'bob', 'admin') },
        { weight: 4, arbitrary: fc.constantFrom(...Object.keys(callers)) },
      ),
      apikey: fc.constantFrom<string | undefined>(
        server.anonKey,
        server.anonKey,
        server.anonKey,
        undefined,
        'not-a-key',
      ),
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const query = r.query?.length
          ? `?${r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
          : '';
        const headers: Record<string, string> = {};
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (callers[r.caller]) headers.authorization = callers[r.caller]!;
        if (r.apikey) headers.apikey = r.apikey;
        // OPTIONS is a CORS preflight here: the app-wide cors plugin answers a bare OPTIONS with a
        // plain-text 400 before routing, which is outside what this suite tests.
        if (r.method === 'OPTIONS')
          Object.assign(headers, { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' });
        // TRACE may not carry content (RFC 9110 §9.3.8); Node's server then drops the connection, which is right.
        const body = r.method === 'TRACE' ? undefined : (r.body ?? undefined);
        const sent: Sent = {
          method: r.method,
          path: `/functions/v1/${r.name}${r.subPath ?? ''}${query}`,
          headers,
          body,
        };
        const answer = await send(server.url, sent);
        check(sent, answer);
        // Past the gateway (route found, caller accepted, body decoded): the handler itself answered.
        if (
          NAMES.includes(r.name) &&
          !r.subPath &&
          r.method !== 'OPTIONS' &&
          ![401, 404, 413, 415].includes(answer.status)
        )
          reached.add(r.name);
      }),
      { numRuns: 1500, seed: 20261123 },
    );
    // A fuzzer stopped at the gateway would prove nothing about the functions behind it.
    expect([...reached].sort()).toEqual([...NAMES].sort());
  }, 180_000);

  it('refuses a body past each function’s limit with 413, with or without Content-Length', async () => {
    for (const fn of serverFunctions) {
      const limit = fn.bodyLimit ?? 1024 * 1024;
      const body = JSON.stringify({ padding: 'x'.repeat(limit) });
      for (const chunked of [false, true]) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          authorization: `Bearer ${bob.token}`,
        };
        if (chunked) headers['transfer-encoding'] = 'chunked';
        const sent: Sent = { method: 'POST', path: `/functions/v1/${fn.name}`, headers, body };
        const answer = await send(server.url, sent);
        check(sent, answer);
        // A streaming function stops at its limit while it reads: without Content-Length it may answer
        // (400, 404…) before reading at all; the business tests cover its limit mid-stream.
        if (fn.streamBody && chunked) expect([fn.name, answer.status < 500]).toEqual([fn.name, true]);
        else expect([fn.name, answer.status]).toEqual([fn.name, 413]);
      }
    }
    // Two bodies of up to 1 MiB for each of some forty functions: more than the default 30 s on a
    // loaded 2-core machine (a clean-clone run beside an e2e run took 31–36 s).
  }, 120_000);

  it('answers 413 to a body far past the limit, which the server stops reading', async () => {
    // admin-ban-user takes 4 KiB; past 4 × limit + 1 MiB the gateway cuts the upload off.
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    for (const chunked of [false, true]) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        authorization: `Bearer ${admin.token}`,
      };
      if (chunked) headers['transfer-encoding'] = 'chunked';
      const sent: Sent = { method: 'POST', path: '/functions/v1/admin-ban-user', headers, body };
      const answer = await send(server.url, sent);
      check(sent, answer);
      expect(answer.status).toBe(413);
    }
    // The server is still there for the next caller.
    expect((await send(server.url, { method: 'GET', path: '/healthz', headers: {} })).status).toBe(200);
  });
});
