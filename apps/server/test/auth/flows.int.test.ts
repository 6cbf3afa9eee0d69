// E-mail flows end to end with supabase-js and real SMTP: password recovery, magic link
// (implicit and PKCE), PKCE sign-up confirmation, e-mail change, and /verify redirects.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, clientOptions, type TestServer } from '../helpers/test-server.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

describe.each(drivers)('auth e-mail flows on %s', (driver) => {
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

  /** A PKCE client whose storage the test can read (the code verifier lives there). */
  function pkceClient(): { client: SupabaseClient; store: Map<string, string> } {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const client = createClient(server.url, server.anonKey, {
      ...clientOptions(),
      auth: { ...clientOptions().auth, persistSession: true, flowType: 'pkce', storage },
    });
    return { client, store };
  }

  async function follow(link: string): Promise<URL> {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  async function confirmedUser(tag: string) {
    const email = uniqueEmail(tag);
    const password = 'original-pass';
    const supabase = server.anonClient();
    await supabase.auth.signUp({ email, password });
    const link = new URL((await sink.nextMail(email)).links[0]!);
    const { error } = await supabase.auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect(error).toBeNull();
    return { email, password };
  }

  it('recovers a password: mail → verify token_hash → updateUser → sign in with the new password', async () => {
    const { email } = await confirmedUser('recover');
    const supabase = server.anonClient();
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/reset-password` });
    expect(error).toBeNull();
    const mail = await sink.nextMail(email);
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-password`);
    expect(link.searchParams.get('type')).toBe('recovery');
    const verified = await supabase.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session).toBeTruthy();
    expect((await supabase.auth.updateUser({ password: 'the-new-pass' })).error).toBeNull();
    const fresh = server.anonClient();
    expect((await fresh.auth.signInWithPassword({ email, password: 'original-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await fresh.auth.signInWithPassword({ email, password: 'the-new-pass' })).error).toBeNull();
  });

  it('answers recover and resend with {} for unknown addresses and sends nothing', async () => {
    const ghost = uniqueEmail('ghost');
    for (const path of ['recover', 'resend']) {
      const res = await fetch(`${server.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: ghost, type: 'signup' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    await expect(sink.nextMail(ghost, 300)).rejects.toThrow(/no mail/);
  });

  it('re-sends a sign-up confirmation with resend', async () => {
    const email = uniqueEmail('resend');
    const supabase = server.anonClient();
    await supabase.auth.signUp({ email, password: 'secret-pass' });
    await sink.nextMail(email);
    expect((await supabase.auth.resend({ type: 'signup', email })).error).toBeNull();
    const mail = await sink.nextMail(email);
    const verified = await supabase.auth.verifyOtp({
      token_hash: new URL(mail.links[0]!).searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
  });

  it('signs in with a magic link (implicit): GET /verify redirects with the session in the fragment', async () => {
    const { email } = await confirmedUser('magic');
    const supabase = server.anonClient();
    const redirectTo = `${server.url}/dashboard?x=1`;
    expect(
      (await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo, shouldCreateUser: false } }))
        .error,
    ).toBeNull();
    const mail = await sink.nextMail(email);
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('magiclink');
    const location = await follow(mail.links[0]!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('magiclink');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const { data } = await supabase.auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);
    // Used links fail with an error redirect.
    const again = await follow(mail.links[0]!);
    const err = new URLSearchParams(again.hash.slice(1));
    expect(err.get('error')).toBe('access_denied');
    expect(err.get('error_code')).toBe('otp_expired');
    expect(err.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('refuses otp for an unknown address when shouldCreateUser is false', async () => {
    const { error } = await server
      .anonClient()
      .auth.signInWithOtp({ email: uniqueEmail('nouser'), options: { shouldCreateUser: false } });
    expect(error?.code).toBe('otp_disabled');
    expect(error?.status).toBe(422);
  });

  it('confirms a PKCE sign-up: pkce_ token_hash → GET /verify → ?code= → exchangeCodeForSession; reuse fails', async () => {
    const email = uniqueEmail('pkce');
    const { client, store } = pkceClient();
    const { error } = await client.auth.signUp({
      email,
      password: 'secret-pass',
      options: { emailRedirectTo: `${server.url}/auth/callback?ref=R1` },
    });
    expect(error).toBeNull();
    const link = new URL((await sink.nextMail(email)).links[0]!);
    const tokenHash = link.searchParams.get('token_hash')!;
    expect(tokenHash.startsWith('pkce_')).toBe(true);
    const verifyUrl = `${server.url}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(`${server.url}/auth/callback?ref=R1`)}`;
    const location = await follow(verifyUrl);
    expect(location.searchParams.get('ref')).toBe('R1');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const verifier = [...store.entries()].find(([k]) => k.endsWith('-code-verifier'))![1];

    const { data, error: exErr } = await client.auth.exchangeCodeForSession(code);
    expect(exErr).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const reuse = await fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: JSON.parse(verifier) }),
    });
    expect(reuse.status).toBe(404);
    expect(await reuse.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('accepts the pkce_ token_hash on POST /verify too (the app callback calls verifyOtp)', async () => {
    const email = uniqueEmail('pkcepost');
    const { client } = pkceClient();
    await client.auth.signUp({ email, password: 'secret-pass' });
    const link = new URL((await sink.nextMail(email)).links[0]!);
    const { data, error } = await client.auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('refuses a wrong code verifier with bad_code_verifier, then signs in with a PKCE magic link', async () => {
    const { email } = await confirmedUser('pkceotp');
    const { client } = pkceClient();
    expect(
      (await client.auth.signInWithOtp({ email, options: { emailRedirectTo: `${server.url}/welcome` } })).error,
    ).toBeNull();
    const mail = await sink.nextMail(email);
    expect(new URL(mail.links[0]!).searchParams.get('token')!.startsWith('pkce_')).toBe(true);
    const location = await follow(mail.links[0]!);
    expect(location.pathname).toBe('/welcome');
    const code = location.searchParams.get('code')!;

    const wrong = await fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'a'.repeat(64) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('expires PKCE codes five minutes after they were issued', async () => {
    const { email } = await confirmedUser('pkceexp');
    const { client } = pkceClient();
    await client.auth.signInWithOtp({ email });
    const location = await follow((await sink.nextMail(email)).links[0]!);
    const code = location.searchParams.get('code')!;
    await server.ctx.db.query(
      `update auth.flow_state set auth_code_issued_at = now() - interval '301 seconds' where auth_code = $1`,
      [code],
    );
    const { error } = await client.auth.exchangeCodeForSession(code);
    expect(error?.code).toBe('flow_state_expired');
  });

  it('changes the e-mail securely: both addresses confirm, then the address changes', async () => {
    const { email, password } = await confirmedUser('change');
    const supabase = server.anonClient();
    await supabase.auth.signInWithPassword({ email, password });
    const newEmail = uniqueEmail('changed');
    const { data, error } = await supabase.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.user?.email).toBe(email);
    const toNew = await sink.nextMail(newEmail);
    const toCurrent = await sink.nextMail(email);
    expect(toNew.links[0]).toContain('type=email_change');

    const first = await follow(toCurrent.links[0]!);
    expect(new URLSearchParams(first.hash.slice(1)).get('message')).toMatch(/^Confirmation link accepted/);
    const second = await follow(toNew.links[0]!);
    const fragment = new URLSearchParams(second.hash.slice(1));
    expect(fragment.get('type')).toBe('email_change');
    const { data: after } = await supabase.auth.getUser(fragment.get('access_token')!);
    expect(after.user?.email).toBe(newEmail);
    expect(after.user?.new_email).toBeUndefined();
    expect((await server.anonClient().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
    const { rows } = await server.ctx.db.query<{ email: string }>(
      'select email from public.user_profiles where id = $1',
      [after.user!.id],
    );
    expect(rows[0]?.email).toBe(newEmail);
  });

  it('refuses to change the e-mail to one already registered', async () => {
    const a = await confirmedUser('taken-a');
    const b = await confirmedUser('taken-b');
    const supabase = server.anonClient();
    await supabase.auth.signInWithPassword(a);
    const { error } = await supabase.auth.updateUser({ email: b.email });
    expect(error?.code).toBe('email_exists');
    expect(error?.status).toBe(422);
  });

  it('sends a reauthentication nonce that PUT /user accepts with a password change', async () => {
    const { email, password } = await confirmedUser('reauth');
    const supabase = server.anonClient();
    await supabase.auth.signInWithPassword({ email, password });
    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const mail = await sink.nextMail(email);
    const bad = await supabase.auth.updateUser({
      password: 'nonce-pass-1',
      nonce: mail.code === '000000' ? '111111' : '000000',
    });
    expect(bad.error?.code).toBe('reauthentication_not_valid');
    expect((await supabase.auth.updateUser({ password: 'nonce-pass-1', nonce: mail.code! })).error).toBeNull();
  });
});
