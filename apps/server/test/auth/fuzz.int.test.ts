// Property: whatever body, query or header a client throws at /auth/v1, the answer is never a
// 5xx and never leaks SQL or a stack trace.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';

const ENDPOINTS: [string, string][] = [
  ['POST', '/signup'],
  ['POST', '/token?grant_type=password'],
  ['POST', '/token?grant_type=refresh_token'],
  ['POST', '/token?grant_type=pkce'],
  ['POST', '/otp'],
  ['POST', '/verify'],
  ['GET', '/verify'],
  ['POST', '/recover'],
  ['POST', '/resend'],
  ['PUT', '/user'],
  ['POST', '/logout'],
  ['POST', '/factors'],
  ['POST', '/admin/users'],
  ['GET', '/admin/users'],
];

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table auth.users; --',
    '\u0000',
    '../../etc/passwd',
    'pkce_',
    '%00',
    '<script>',
    'x'.repeat(5000),
  ),
  fc.emailAddress(),
  fc.uuid(),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('v'), { maxKeys: 3 }),
  ),
})).v;
const fieldNames = fc.constantFrom(
  'email',
  'password',
  'phone',
  'data',
  'refresh_token',
  'auth_code',
  'code_verifier',
  'token',
  'token_hash',
  'type',
  'code_challenge',
  'code_challenge_method',
  'create_user',
  'nonce',
  'factor_type',
  'ban_duration',
  'password_hash',
  'app_metadata',
);
const body = fc.oneof(
  fc.dictionary(fieldNames, value, { maxKeys: 6 }),
  value.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

describe('auth fuzzing (pglite)', () => {
  let server: TestServer;
  let userToken: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'off', MAILER_AUTOCONFIRM: 'true' } });
    const { data } = await server
      .anonClient()
      .auth.signUp({ email: `fuzz-${Date.now()}@example.test`, password: 'fuzz-pass-1' });
    userToken = data.session!.access_token;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it('never answers 5xx or leaks internals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        body,
        fc.dictionary(
          fc.constantFrom('grant_type', 'token', 'type', 'redirect_to', 'scope', 'page', 'per_page'),
          hostileString,
          { maxKeys: 3 },
        ),
        fc.constantFrom('user', 'service', 'anon', 'garbage'),
        async ([method, path], payload, query, who) => {
          const url = new URL(`${server.url}/auth/v1${path}`);
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
          const bearer = { user: userToken, service: server.serviceRoleKey, anon: server.anonKey, garbage: 'a.b.c' }[
            who
          ];
          const res = await fetch(url, {
            method,
            redirect: 'manual',
            headers: { apikey: server.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { body: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
          });
          const text = await res.text();
          expect(res.status, `${method} ${url} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
          expect(text).not.toMatch(/\bat .*\.(ts|js):\d+|syntax error|relation "|duplicate key|violates/i);
        },
      ),
      { numRuns: 1500 },
    );
  }, 600_000);
});
