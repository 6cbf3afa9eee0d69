// MFA with TOTP through supabase.auth.mfa: enroll → challenge → verify gives an aal2 session
// (amr totp, refresh token replaced); protected changes need aal2; unenroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as jose from 'jose';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { totpNow } from '../helpers/totp.js';

describe.each(drivers)('auth MFA on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { RATE_LIMITS: 'off' } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  async function signedIn() {
    const email = uniqueEmail('mfa');
    const password = 'mfa-pass-1';
    await server.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    const client = server.anonClient();
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { client, email, password };
  }

  it('enrolls a TOTP factor, verifies it and upgrades the session to aal2', async () => {
    const { client, email, password } = await signedIn();
    const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(error).toBeNull();
    expect(enrolled!.totp.qr_code).toContain('<svg');
    expect(enrolled!.totp.uri).toMatch(/^otpauth:\/\/totp\/TagLedger:/);
    expect(enrolled!.totp.uri).toContain(`secret=${enrolled!.totp.secret}`);
    const before = (await client.auth.getSession()).data.session!;

    const { data: ch, error: chErr } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(chErr).toBeNull();
    const bad = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: ch!.id,
      code: totpNow(enrolled!.totp.secret) === '000000' ? '111111' : '000000',
    });
    expect(bad.error?.code).toBe('mfa_verification_failed');
    const { error: vErr } = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: ch!.id,
      code: totpNow(enrolled!.totp.secret),
    });
    expect(vErr).toBeNull();

    const after = (await client.auth.getSession()).data.session!;
    const claims = jose.decodeJwt(after.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password']);
    expect(after.refresh_token).not.toBe(before.refresh_token);

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const refreshed = await client.auth.refreshSession();
    expect(jose.decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');

    // A new sign-in starts at aal1 and may not change the password until it steps up.
    const other = server.anonClient();
    await other.auth.signInWithPassword({ email, password });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const refused = await other.auth.updateUser({ password: 'changed-pass-1' });
    expect(refused.error?.code).toBe('insufficient_aal');
    expect(refused.error?.status).toBe(401);
    expect((await client.auth.updateUser({ password: 'changed-pass-1' })).error).toBeNull();

    // Unenrolling a verified factor needs aal2 too.
    const third = server.anonClient();
    await third.auth.signInWithPassword({ email, password: 'changed-pass-1' });
    expect((await third.auth.mfa.unenroll({ factorId: enrolled!.id })).error?.code).toBe('insufficient_aal');
    expect((await client.auth.mfa.unenroll({ factorId: enrolled!.id })).error).toBeNull();
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all).toHaveLength(0);

    // The pre-MFA refresh token was revoked by the step-up: presented later, it is reuse.
    await server.ctx.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`,
      [before.refresh_token],
    );
    expect((await server.anonClient().auth.refreshSession({ refresh_token: before.refresh_token })).error?.code).toBe(
      'refresh_token_already_used',
    );
  });

  it('sends a QR code that supabase-js turns into a complete image URL (no # or % in the SVG)', async () => {
    const { client } = await signedIn();
    const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toBeNull();
    // supabase-js prefixes the markup as is; a `#` would end the URL at the fragment.
    const url = enrolled!.totp.qr_code;
    expect(url.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    const beforeFragment = new URL(url);
    expect(beforeFragment.hash).toBe('');
    expect(url).not.toContain('%');
    expect(url.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('rejects expired challenges and unknown factors', async () => {
    const { client } = await signedIn();
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: ch } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    await server.ctx.db.query(
      `update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
      [ch!.id],
    );
    const late = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: ch!.id,
      code: totpNow(enrolled!.totp.secret),
    });
    expect(late.error?.code).toBe('mfa_challenge_expired');
    const unknown = await client.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
    expect(unknown.error?.status).toBe(404);
  });

  it('refuses a second factor with the same friendly name', async () => {
    const { client } = await signedIn();
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' })).error).toBeNull();
    const dup = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' });
    expect(dup.error?.code).toBe('mfa_factor_name_conflict');
  });
});
