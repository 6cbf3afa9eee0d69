// Issue 34, item 1 (auth): GoTrue's own words and order where auth-js's suite pins them — disabled
// SAML, ID-token providers and manual linking; reauthentication without an address; phone codes
// (format first, then "expired or invalid", never "phone disabled"); generate_link's redirect and
// e-mail-change halves; the configurable minimum password length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../src/config/index.js';
import { clientOptions, drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

const PASSWORD = 'Tl-correct-horse-42!';

describe('PASSWORD_MIN_LENGTH', () => {
  it('is read under both names, defaults to 8 and stays between 6 and 72', () => {
    expect(loadConfig({}).passwordMinLength).toBe(8);
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '12' }).passwordMinLength).toBe(12);
    expect(loadConfig({ GOTRUE_PASSWORD_MIN_LENGTH: '6' }).passwordMinLength).toBe(6);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '3' })).toThrow(/PASSWORD_MIN_LENGTH/);
  });
});

describe.each(drivers)("GoTrue's texts and order (issue 34) on %s", (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      driver,
      env: {
        MAILER_AUTOCONFIRM: 'true',
        RATE_LIMITS: 'off',
        ENABLE_ANONYMOUS_SIGNINS: 'true',
        ADDITIONAL_REDIRECT_URLS: 'http://localhost:9999/**',
      },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  async function signedIn() {
    const client = server.anonClient();
    const { error } = await client.auth.signUp({ email: uniqueEmail('texts'), password: PASSWORD });
    expect(error).toBeNull();
    return client;
  }

  it('answers signInWithSSO with "SAML 2.0 is disabled"', async () => {
    for (const params of [{ providerId: 'valid-provider-id' }, { domain: 'example.com' }, {} as never]) {
      const { data, error } = await server.anonClient().auth.signInWithSSO(params);
      expect(data).toBeNull();
      expect(error?.message).toBe('SAML 2.0 is disabled');
      expect([error?.status, error?.code]).toEqual([404, 'saml_provider_disabled']);
    }
  });

  it('answers signInWithIdToken with the provider\'s issuer "is not enabled"', async () => {
    const google = await server.anonClient().auth.signInWithIdToken({ provider: 'google', token: 'x', nonce: 'n' });
    expect(google.data.session).toBeNull();
    expect(google.error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
    expect([google.error?.status, google.error?.code]).toEqual([400, 'provider_disabled']);
    const custom = await server.anonClient().auth.signInWithIdToken({ provider: 'my-oidc', token: 'x' });
    expect(custom.error?.message).toBe('Custom OIDC provider "my-oidc" not allowed');
    const empty = await server.anonClient().auth.signInWithIdToken({ provider: 'google', token: '' });
    expect(empty.error?.message).toBe('id_token required');
  });

  it('answers linkIdentity and unlinkIdentity with "Manual linking is disabled"', async () => {
    const client = await signedIn();
    const link = await client.auth.linkIdentity({ provider: 'google', options: { redirectTo: server.url } });
    expect(link.error?.message).toBe('Manual linking is disabled');
    expect(link.error?.status).toBe(404);
    const { data } = await client.auth.getUserIdentities();
    const unlink = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlink.error?.message).toBe('Manual linking is disabled');
  });

  it('refuses reauthentication for an account without an address, as GoTrue says', async () => {
    const client = server.anonClient();
    const anon = await client.auth.signInAnonymously();
    expect(anon.error).toBeNull();
    const { data, error } = await client.auth.reauthenticate();
    expect(data.session).toBeNull();
    expect(error?.message).toBe('Reauthentication requires the user to have an email or a phone number');
    expect([error?.status, error?.code]).toEqual([400, 'validation_failed']);
  });

  it('checks a phone code for its number format, then finds it expired or invalid', async () => {
    const client = server.anonClient();
    const phone = `1${Date.now().toString().slice(-10)}`;
    for (const type of ['sms', 'phone_change'] as const) {
      const wrong = await client.auth.verifyOtp({ phone, token: '123456', type });
      expect(wrong.data.user).toBeNull();
      expect(wrong.error?.message).toBe('Token has expired or is invalid');
      expect([wrong.error?.status, wrong.error?.code]).toEqual([403, 'otp_expired']);
    }
    const malformed = await client.auth.verifyOtp({ phone: `${phone}-invalid`, token: '123456', type: 'sms' });
    expect(malformed.error?.message).toBe('Invalid phone number format (E.164 required)');
    expect(malformed.error?.status).toBe(400);
  });

  it('keeps an allowed redirect_to in a generated signup link', async () => {
    const admin = server.serviceClient();
    const redirectTo = 'http://localhost:9999/welcome';
    const { data, error } = await admin.auth.admin.generateLink({
      type: 'signup',
      email: uniqueEmail('link'),
      password: PASSWORD,
      options: { data: { status: 'alpha' }, redirectTo },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ status: 'alpha' });
    expect(data.properties!.redirect_to).toBe(redirectTo);
    const link = new URL(data.properties!.action_link);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
    // A target outside the allow-list still falls back to the site.
    const other = await admin.auth.admin.generateLink({
      type: 'signup',
      email: uniqueEmail('link'),
      password: PASSWORD,
      options: { redirectTo: 'https://elsewhere.example/' },
    });
    expect(other.data.properties!.redirect_to).toBe(server.config.siteUrl);
  });

  it('generates an email_change_current link for a user the admin API created, as GoTrue does', async () => {
    const admin = server.serviceClient();
    const email = uniqueEmail('current');
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, user_metadata: {} });
    expect(created.error).toBeNull();
    const newEmail = uniqueEmail('new');
    const { data, error } = await admin.auth.admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail,
      options: { redirectTo: 'http://localhost:9999/welcome' },
    });
    expect(error).toBeNull();
    expect(data.user!.new_email).toBe(newEmail);
    expect(data.properties!.verification_type).toBe('email_change_current');
    expect(data.properties!.action_link).toMatch(/\?token=.*type=email_change/);
  });

  it('takes the minimum password length from PASSWORD_MIN_LENGTH', async () => {
    const short = 'Zq#7w!'; // six characters, not a common password
    const refused = await server.anonClient().auth.signUp({ email: uniqueEmail('short'), password: short });
    expect(refused.error?.message).toContain('Password should be at least 8 characters');
    server.ctx.config.passwordMinLength = 6;
    try {
      const accepted = await server.anonClient().auth.signUp({ email: uniqueEmail('short'), password: short });
      expect(accepted.error).toBeNull();
      const shorter = await server.anonClient().auth.signUp({ email: uniqueEmail('short'), password: 'Zq#7w' });
      expect(shorter.error?.message).toContain('Password should be at least 6 characters');
      expect(shorter.error?.code).toBe('weak_password');
    } finally {
      server.ctx.config.passwordMinLength = 8;
    }
  });
});

describe('a server started with GOTRUE_PASSWORD_MIN_LENGTH', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { GOTRUE_PASSWORD_MIN_LENGTH: '10', MAILER_AUTOCONFIRM: 'true' } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a password under ten characters at sign-up', async () => {
    const client = createClient(server.url, server.anonKey, clientOptions());
    const { error } = await client.auth.signUp({ email: uniqueEmail('ten'), password: 'Zq#7w!Lp9' });
    expect(error?.message).toContain('Password should be at least 10 characters');
  });
});
