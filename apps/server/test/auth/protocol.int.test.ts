// Wire-level rules of /auth/v1: the API-key gateway, both error dialects, bad input (never a
// 500), the user-guard errors, disabled grants, settings/health/JWKS, and that the auth tables
// are out of reach of the API roles.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { DB_ROLES, withRequestContext } from '@tagledger/db';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';

describe.each(drivers)('auth protocol on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { RATE_LIMITS: 'off' } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, body: string | object, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('requires an API key except on the open routes', async () => {
    const missing = await fetch(`${server.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const invalid = await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: 'nope' } });
    expect(invalid.status).toBe(401);
    expect(((await invalid.json()) as { message: string }).message).toBe('Invalid API key');
    expect((await fetch(`${server.url}/auth/v1/settings?apikey=${server.anonKey}`)).status).toBe(200);
    expect((await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200);
    expect((await fetch(`${server.url}/auth/v1/health`)).status).toBe(200);
    // GET /verify is reached from an e-mail, without a key: it redirects (here with an error).
    const verify = await fetch(`${server.url}/auth/v1/verify?token=abc&type=signup`, { redirect: 'manual' });
    expect(verify.status).toBe(303);
    expect(verify.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('speaks the 2024 dialect when asked (echoing the header) and the legacy one otherwise', async () => {
    const body = { email: 'nobody@example.test', password: 'whatever1' };
    const modern = await post('/token?grant_type=password', body, { 'x-supabase-api-version': '2024-01-01' });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await modern.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const legacy = await post('/token?grant_type=password', body);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const weak = await post('/signup', { email: 'weak@example.test', password: 'Qz7#x' });
    expect(await weak.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('answers bad input with 4xx: malformed JSON, wrong types, huge bodies, unknown grants', async () => {
    const bad = await post('/signup', '{"email":', { 'x-supabase-api-version': '2024-01-01' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('bad_json');
    const wrongType = await post('/signup', { email: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    // PostgreSQL's text cannot hold U+0000: refused as input, not a 500 from the database.
    for (const [path, body] of [
      ['/token?grant_type=password', { email: '\u0000', password: 'x' }],
      ['/signup', { email: 'nul@example.test', password: 'secret-pass', data: { ['a\u0000']: 1 } }],
    ] as const) {
      const nul = await post(path, body);
      expect(nul.status).toBe(400);
      expect(((await nul.json()) as { error_code: string }).error_code).toBe('validation_failed');
    }
    const arrayBody = await post('/token?grant_type=password', '[1,2]');
    expect(arrayBody.status).toBe(400);
    const huge = await post('/signup', { email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error_code: string }).error_code).toBe('request_entity_too_large');
    const unknown = await post('/token?grant_type=magic', {});
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { msg: string }).msg).toBe('unsupported_grant_type');
    const noRefresh = await post('/token?grant_type=refresh_token', {});
    expect(await noRefresh.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
    const badEmail = await post('/signup', { email: 'not-an-email', password: 'secret-pass' });
    expect(((await badEmail.json()) as { error_code: string }).error_code).toBe('validation_failed');
    const bigMeta = await post('/signup', {
      email: 'big@example.test',
      password: 'secret-pass',
      data: { blob: 'x'.repeat(20_000) },
    });
    expect(bigMeta.status).toBe(400);
    const pkce = await post('/signup', {
      email: 'p@example.test',
      password: 'secret-pass',
      code_challenge: 'short',
      code_challenge_method: 's256',
    });
    expect(pkce.status).toBe(400);
  });

  it('answers the disabled providers with the protocol errors', async () => {
    const anon = await server.anonClient().auth.signInAnonymously();
    expect(anon.error?.code).toBe('anonymous_provider_disabled');
    const idToken = await server.anonClient().auth.signInWithIdToken({ provider: 'google', token: 'x' });
    expect(idToken.error?.code).toBe('provider_disabled');
    const sso = await server.anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error?.code).toBe('saml_provider_disabled');
    const oauth = await fetch(
      `${server.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(server.url)}`,
    );
    expect(oauth.status).toBe(400);
    expect(((await oauth.json()) as { msg: string }).msg).toBe('Unsupported provider: github');
    const web3 = await post(
      '/token?grant_type=web3',
      { chain: 'ethereum', message: 'm', signature: 's' },
      { 'x-supabase-api-version': '2024-01-01' },
    );
    expect(((await web3.json()) as { code: string }).code).toBe('web3_provider_disabled');
  });

  it('guards user endpoints: no token, bad token, API key as bearer, unknown user, after logout', async () => {
    const get = (auth?: string) =>
      fetch(`${server.url}/auth/v1/user`, {
        headers: {
          apikey: server.anonKey,
          'x-supabase-api-version': '2024-01-01',
          ...(auth ? { authorization: auth } : {}),
        },
      });
    const codeOf = async (r: Response) => [r.status, ((await r.json()) as { code: string }).code];
    expect(await codeOf(await get())).toEqual([401, 'no_authorization']);
    expect(await codeOf(await get('Bearer not.a.jwt'))).toEqual([403, 'bad_jwt']);
    expect(await codeOf(await get(`Bearer ${server.anonKey}`))).toEqual([403, 'bad_jwt']);
    const ghost = await server.ctx.keys.sign(
      { sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated', session_id: crypto.randomUUID() },
      60,
    );
    expect(await codeOf(await get(`Bearer ${ghost}`))).toEqual([403, 'user_not_found']);
    const badScope = await fetch(`${server.url}/auth/v1/logout?scope=everything`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${ghost}` },
    });
    expect(badScope.status).toBe(400);
  });

  it('serves settings, health and the JWKS', async () => {
    const settings = (await (
      await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })
    ).json()) as {
      external: Record<string, boolean>;
      mailer_autoconfirm: boolean;
      disable_signup: boolean;
    };
    expect(settings.external.email).toBe(true);
    expect(settings.external.google).toBe(false);
    expect(settings.mailer_autoconfirm).toBe(false);
    expect(((await (await fetch(`${server.url}/auth/v1/health`)).json()) as { name: string }).name).toBe('GoTrue');
    const jwks = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
  });

  it('keeps sessions, refresh tokens, factors and flow states out of reach of the API roles', async () => {
    for (const table of [
      'users',
      'identities',
      'sessions',
      'refresh_tokens',
      'flow_state',
      'mfa_factors',
      'mfa_challenges',
      'mfa_amr_claims',
      'audit_log_entries',
    ]) {
      for (const role of DB_ROLES) {
        const attempt = withRequestContext(server.ctx.db, { role, claims: { sub: crypto.randomUUID() } }, (tx) =>
          tx.query(`select * from auth.${table} limit 1`),
        );
        await expect(attempt, `${role} on auth.${table}`).rejects.toMatchObject({ code: '42501' });
      }
    }
  });

  it(
    'signs up with autoconfirm on: a session at once, and user_already_exists for a duplicate',
    async () => {
      const auto = await startTestServer({ driver, env: { RATE_LIMITS: 'off', MAILER_AUTOCONFIRM: 'true' } });
      try {
        const email = `auto-${Date.now().toString(36)}@example.test`;
        const { data, error } = await auto.anonClient().auth.signUp({ email, password: 'secret-pass' });
        expect(error).toBeNull();
        expect(data.session?.access_token).toBeTruthy();
        expect(data.user?.email_confirmed_at).toBeTruthy();
        const dup = await auto.anonClient().auth.signUp({ email, password: 'secret-pass' });
        expect(dup.error?.code).toBe('user_already_exists');
        expect(dup.error?.status).toBe(422);
      } finally {
        await auto.close();
      }
    },
    STARTUP_TIMEOUT,
  );
});
