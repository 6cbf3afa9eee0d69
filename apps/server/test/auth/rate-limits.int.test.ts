// Rate limits with RATE_LIMITS on (the default): per-IP and per-e-mail budgets answer 429
// (password sign-in backoff is in test/security/sign-in-lockout.int.test.ts)
// over_request_rate_limit; a second mail of one kind within 60 s answers 429
// over_email_send_rate_limit — except on recover/resend, which never reveal an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { awayFromWindowEdge, STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

describe.each(drivers)('auth rate limits on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    expect(server.config.rateLimitsEnabled).toBe(true);
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, body: object) =>
    fetch(`${server.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify(body),
    });

  it('limits /verify per IP (30 per 5 minutes)', async () => {
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await post('/verify', { type: 'signup', token_hash: `bogus${i}` })).status);
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
    const last = await post('/verify', { type: 'signup', token_hash: 'bogus' });
    expect(await last.json()).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  });

  it('refuses a second confirmation mail within 60 s with over_email_send_rate_limit', async () => {
    const email = uniqueEmail('freq');
    const supabase = server.anonClient();
    expect((await supabase.auth.signUp({ email, password: 'secret-pass' })).error).toBeNull();
    const again = await supabase.auth.signUp({ email, password: 'secret-pass' });
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.status).toBe(429);
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    // Once the minute has passed, the mail may go again.
    await server.ctx.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`,
      [email],
    );
    expect((await supabase.auth.signUp({ email, password: 'secret-pass' })).error).toBeNull();
  });

  it('answers recover with {} even when the per-user mail frequency refuses to send', async () => {
    const email = uniqueEmail('rec');
    const created = await server
      .serviceClient()
      .auth.admin.createUser({ email, password: 'secret-pass', email_confirm: true });
    expect(created.error).toBeNull();
    for (let i = 0; i < 2; i++) {
      const res = await post('/recover', { email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    const ghost = await post('/recover', { email: uniqueEmail('ghost') });
    expect(ghost.status).toBe(200);
  });

  it('limits the mail endpoints per e-mail address (10 per 5 minutes)', async () => {
    const email = uniqueEmail('perm');
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/recover', { email })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
