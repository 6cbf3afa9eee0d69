// Referrals through supabase-js, as the auth-callback screen calls them (SPEC §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

async function codeOf(user: TestUser): Promise<string> {
  const { data } = await user.client.from('user_profiles').select('referral_code').eq('id', user.id).single();
  return data!.referral_code as string;
}

async function balanceOf(user: TestUser): Promise<number> {
  const { data } = await user.client.from('user_wallets').select('balance').eq('user_id', user.id).single();
  return Number(data!.balance);
}

describe.each(drivers)('referrals API on %s', (driver) => {
  let server: TestServer;
  let top: TestUser;
  let mid: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    top = await createTestUser(server, { metadata: { full_name: 'Top Person' } });
    mid = await createTestUser(server, { metadata: { full_name: 'Mid Person' } });
  }, 180_000); // a fresh server migrates a new database; slow when the shared machine is busy
  afterAll(() => server?.close());

  it('looks up a code with only exists and a display name, also anonymously', async () => {
    const { data, error } = await server.anonClient().rpc('lookup_referral_code', { p_code: await codeOf(top) });
    expect(error).toBeNull();
    expect(data).toEqual({ exists: true, display_name: 'Top Person' });
  });

  it("applies a referral for the caller; the chain's rewards stay pending until a purchase", async () => {
    const first = await mid.client.rpc('apply_referral_on_signup', {
      p_new_user_id: mid.id,
      p_referral_code: await codeOf(top),
      p_source: 'email_verification',
    });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ success: true, default_referrer_used: false });

    const leaf = await createTestUser(server, { metadata: { full_name: 'Leaf' } });
    const applied = await leaf.client.rpc('apply_referral_on_signup', {
      p_new_user_id: leaf.id,
      p_referral_code: await codeOf(mid),
      p_source: 'email_verification',
    });
    expect(applied.data).toEqual({ success: true, default_referrer_used: false });
    // A duplicate call (e.g. the callback screen reloaded) pays nothing more.
    const again = await leaf.client.rpc('apply_referral_on_signup', {
      p_new_user_id: leaf.id,
      p_referral_code: await codeOf(mid),
      p_source: 'email_verification',
    });
    expect(again.data).toMatchObject({ success: true, already_applied: true });

    // Sign-ups alone pay nothing (issue 12): the rewards wait for the referred user's first purchase.
    expect(await balanceOf(mid)).toBe(50);
    expect(await balanceOf(top)).toBe(50);
    const stats = await top.client.rpc('my_referral_stats');
    expect(
      (stats.data as { level: number; referred_count: number; tokens_earned: number; tokens_pending: number }[]).slice(
        0,
        2,
      ),
    ).toEqual([
      expect.objectContaining({ level: 1, referred_count: 1, tokens_earned: 0, tokens_pending: 50 }),
      expect.objectContaining({ level: 2, referred_count: 1, tokens_earned: 0, tokens_pending: 30 }),
    ]);
    const people = await top.client.rpc('my_referred_users', { p_limit: 10 });
    const page = people.data as { items: { display_name: string }[]; next: unknown; total: number };
    expect(page.items.map((p) => p.display_name).sort()).toEqual(['Leaf', 'Mid Person']);
    expect(page).toMatchObject({ next: null, total: 2, total_capped: false });
    expect(JSON.stringify(people.data)).not.toContain('@example.test');
    // A malformed cursor is the caller's mistake: 400, not a server error.
    const malformed = await top.client.rpc('my_referred_users', { p_after: { k: 'soon', id: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.error?.code).toMatch(/^22/);
  });

  it('answers default_referrer_used for an empty code (SPEC §7 sends an empty string)', async () => {
    const user = await createTestUser(server);
    const { data } = await user.client.rpc('apply_referral_on_signup', {
      p_new_user_id: user.id,
      p_referral_code: '',
      p_source: 'email_verification',
    });
    expect(data).toEqual({ success: true, default_referrer_used: true });
  });

  it('refuses to apply a referral to someone else or anonymously', async () => {
    const victim = await createTestUser(server);
    const foreign = await top.client.rpc('apply_referral_on_signup', {
      p_new_user_id: victim.id,
      p_referral_code: await codeOf(top),
      p_source: 'x',
    });
    expect(foreign.error?.code).toBe('42501');
    const anon = await server
      .anonClient()
      .rpc('apply_referral_on_signup', { p_new_user_id: victim.id, p_referral_code: await codeOf(top), p_source: 'x' });
    expect(anon.error).not.toBeNull();
    expect(await balanceOf(top)).toBe(50);
  });

  it('does not expose other profiles or let users edit referral columns', async () => {
    const { data } = await mid.client.from('user_profiles').select('id, referral_code');
    expect(data?.map((r) => r.id)).toEqual([mid.id]);
    const edit = await mid.client
      .from('user_profiles')
      .update({ referred_by: null, referral_code: 'HACKED12' })
      .eq('id', mid.id);
    expect(edit.error?.code).toBe('42501');
    const rewrite = await mid.client.from('referrals').update({ reward: 9999 }).eq('referred_id', mid.id);
    expect(rewrite.error?.code).toBe('42501');
  });
});
