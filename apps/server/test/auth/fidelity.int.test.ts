// Issue 19 (auth fidelity), driven the way supabase-js drives GoTrue: admin e-mail-change links,
// GoTrue-shaped errors for framework-level failures, the DISABLE_SIGNUP switch, anonymous
// sign-ins (off by default; is_anonymous in the JWT and the user; linking an e-mail later; what
// an anonymous account may not do), and action links that leave a plain redirect_to as it is.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../src/config/index.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

const PASSWORD = 'Tl-correct-horse-42!';

function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('auth settings from the environment', () => {
  it('reads DISABLE_SIGNUP and ENABLE_ANONYMOUS_SIGNINS, both off by default', () => {
    const off = loadConfig({});
    expect([off.disableSignup, off.anonymousSigninsEnabled]).toEqual([false, false]);
    const on = loadConfig({ DISABLE_SIGNUP: 'true', ENABLE_ANONYMOUS_SIGNINS: 'true' });
    expect([on.disableSignup, on.anonymousSigninsEnabled]).toEqual([true, true]);
    expect(() => loadConfig({ DISABLE_SIGNUP: 'yes' })).toThrow(/DISABLE_SIGNUP/);
  });
});

describe.each(drivers)('auth fidelity (issue 19) on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { SMTP_URL: sink.smtpUrl, RATE_LIMITS: 'off' } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** Settings are read per request; each test sets the ones it needs (the defaults otherwise). */
  function setSwitches(s: { disableSignup?: boolean; anonymous?: boolean }): void {
    server.ctx.config.disableSignup = s.disableSignup ?? false;
    server.ctx.config.anonymousSigninsEnabled = s.anonymous ?? false;
  }

  async function settings(): Promise<Record<string, unknown> & { external: Record<string, boolean> }> {
    const res = await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown> & { external: Record<string, boolean> };
  }

  async function follow(link: string): Promise<URL> {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  async function confirmedUser(tag: string): Promise<{ email: string; id: string }> {
    const email = uniqueEmail(tag);
    const { data, error } = await server
      .serviceClient()
      .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(error).toBeNull();
    return { email, id: data.user!.id };
  }

  // ---- 1. generate_link for e-mail changes ----

  it('generates an email_change_current link (new_email set, type=email_change): with the new half, the address changes', async () => {
    setSwitches({});
    const { email, id } = await confirmedUser('gl-change');
    const newEmail = uniqueEmail('gl-change-new');
    const admin = server.serviceClient().auth.admin;

    const current = await admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail,
      options: { redirectTo: `${server.url}/settings` },
    });
    expect(current.error).toBeNull();
    expect(current.data.user?.new_email).toBe(newEmail);
    expect(current.data.properties?.verification_type).toBe('email_change_current');
    const currentLink = new URL(current.data.properties!.action_link);
    expect(currentLink.searchParams.get('type')).toBe('email_change');
    expect(currentLink.searchParams.get('token')).toBe(current.data.properties!.hashed_token);

    // The current address's link is the first half of a secure change: the address stays.
    const halfway = await follow(current.data.properties!.action_link);
    expect(halfway.hash).toContain('message=');
    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    // The other half went to the new address in the same step (GoTrue mails it); its token is stored.
    const { rows } = await server.ctx.db.query<{ t: string }>(
      'select email_change_token_new as t from auth.users where id = $1',
      [id],
    );
    const done = await follow(
      `${server.url}/auth/v1/verify?token=${rows[0]!.t}&type=email_change&redirect_to=${server.url}/settings`,
    );
    expect(done.hash).toContain('access_token=');
    expect((await admin.getUserById(id)).data.user?.email).toBe(newEmail);
  });

  it('generates an email_change_new link that alone changes an unconfirmed address', async () => {
    setSwitches({});
    const email = uniqueEmail('gl-unconfirmed');
    const admin = server.serviceClient().auth.admin;
    const created = await admin.createUser({ email, password: PASSWORD });
    const newEmail = uniqueEmail('gl-unconfirmed-new');
    const next = await admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(next.error).toBeNull();
    expect(next.data.user?.new_email).toBe(newEmail);
    expect(next.data.properties?.verification_type).toBe('email_change_new');
    expect(new URL(next.data.properties!.action_link).searchParams.get('type')).toBe('email_change');
    // As GoTrue (issue 34): asking for the current side's link makes one even for an unconfirmed address;
    // a later email_change_new link starts over with the new side alone.
    const current = await admin.generateLink({ type: 'email_change_current', email, newEmail });
    expect(current.error).toBeNull();
    expect(current.data.properties?.verification_type).toBe('email_change_current');
    const again = await admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect((await follow(again.data.properties!.action_link)).hash).toContain('access_token=');
    const user = (await admin.getUserById(created.data.user!.id)).data.user;
    expect(user?.email).toBe(newEmail);
    expect(user?.email_confirmed_at).toBeTruthy();
  });

  it('refuses e-mail change links without a new address, for unknown users, to a taken address, and for non-admins', async () => {
    setSwitches({});
    const { email } = await confirmedUser('gl-deny');
    const other = await confirmedUser('gl-other');
    const admin = server.serviceClient().auth.admin;
    const missing = await admin.generateLink({ type: 'email_change_new', email, newEmail: '' });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe('validation_failed');
    const unknown = await admin.generateLink({
      type: 'email_change_current',
      email: uniqueEmail('nobody'),
      newEmail: uniqueEmail('x'),
    });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe('user_not_found');
    const taken = await admin.generateLink({ type: 'email_change_new', email, newEmail: other.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const asAnon = await server
      .anonClient()
      .auth.admin.generateLink({ type: 'email_change_new', email, newEmail: uniqueEmail('y') });
    expect(asAnon.error?.status).toBe(403);
    const { rows } = await server.ctx.db.query('select email_change from auth.users where email = $1', [email]);
    expect(rows[0]).toEqual({ email_change: null });
  });

  // ---- 2. framework-level errors reach supabase-js in GoTrue's shape ----

  it('answers unlinkIdentity (DELETE with a JSON type and no body) in GoTrue shape, not a framework error', async () => {
    setSwitches({});
    const { email } = await confirmedUser('unlink');
    const client = server.anonClient();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const { data } = await client.auth.getUserIdentities();
    const identity = data!.identities[0]!;
    const { error } = await client.auth.unlinkIdentity(identity);
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('manual_linking_disabled');
    expect(error?.message).toBe('Manual linking is disabled');
    // Without a session the guard answers first, in the same shape.
    const res = await fetch(`${server.url}/auth/v1/user/identities/${identity.identity_id}`, {
      method: 'DELETE',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });

  // ---- 3. DISABLE_SIGNUP ----

  it('with DISABLE_SIGNUP refuses sign-up, OTP sign-up and anonymous sign-in, and /settings says so', async () => {
    setSwitches({ disableSignup: true, anonymous: true });
    expect((await settings()).disable_signup).toBe(true);
    const client = server.anonClient();
    const email = uniqueEmail('nosignup');
    const signUp = await client.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error?.status).toBe(422);
    expect(signUp.error?.code).toBe('signup_disabled');
    expect(signUp.error?.message).toBe('Signups not allowed for this instance');
    const otp = await client.auth.signInWithOtp({ email });
    expect(otp.error?.code).toBe('signup_disabled');
    const anonymous = await client.auth.signInAnonymously();
    expect(anonymous.error?.code).toBe('signup_disabled');
    const { rows } = await server.ctx.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('with DISABLE_SIGNUP still signs in existing users, sends them magic links, and lets admins invite and create', async () => {
    const { email } = await confirmedUser('signup-off-existing');
    setSwitches({ disableSignup: true });
    const client = server.anonClient();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    expect((await sink.nextMail(email)).subject).toMatch(/sign-in link/);
    const admin = server.serviceClient().auth.admin;
    const invited = uniqueEmail('invited');
    const invite = await admin.inviteUserByEmail(invited);
    expect(invite.error).toBeNull();
    const link = (await sink.nextMail(invited)).links[0]!;
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    expect((await follow(link)).hash).toContain('access_token=');
    expect((await admin.createUser({ email: uniqueEmail('admin-made'), password: PASSWORD })).error).toBeNull();
  });

  it('reports disable_signup false and the anonymous provider off by default', async () => {
    setSwitches({});
    const s = await settings();
    expect(s.disable_signup).toBe(false);
    expect(s.external.anonymous_users).toBe(false);
    expect(s.external.email).toBe(true);
  });

  // ---- 4. anonymous sign-ins ----

  it('refuses signInAnonymously while anonymous sign-ins are off (the default)', async () => {
    setSwitches({});
    const { data, error } = await server.anonClient().auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(data.session).toBeNull();
  });

  async function anonymousSession(): Promise<{ client: SupabaseClient; userId: string; accessToken: string }> {
    const client = server.anonClient();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
    expect(error).toBeNull();
    return { client, userId: data.user!.id, accessToken: data.session!.access_token };
  }

  it('signs in anonymously: is_anonymous in the user and the JWT, role authenticated, no e-mail', async () => {
    setSwitches({ anonymous: true });
    expect((await settings()).external.anonymous_users).toBe(true);
    const { client, accessToken } = await anonymousSession();
    const claims = jwtPayload(accessToken);
    expect(claims).toMatchObject({ role: 'authenticated', is_anonymous: true, email: '' });
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'anonymous' })]);
    const { data } = await client.auth.getUser();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email).toBe('');
    expect(data.user?.user_metadata).toEqual({ nickname: 'guest' });
    expect(data.user?.identities).toEqual([]);
    // A refreshed token still says anonymous.
    const refreshed = await client.auth.refreshSession();
    expect(jwtPayload(refreshed.data.session!.access_token).is_anonymous).toBe(true);
  });

  it('keeps anonymous accounts away from passwords, MFA, tokens, business requests and asset registration', async () => {
    setSwitches({ anonymous: true });
    const { client, userId } = await anonymousSession();
    const password = await client.auth.updateUser({ password: PASSWORD });
    expect(password.error?.status).toBe(422);
    expect(password.error?.message).toBe(
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error?.status).toBe(403);

    const wallet = await client.from('user_wallets').select('balance').maybeSingle();
    expect(wallet.error).toBeNull();
    expect(Number(wallet.data?.balance ?? 0)).toBe(0);
    const business = await client.rpc('request_business_account', { p_note: 'please' });
    expect(business.error?.code).toBe('42501');
    const register = await client.functions.invoke('register-asset', {
      body: { submissionId: crypto.randomUUID(), asset: { title: 'Guest bike' }, media: [] },
    });
    expect((register.error as { context?: Response } | null)?.context?.status).toBe(403);
    const { rows } = await server.ctx.db.query('select 1 from public.assets where owner_id = $1', [userId]);
    expect(rows).toHaveLength(0);
  });

  it('links an e-mail to an anonymous account: confirmation makes it a real account with the bonus', async () => {
    setSwitches({ anonymous: true });
    const { client, userId } = await anonymousSession();
    const email = uniqueEmail('linked');
    const update = await client.auth.updateUser({ email }, { emailRedirectTo: `${server.url}/settings` });
    expect(update.error).toBeNull();
    expect(update.data.user?.new_email).toBe(email);
    expect(update.data.user?.is_anonymous).toBe(true);
    const mail = await sink.nextMail(email);
    const landed = await follow(mail.links[0]!);
    expect(landed.hash).toContain('access_token=');

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(jwtPayload(refreshed.data.session!.access_token).is_anonymous).toBe(false);
    const { data } = await client.auth.getUser();
    expect(data.user).toMatchObject({ id: userId, email, is_anonymous: false });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    expect(data.user?.app_metadata.provider).toBe('email');
    const wallet = await client.from('user_wallets').select('balance').single();
    expect(Number(wallet.data?.balance)).toBeGreaterThan(0);
    // Now a password may be set and used.
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect((await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  // ---- 5. action links keep a plain redirect_to as it is ----

  it('leaves a plain redirect_to unencoded in action links and escapes one with & = or #', async () => {
    setSwitches({});
    const { email } = await confirmedUser('redirect');
    const admin = server.serviceClient().auth.admin;
    const plain = `${server.url}/welcome/back`;
    const a = await admin.generateLink({ type: 'magiclink', email, options: { redirectTo: plain } });
    expect(a.error).toBeNull();
    expect(a.data.properties!.action_link.endsWith(`&redirect_to=${plain}`)).toBe(true);
    const withQuery = `${server.url}/welcome?from=mail&x=1`;
    const b = await admin.generateLink({ type: 'magiclink', email, options: { redirectTo: withQuery } });
    const link = b.data.properties!.action_link;
    expect(link).toContain(`redirect_to=${encodeURIComponent(withQuery)}`);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(withQuery);
    // Mailed links follow the same rule, and the link still lands on the redirect.
    expect(
      (await server.anonClient().auth.signInWithOtp({ email, options: { emailRedirectTo: plain } })).error,
    ).toBeNull();
    const mailed = (await sink.nextMail(email)).links[0]!;
    expect(mailed.endsWith(`&redirect_to=${plain}`)).toBe(true);
    const landed = await follow(mailed);
    expect(`${landed.origin}${landed.pathname}`).toBe(plain);
  });
});
