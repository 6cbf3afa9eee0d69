// Security hole 8: weak passwords. Minimum 8 characters, no password from the common-password
// list, none built from the account's e-mail address — on every path that sets a password, with
// GoTrue's 422 weak_password answer and its reasons.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { ensureAdminAccount } from '../../src/auth/bootstrap-admin.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

const STRONG = 'Tl-correct-horse-42!';

describe('ADMIN_PASSWORD', () => {
  it('must have 8 characters in the environment', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.test', ADMIN_PASSWORD: 'Qz7#x1' })).toThrow(ConfigError);
    expect(loadConfig({ ADMIN_EMAIL: 'root@example.test', ADMIN_PASSWORD: STRONG }).adminPassword).toBe(STRONG);
  });
});

describe.each(drivers)('password policy on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { RATE_LIMITS: 'off', MAILER_AUTOCONFIRM: 'true' } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  async function signUp(email: string, password: string) {
    return server.anonClient().auth.signUp({ email, password });
  }

  function reasonsOf(error: unknown): string[] {
    expect(isAuthWeakPasswordError(error)).toBe(true);
    return (error as { reasons: string[] }).reasons;
  }

  it("refuses the issue's examples and other common passwords at sign-up, with reason pwned", async () => {
    for (const password of ['password', '12345678', 'iloveyou', 'Password1!', 'qwerty123']) {
      const { error } = await signUp(uniqueEmail('common'), password);
      expect(error?.status, password).toBe(422);
      expect(error?.code, password).toBe('weak_password');
      expect(reasonsOf(error), password).toContain('pwned');
    }
  });

  it("refuses fewer than 8 characters with reason length and GoTrue's message", async () => {
    const { error } = await signUp(uniqueEmail('short'), 'Qz7#x1k');
    expect(reasonsOf(error)).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 8 characters.');
  });

  it('refuses passwords built from the e-mail address, with reason email', async () => {
    // Letters at both ends: a random part of only digits must not leave a dictionary word like
    // `mallory` once digits are trimmed (that would add the reason pwned).
    const local = `qv.mallory.${crypto.randomBytes(3).toString('hex')}.q`;
    const email = `${local}@example.test`;
    for (const password of [email, `${local}!`, `${local.replaceAll('.', '').toUpperCase()}2024`]) {
      const { error } = await signUp(email, password);
      expect(reasonsOf(error), password).toEqual(['email']);
    }
    // The same word is fine for someone whose address has nothing to do with it.
    expect((await signUp(uniqueEmail('other'), `${local}-Tl-42!`)).error).toBeNull();
  });

  it('accepts a strong password and answers over-long ones with validation_failed', async () => {
    expect((await signUp(uniqueEmail('strong'), STRONG)).error).toBeNull();
    expect((await signUp(uniqueEmail('long'), 'Tl-'.repeat(25))).error?.code).toBe('validation_failed');
  });

  it('applies to a password change through PUT /user', async () => {
    const email = uniqueEmail('changer');
    const client = server.anonClient();
    expect((await client.auth.signUp({ email, password: STRONG })).error).toBeNull();
    const weak = await client.auth.updateUser({ password: 'password123' });
    expect(reasonsOf(weak.error)).toContain('pwned');
    const fromEmail = await client.auth.updateUser({ password: email });
    expect(reasonsOf(fromEmail.error)).toContain('email');
    expect((await client.auth.updateUser({ password: 'Tl-another-horse-43?' })).error).toBeNull();
  });

  it('applies to a reset after a recovery link', async () => {
    const email = uniqueEmail('forgot');
    const admin = server.serviceClient().auth.admin;
    expect((await admin.createUser({ email, password: STRONG, email_confirm: true })).error).toBeNull();
    const link = await admin.generateLink({ type: 'recovery', email });
    expect(link.error).toBeNull();
    const client = server.anonClient();
    const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: link.data.properties!.hashed_token });
    expect(verified.error).toBeNull();
    const weak = await client.auth.updateUser({ password: '12345678' });
    expect(reasonsOf(weak.error)).toContain('pwned');
    expect((await client.auth.updateUser({ password: 'Tl-recovered-horse-44#' })).error).toBeNull();
  });

  it('applies to the admin API too (like GoTrue), except an imported password_hash', async () => {
    const admin = server.serviceClient().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail('admin-made'), password: 'password' });
    expect(created.error?.code).toBe('weak_password');
    expect(created.error?.status).toBe(422);
    const ok = await admin.createUser({ email: uniqueEmail('admin-ok'), password: STRONG });
    expect(ok.error).toBeNull();
    const updated = await admin.updateUserById(ok.data.user!.id, { password: ok.data.user!.email! });
    expect(updated.error?.code).toBe('weak_password');
    const link = await admin.generateLink({ type: 'signup', email: uniqueEmail('admin-link'), password: 'qwertyuiop' });
    expect(link.error?.code).toBe('weak_password');
  });

  it('applies to the change-password function, with the same reasons', async () => {
    const email = uniqueEmail('fn');
    const client = server.anonClient();
    const { data } = await client.auth.signUp({ email, password: STRONG });
    const call = (next: string) =>
      fetch(`${server.url}/functions/v1/change-password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          apikey: server.anonKey,
          authorization: `Bearer ${data.session!.access_token}`,
        },
        body: JSON.stringify({ current_password: STRONG, new_password: next }),
      });
    const weak = await call('password1');
    expect(weak.status).toBe(422);
    expect(await weak.json()).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['pwned'] } });
    const fromEmail = await call(email.toUpperCase());
    expect(await fromEmail.json()).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['email'] } });
    const ok = await call('Tl-function-horse-45%');
    expect(ok.status).toBe(200);
  });

  it('refuses to ensure the admin account with a common ADMIN_PASSWORD', async () => {
    const silent = { info: () => undefined } as never;
    const config = server.ctx.config;
    const ctx = { ...server.ctx, config: { ...config, adminEmail: uniqueEmail('root'), adminPassword: '12345678' } };
    await expect(ensureAdminAccount(ctx, silent)).rejects.toThrow(ConfigError);
    const { rows } = await server.ctx.db.query('select 1 from auth.users where email = $1', [ctx.config.adminEmail]);
    expect(rows).toHaveLength(0);
  });
});
