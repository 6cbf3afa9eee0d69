// Admin functions: only admins (never anonymous, standard or moderator callers) can list users,
// adjust tokens, change roles, the business flag and bans; every action is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';
import type { Db } from '@tagledger/db';

async function balance(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>('select balance from public.user_wallets where user_id = $1', [
    userId,
  ]);
  return Number(rows[0]?.balance);
}

describe.each(drivers)('admin functions on %s', (driver) => {
  let t: TestDb;
  let admin: string;
  let moderator: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    admin = await createAuthUser(t.db, { role: 'admin', email: 'admin@example.test' });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    alice = await createAuthUser(t.db, { email: 'alice@example.test', metadata: { full_name: 'Alice Anders' } });
    bob = await createAuthUser(t.db, { email: 'bob@example.test', metadata: { business_intent: true } });
    await t.db.query('update auth.users set email_confirmed_at = null where id = $1', [bob]);
  });
  afterAll(() => t?.close());

  const calls: [string, string, unknown[]][] = [
    ['admin_list_users', 'select public.admin_list_users(null, null, null, 25, null)', []],
    ['admin_adjust_tokens', `select public.admin_adjust_tokens($1, 1000, 'gift')`, ['ALICE']],
    ['admin_set_role', `select public.admin_set_role($1, 'admin')`, ['ALICE']],
    ['admin_set_business', 'select public.admin_set_business($1, true)', ['ALICE']],
    ['admin_set_ban', 'select public.admin_set_ban($1, true)', ['BOB']],
    ['admin_dashboard_stats', 'select public.admin_dashboard_stats()', []],
    ['admin_list_business_requests', `select * from public.admin_list_business_requests('pending')`, []],
  ];
  const bind = (params: unknown[]) => params.map((p) => (p === 'ALICE' ? alice : p === 'BOB' ? bob : p));

  it.each(calls)('refuses %s to anonymous, standard and moderator callers', async (_name, sql, params) => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(sql, bind(params))),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(sql, bind(params))),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, moderator, (tx) => tx.query(sql, bind(params))),
      '42501',
    );
    const { rows } = await t.db.query<{ role: string; is_business_user: boolean }>(
      'select role, is_business_user from public.user_profiles where id = $1',
      [alice],
    );
    expect(rows[0]).toEqual({ role: 'standard', is_business_user: false });
    expect(await balance(t.db, alice)).toBe(50);
  });

  it('lists, searches and filters users, a page at a time by cursor, with a total', async () => {
    type Row = { id: string; email: string; role: string; balance: number; pending_business_request: boolean };
    type Page = { items: Row[]; next: { k: string; id: string } | null; total: number; total_capped: boolean };
    const list = (
      search: string | null,
      role: string | null,
      confirmed: boolean | null,
      limit = 25,
      after: Page['next'] = null,
    ) =>
      asUser(
        t.db,
        admin,
        async (tx) =>
          (
            await tx.query<{ j: Page }>('select public.admin_list_users($1, $2, $3, $4, $5) as j', [
              search,
              role,
              confirmed,
              limit,
              after && JSON.stringify(after),
            ])
          ).rows[0]!.j,
      );
    const ids = async (...args: Parameters<typeof list>) => (await list(...args)).items.map((r) => r.id);
    const all = await list(null, null, null);
    expect(all.items.length).toBe(4);
    expect(all).toMatchObject({ total: 4, total_capped: false, next: null });
    expect(await ids('anders', null, null)).toEqual([alice]);
    const code = (
      await t.db.query<{ c: string }>('select referral_code as c from public.user_profiles where id = $1', [bob])
    ).rows[0]!.c;
    expect(await ids(code.toLowerCase(), null, null)).toEqual([bob]);
    expect(await ids(null, 'moderator', null)).toEqual([moderator]);
    expect(await ids(null, null, false)).toEqual([bob]);
    expect(await ids('%', null, null)).toEqual([]);
    const first = await list(null, null, null, 2);
    expect(first.items.length).toBe(2);
    expect(first.total).toBe(4);
    const second = await list(null, null, null, 2, first.next);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(all.items.map((r) => r.id));
    expect(second.next).toBeNull();
    expect(all.items.find((r) => r.id === bob)?.pending_business_request).toBe(true);
    await expectSqlState(list(null, 'root', null), '22023');
    await expectSqlState(list(null, null, null, 1000), '22023');
  });

  it('adjusts tokens through the ledger with the admin as actor and an audit row', async () => {
    await asUser(t.db, admin, (tx) =>
      tx.query(`select public.admin_adjust_tokens($1, 25, 'Contest prize', 'k1')`, [alice]),
    );
    // A retried request with the same key moves nothing more.
    await asUser(t.db, admin, (tx) =>
      tx.query(`select public.admin_adjust_tokens($1, 25, 'Contest prize', 'k1')`, [alice]),
    );
    await asUser(t.db, admin, (tx) => tx.query(`select public.admin_adjust_tokens($1, -10, 'Correction')`, [alice]));
    expect(await balance(t.db, alice)).toBe(65);
    const { rows } = await t.db.query<{ amount: string; source: string; actor_id: string; description: string }>(
      `select amount, source, actor_id, description from public.token_transactions
        where user_id = $1 and source = 'admin_adjustment' order by created_at, amount desc`,
      [alice],
    );
    expect(rows.map((r) => [Number(r.amount), r.actor_id, r.description])).toEqual([
      [25, admin, 'Admin adjustment: Contest prize'],
      [-10, admin, 'Admin adjustment: Correction'],
    ]);
    const audit = await asUser(
      t.db,
      admin,
      async (tx) =>
        (
          await tx.query<{ action: string; target_user_id: string }>(
            `select action, target_user_id from public.admin_audit_log where action = 'adjust_tokens'`,
          )
        ).rows,
    );
    expect(audit).toHaveLength(2);
  });

  it('refuses adjustments below zero, without a reason or with silly amounts', async () => {
    const as = (sql: string) => asUser(t.db, admin, (tx) => tx.query(sql, [alice]));
    await expect(as(`select public.admin_adjust_tokens($1, -1000, 'too much')`)).rejects.toMatchObject({
      code: 'PT402',
      message: 'Insufficient tokens',
    });
    await expectSqlState(as(`select public.admin_adjust_tokens($1, 5, '  ')`), '22023');
    await expectSqlState(as(`select public.admin_adjust_tokens($1, 0, 'zero')`), '22023');
    await expectSqlState(as(`select public.admin_adjust_tokens($1, 2000000, 'huge')`), '22023');
    expect(await balance(t.db, alice)).toBe(65);
  });

  it('changes roles, but an admin cannot demote themselves', async () => {
    await asUser(t.db, admin, (tx) => tx.query(`select public.admin_set_role($1, 'moderator')`, [alice]));
    expect(
      (await t.db.query<{ role: string }>('select role from public.user_profiles where id = $1', [alice])).rows[0]
        ?.role,
    ).toBe('moderator');
    await asUser(t.db, admin, (tx) => tx.query(`select public.admin_set_role($1, 'standard')`, [alice]));
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_set_role($1, 'standard')`, [admin])),
      'P0001',
    );
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_set_role($1, 'root')`, [alice])),
      '22023',
    );
  });

  it('records business requests and lets only admins decide them', async () => {
    const mine = await asUser(
      t.db,
      bob,
      async (tx) =>
        (await tx.query<{ status: string; id: string }>('select * from public.my_business_request()')).rows[0]!,
    );
    expect(mine.status).toBe('pending');
    // Asking again while pending returns the same request; users cannot write requests directly.
    const again = await asUser(
      t.db,
      bob,
      async (tx) =>
        (await tx.query<{ id: string }>(`select (public.request_business_account('again')).id`)).rows[0]!.id,
    );
    expect(again).toBe(mine.id);
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query(`update public.business_requests set status = 'approved'`)),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query(`select public.admin_decide_business_request($1, true)`, [mine.id])),
      '42501',
    );

    await asUser(t.db, admin, (tx) =>
      tx.query(`select public.admin_decide_business_request($1, true, 'welcome')`, [mine.id]),
    );
    const { rows } = await t.db.query<{ is_business_user: boolean }>(
      'select is_business_user from public.user_profiles where id = $1',
      [bob],
    );
    expect(rows[0]?.is_business_user).toBe(true);
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_decide_business_request($1, false)`, [mine.id])),
      'P0001',
    );
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query(`select public.request_business_account('x')`)),
      'P0001',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select public.request_business_account('x')`)),
      '42501',
    );
  });

  it('grants and revokes the business flag', async () => {
    await asUser(t.db, admin, (tx) => tx.query('select public.admin_set_business($1, true)', [alice]));
    await asUser(t.db, admin, (tx) => tx.query('select public.admin_set_business($1, false)', [alice]));
    const { rows } = await t.db.query<{ is_business_user: boolean }>(
      'select is_business_user from public.user_profiles where id = $1',
      [alice],
    );
    expect(rows[0]?.is_business_user).toBe(false);
  });

  it('bans and unbans, never the admin themselves', async () => {
    await asUser(t.db, admin, (tx) => tx.query(`select public.admin_set_ban($1, true, 'spam')`, [alice]));
    const banned = await t.db.query<{ b: boolean }>('select banned_until > now() as b from auth.users where id = $1', [
      alice,
    ]);
    expect(banned.rows[0]?.b).toBe(true);
    await asUser(t.db, admin, (tx) => tx.query('select public.admin_set_ban($1, false)', [alice]));
    const unbanned = await t.db.query<{ b: string | null }>('select banned_until as b from auth.users where id = $1', [
      alice,
    ]);
    expect(unbanned.rows[0]?.b).toBeNull();
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query('select public.admin_set_ban($1, true)', [admin])),
      'P0001',
    );
  });

  it('computes dashboard figures in SQL', async () => {
    const s = await asUser(
      t.db,
      admin,
      async (tx) =>
        (
          await tx.query<{ s: Record<string, unknown> & { signups_by_day: { day: string; count: number }[] } }>(
            'select public.admin_dashboard_stats() as s',
          )
        ).rows[0]!.s,
    );
    const wallets = await t.db.query<{ s: string }>('select sum(balance) as s from public.user_wallets');
    expect(s).toMatchObject({
      users_total: 4,
      users_confirmed: 3,
      users_new_week: 4,
      users_new_month: 4,
      pending_business_requests: 0,
    });
    expect(Number(s.tokens_in_circulation)).toBe(Number(wallets.rows[0]!.s));
    expect(Number(s.tokens_spent)).toBe(10);
    expect(s.signups_by_day).toHaveLength(30);
    expect(s.signups_by_day.reduce((n, d) => n + Number(d.count), 0)).toBe(4);
    const assets = await t.db.query<{ n: string }>('select count(*) as n from public.assets');
    expect(s.assets).toBe(Number(assets.rows[0]!.n));
  });

  it('reads and changes reward settings for admins only, and new sign-ups follow them', async () => {
    const read = (uid: string) =>
      asUser(
        t.db,
        uid,
        async (tx) =>
          (await tx.query<{ s: Record<string, unknown> }>('select public.admin_reward_settings() as s')).rows[0]!.s,
      );
    expect(await read(admin)).toMatchObject({
      signup_bonus: 50,
      influencer_signup_bonus: 100,
      level_rewards: [50, 30, 20, 10, 5],
      default_referrer_email: null,
      use_first_admin: true,
      effective_default_referrer_email: 'admin@example.test',
    });
    await expectSqlState(read(alice), '42501');
    const update = (uid: string, rewards: string, email: string | null) =>
      asUser(t.db, uid, (tx) =>
        tx.query(`select public.admin_update_reward_settings(60, 120, $1::bigint[], $2, true, false)`, [
          rewards,
          email,
        ]),
      );
    await expectSqlState(update(alice, '{1,1,1,1,1}', null), '42501');
    await expectSqlState(update(admin, '{1,1,1}', null), '22023');
    await expectSqlState(update(admin, '{1,1,1,1,-1}', null), '22023');
    await expectSqlState(update(admin, '{1,1,1,1,1}', 'nobody@example.test'), 'P0002');
    await update(admin, '{40,20,10,5,1}', 'ALICE@example.test');
    expect(await read(admin)).toMatchObject({
      signup_bonus: 60,
      level_rewards: [40, 20, 10, 5, 1],
      default_referrer_email: 'alice@example.test',
      reward_default_referrals: false,
      effective_default_referrer_email: 'alice@example.test',
    });
    const newcomer = await createAuthUser(t.db);
    expect(await balance(t.db, newcomer)).toBe(60);
    // Restore the defaults for the other tests.
    await update(admin, '{50,30,20,10,5}', null);
    await t.db.query(`update public.token_settings set amount = 50 where key = 'signup_bonus'`);
    await t.db.query(`update public.token_settings set amount = 100 where key = 'influencer_signup_bonus'`);
    await t.db.query('update private.referral_config set reward_default_referrals = true');
  });

  it('shows the audit log to admins only', async () => {
    const adminRows = await asUser(
      t.db,
      admin,
      async (tx) => (await tx.query('select * from public.admin_audit_log')).rows,
    );
    expect(adminRows.length).toBeGreaterThanOrEqual(6);
    const named = await asUser(
      t.db,
      admin,
      async (tx) =>
        (
          await tx.query<{ action: string; admin_email: string; target_email: string }>(
            `select * from public.admin_audit_entries(50) where action = 'adjust_tokens'`,
          )
        ).rows,
    );
    expect(named[0]).toMatchObject({ admin_email: 'admin@example.test', target_email: 'alice@example.test' });
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query('select * from public.admin_audit_entries(50)')),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select * from public.admin_audit_entries(50)')),
      '42501',
    );
    const userRows = await asUser(
      t.db,
      alice,
      async (tx) => (await tx.query('select * from public.admin_audit_log')).rows,
    );
    expect(userRows).toEqual([]);
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`insert into public.admin_audit_log (action) values ('x')`)),
      '42501',
    );
  });
});
