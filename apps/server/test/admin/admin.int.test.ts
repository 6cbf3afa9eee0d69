// Admin rpcs and the admin-ban-user function through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('admin API on %s', (driver) => {
  let server: TestServer;
  let admin: TestUser;
  let alice: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await createTestUser(server, { role: 'admin', email: 'boss@example.test' });
    alice = await createTestUser(server, { email: 'alice@example.test', metadata: { full_name: 'Alice' } });
  }, 180_000); // a fresh server migrates a new database; slow when the shared machine is busy
  afterAll(() => server?.close());

  it('gives admins the dashboard figures and refuses everyone else', async () => {
    const { data, error } = await admin.client.rpc('admin_dashboard_stats');
    expect(error).toBeNull();
    expect(data).toMatchObject({ users_total: 2, users_confirmed: 2, transactions: 2, tokens_in_circulation: 100 });
    expect((data as { signups_by_day: unknown[] }).signups_by_day).toHaveLength(30);
    const refused = await alice.client.rpc('admin_dashboard_stats');
    expect(refused.error?.code).toBe('42501');
    const anon = await server.anonClient().rpc('admin_dashboard_stats');
    expect(anon.error).not.toBeNull();
  });

  it('lists and searches users for admins only', async () => {
    const { data } = await admin.client.rpc('admin_list_users', {
      p_search: 'alice',
      p_role: null,
      p_confirmed: null,
      p_limit: 25,
      p_after: null,
    });
    expect(data).toMatchObject({ items: [{ email: 'alice@example.test' }], next: null, total: 1, total_capped: false });
    expect((data as { items: unknown[] }).items).toHaveLength(1);
    const refused = await alice.client.rpc('admin_list_users', {
      p_search: null,
      p_role: null,
      p_confirmed: null,
      p_limit: 25,
      p_after: null,
    });
    expect(refused.error?.code).toBe('42501');
    // A malformed cursor is the caller's mistake: 400, not a server error.
    const malformed = await admin.client.rpc('admin_list_users', { p_after: { k: 'yesterday', id: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.error?.code).toMatch(/^22/);
  });

  it('adjusts tokens; the user sees the new balance and the ledger row', async () => {
    const { error } = await admin.client.rpc('admin_adjust_tokens', {
      p_user_id: alice.id,
      p_amount: 40,
      p_reason: 'Welcome gift',
    });
    expect(error).toBeNull();
    const wallet = await alice.client.from('user_wallets').select('balance').eq('user_id', alice.id).single();
    expect(Number(wallet.data?.balance)).toBe(90);
    const rows = await alice.client
      .from('token_transactions')
      .select('amount, source, description')
      .eq('source', 'admin_adjustment');
    expect(rows.data).toEqual([
      { amount: 40, source: 'admin_adjustment', description: 'Admin adjustment: Welcome gift' },
    ]);
    const self = await alice.client.rpc('admin_adjust_tokens', {
      p_user_id: alice.id,
      p_amount: 1000,
      p_reason: 'I deserve it',
    });
    expect(self.error?.code).toBe('42501');
    const overdraw = await admin.client.rpc('admin_adjust_tokens', {
      p_user_id: alice.id,
      p_amount: -1000,
      p_reason: 'Too much',
    });
    // Its own SQLSTATE (PT402), which the Data API answers as 402, as PostgREST does.
    expect(overdraw.status).toBe(402);
    expect(overdraw.error).toMatchObject({ code: 'PT402', message: 'Insufficient tokens' });
  });

  it('changes roles only through admin_set_role', async () => {
    const direct = await alice.client.from('user_profiles').update({ role: 'admin' }).eq('id', alice.id);
    expect(direct.error?.code).toBe('42501');
    const byAlice = await alice.client.rpc('admin_set_role', { p_user_id: alice.id, p_role: 'admin' });
    expect(byAlice.error?.code).toBe('42501');
    const byAdmin = await admin.client.rpc('admin_set_role', { p_user_id: alice.id, p_role: 'moderator' });
    expect(byAdmin.error).toBeNull();
    const { data } = await alice.client.from('user_profiles').select('role').eq('id', alice.id).single();
    expect(data?.role).toBe('moderator');
    await admin.client.rpc('admin_set_role', { p_user_id: alice.id, p_role: 'standard' });
  });

  it('lets a user request a business account and an admin approve it', async () => {
    const asked = await alice.client.rpc('request_business_account', { p_note: 'I run a bike shop' });
    expect(asked.error).toBeNull();
    const mine = await alice.client.rpc('my_business_request');
    expect(mine.data).toMatchObject({ status: 'pending', note: 'I run a bike shop' });
    const pending = await admin.client.rpc('admin_list_business_requests', { p_status: 'pending' });
    const request = (pending.data as { id: string; email: string }[])[0]!;
    expect(request.email).toBe('alice@example.test');
    const decided = await admin.client.rpc('admin_decide_business_request', {
      p_request_id: request.id,
      p_approve: true,
      p_note: null,
    });
    expect(decided.error).toBeNull();
    const { data } = await alice.client.from('user_profiles').select('is_business_user').eq('id', alice.id).single();
    expect(data?.is_business_user).toBe(true);
  });

  it('bans and unbans through the admin-ban-user function, for admins only', async () => {
    const byUser = await alice.client.functions.invoke('admin-ban-user', { body: { user_id: admin.id, banned: true } });
    expect(byUser.error).not.toBeNull();
    expect((byUser.error as { context?: Response }).context?.status).toBe(403);

    const bad = await admin.client.functions.invoke('admin-ban-user', { body: { user_id: 'nope', banned: true } });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);

    const ban = await admin.client.functions.invoke('admin-ban-user', {
      body: { user_id: alice.id, banned: true, reason: 'spam' },
    });
    expect(ban.error).toBeNull();
    const { rows } = await server.ctx.db.query<{ banned: boolean }>(
      'select banned_until > now() as banned from auth.users where id = $1',
      [alice.id],
    );
    expect(rows[0]?.banned).toBe(true);

    const unban = await admin.client.functions.invoke('admin-ban-user', { body: { user_id: alice.id, banned: false } });
    expect(unban.error).toBeNull();
    const after = await server.ctx.db.query<{ banned_until: string | null }>(
      'select banned_until from auth.users where id = $1',
      [alice.id],
    );
    expect(after.rows[0]?.banned_until).toBeNull();

    const audit = await admin.client.from('admin_audit_log').select('action').in('action', ['ban_user', 'unban_user']);
    expect(audit.data?.map((r) => r.action).sort()).toEqual(['ban_user', 'unban_user']);
    const hidden = await alice.client.from('admin_audit_log').select('action');
    expect(hidden.data).toEqual([]);
  });
});
