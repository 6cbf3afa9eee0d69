// Sign-up → mail → verify → sign-in → getUser → refresh → sign-out, driven by the official
// supabase-js client over real HTTP, with the confirmation mail received over real SMTP.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as jose from 'jose';
import { drivers, startTestServer, clientOptions, type TestServer } from '../helpers/test-server.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

describe.each(drivers)('auth core flows on %s', (driver) => {
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

  /** Signs up and confirms through the mailed link; returns the credentials. */
  async function confirmedUser(tag = 'u') {
    const email = uniqueEmail(tag);
    const password = 'correct horse 1';
    const supabase = server.anonClient();
    const { error } = await supabase.auth.signUp({ email, password });
    expect(error).toBeNull();
    const mail = await sink.nextMail(email);
    const link = new URL(mail.links[0]!);
    const { error: vErr } = await supabase.auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect(vErr).toBeNull();
    return { email, password };
  }

  it('signs up with confirmation required, mails a link to emailRedirectTo keeping its query, and verifies it', async () => {
    const supabase = server.anonClient();
    const email = uniqueEmail('signup');
    const redirect = `${server.url}/auth/callback?ref=REF123&from=general-tagging`;
    const { data, error } = await supabase.auth.signUp({
      email: email.toUpperCase(),
      password: 'secret-pass',
      options: { emailRedirectTo: redirect, data: { full_name: 'Ada Lovelace', signup_source: 'standard' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace' });
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const mail = await sink.nextMail(email);
    expect(mail.subject).toContain('TagLedger');
    expect(mail.html).toContain('TagLedger');
    expect(mail.code).toMatch(/^\d{6}$/);
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/auth/callback`);
    expect(link.searchParams.get('ref')).toBe('REF123');
    expect(link.searchParams.get('from')).toBe('general-tagging');
    expect(link.searchParams.get('type')).toBe('signup');

    // Not confirmed yet: sign-in is refused with email_not_confirmed.
    const early = await supabase.auth.signInWithPassword({ email, password: 'secret-pass' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const verified = await supabase.auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);

    // The link is single-use.
    const again = await supabase.auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'signup' });
    expect(again.error?.code).toBe('otp_expired');

    // The profile row exists (created by the database trigger) with the sign-up name.
    const { rows } = await server.ctx.db.query<{ full_name: string }>(
      'select full_name from public.user_profiles where email = $1',
      [email],
    );
    expect(rows[0]?.full_name).toBe('Ada Lovelace');
  });

  it('falls back to SITE_URL/auth/callback for a redirect that is not allow-listed', async () => {
    const email = uniqueEmail('redirect');
    await server
      .anonClient()
      .auth.signUp({ email, password: 'secret-pass', options: { emailRedirectTo: 'https://evil.example.com/steal' } });
    const link = new URL((await sink.nextMail(email)).links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.config.siteUrl}/auth/callback`);
  });

  it('verifies with the e-mail and the 6-digit code as well', async () => {
    const email = uniqueEmail('code');
    const supabase = server.anonClient();
    await supabase.auth.signUp({ email, password: 'secret-pass' });
    const mail = await sink.nextMail(email);
    const wrong = await supabase.auth.verifyOtp({
      email,
      token: mail.code === '000000' ? '111111' : '000000',
      type: 'signup',
    });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mail.code!, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('signs in, issues an ES256 token with the contract claims, and reads the user', async () => {
    const { email, password } = await confirmedUser('signin');
    const supabase = server.anonClient();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const header = jose.decodeProtectedHeader(session.access_token);
    expect(header).toMatchObject({ alg: 'ES256', kid: server.ctx.keys.kid });
    const jwks = jose.createLocalJWKSet(server.ctx.keys.jwks);
    const { payload } = await jose.jwtVerify(session.access_token, jwks, {
      issuer: server.ctx.keys.issuer,
      audience: 'authenticated',
    });
    expect(payload).toMatchObject({
      sub: data.user!.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(typeof payload.session_id).toBe('string');
    expect((payload.amr as { method: string }[])[0]?.method).toBe('password');

    const { data: me, error: meErr } = await supabase.auth.getUser();
    expect(meErr).toBeNull();
    expect(me.user?.id).toBe(data.user!.id);
    expect(me.user?.last_sign_in_at).toBeTruthy();
    // getClaims verifies locally against the published JWKS.
    const claims = await supabase.auth.getClaims();
    expect(claims.data?.claims.sub).toBe(data.user!.id);
  });

  it('answers the same invalid_credentials for an unknown e-mail and a wrong password', async () => {
    const { email } = await confirmedUser('creds');
    const supabase = server.anonClient();
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'not the password' });
    const unknown = await supabase.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' });
    for (const r of [wrong, unknown]) {
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.message).toBe('Invalid login credentials');
      expect(r.error?.status).toBe(400);
    }
  });

  it('rejects weak passwords with reasons and over-long ones with validation_failed', async () => {
    const supabase = server.anonClient();
    const weak = await supabase.auth.signUp({ email: uniqueEmail('weak'), password: 'Qz7#x' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
    const long = await supabase.auth.signUp({ email: uniqueEmail('long'), password: 'x'.repeat(73) });
    expect(long.error?.code).toBe('validation_failed');
  });

  it('answers a duplicate sign-up of a confirmed address with an obfuscated user (identities: [])', async () => {
    const { email } = await confirmedUser('dup');
    const { data, error } = await server.anonClient().auth.signUp({ email, password: 'another-pass' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe('');
    const { rows } = await server.ctx.db.query('select id from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(data.user?.id).not.toBe((rows[0] as { id: string }).id);
  });

  it('re-sends the confirmation for a duplicate sign-up of an unconfirmed address without changing the password', async () => {
    const email = uniqueEmail('unconf');
    const supabase = server.anonClient();
    const first = await supabase.auth.signUp({ email, password: 'first-pass' });
    await sink.nextMail(email);
    const second = await supabase.auth.signUp({ email, password: 'second-pass' });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    const mail = await sink.nextMail(email);
    await supabase.auth.verifyOtp({
      token_hash: new URL(mail.links[0]!).searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect((await supabase.auth.signInWithPassword({ email, password: 'first-pass' })).error).toBeNull();
    expect((await supabase.auth.signInWithPassword({ email, password: 'second-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('rotates refresh tokens; reuse inside the window returns the current child, later reuse revokes the family', async () => {
    const { email, password } = await confirmedUser('refresh');
    const supabase = server.anonClient();
    const { data } = await supabase.auth.signInWithPassword({ email, password });
    const first = data.session!.refresh_token;

    const r1 = await supabase.auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    const child = r1.data.session!.refresh_token;
    expect(child).not.toBe(first);
    expect(r1.data.session!.user.id).toBe(data.user!.id);

    // Presented again within 10 s (a lost response): the same current child comes back.
    const r2 = await supabase.auth.refreshSession({ refresh_token: first });
    expect(r2.error).toBeNull();
    expect(r2.data.session!.refresh_token).toBe(child);

    // Presented after the window: theft is assumed, the family dies.
    await server.ctx.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`,
      [first],
    );
    const r3 = await supabase.auth.refreshSession({ refresh_token: first });
    expect(r3.error?.code).toBe('refresh_token_already_used');
    expect(r3.error?.message).toBe('Invalid Refresh Token: Already Used');
    const r4 = await supabase.auth.refreshSession({ refresh_token: child });
    expect(r4.error?.code).toBe('refresh_token_already_used');

    const unknown = await supabase.auth.refreshSession({ refresh_token: 'x'.repeat(32) });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('answers concurrent refreshes of one token (several tabs) with one and the same child', async () => {
    const { email, password } = await confirmedUser('tabs');
    const { data } = await server.anonClient().auth.signInWithPassword({ email, password });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.anonClient().auth.refreshSession({ refresh_token: data.session!.refresh_token }),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    expect(new Set(results.map((r) => r.data.session!.refresh_token)).size).toBe(1);
    const sessionId = jose.decodeJwt(results[0]!.data.session!.access_token).session_id;
    const { rows } = await server.ctx.db.query(
      'select 1 from auth.refresh_tokens where session_id = $1 and not revoked',
      [sessionId],
    );
    expect(rows).toHaveLength(1);
  });

  it('signs out with local, others and global scopes', async () => {
    const { email, password } = await confirmedUser('logout');
    const a = server.anonClient();
    const b = server.anonClient();
    const c = server.anonClient();
    for (const cl of [a, b, c]) expect((await cl.auth.signInWithPassword({ email, password })).error).toBeNull();

    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await b.auth.getUser()).error).toBeNull();

    expect((await b.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await b.auth.getUser()).error).toBeNull();
    const cUser = await c.auth.getUser();
    expect(cUser.error?.name).toBe('AuthSessionMissingError');

    const d = server.anonClient();
    await d.auth.signInWithPassword({ email, password });
    const dSession = (await d.auth.getSession()).data.session!;
    expect((await b.auth.signOut()).error).toBeNull();
    const res = await fetch(`${server.url}/auth/v1/user`, {
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${dSession.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
    const refresh = await d.auth.refreshSession({ refresh_token: dSession.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('updates metadata by merging keys and deleting null ones, and changes the password', async () => {
    const { email, password } = await confirmedUser('update');
    const supabase = server.anonClient();
    const other = server.anonClient();
    await supabase.auth.signInWithPassword({ email, password });
    await other.auth.signInWithPassword({ email, password });
    await supabase.auth.updateUser({ data: { a: 1, b: 2 } });
    const { data, error } = await supabase.auth.updateUser({ data: { b: null, c: 3 } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 3 });

    const same = await supabase.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    const weak = await supabase.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
    expect((await supabase.auth.updateUser({ password: 'brand new pass' })).error).toBeNull();
    // Other sessions end; this one stays.
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await supabase.auth.getUser()).error).toBeNull();
    expect((await server.anonClient().auth.signInWithPassword({ email, password: 'brand new pass' })).error).toBeNull();
  });

  it('works with a client that keeps its session (auto refresh off) end to end', async () => {
    const { email, password } = await confirmedUser('client');
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const supabase = createClient(server.url, server.anonKey, {
      ...clientOptions(),
      auth: { ...clientOptions().auth, persistSession: true, storage },
    });
    expect((await supabase.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email);
    expect([...store.keys()].some((k) => k.endsWith('-auth-token'))).toBe(true);
    expect((await supabase.auth.signOut()).error).toBeNull();
    expect(store.size).toBe(0);
  });
});
