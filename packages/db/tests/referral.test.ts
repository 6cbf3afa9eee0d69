// Referrals: codes at sign-up, the narrow lookup, apply_referral_on_signup's caller checks,
// at-most-once application, cycle guard, default referrer, and five levels paid exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, asService, asUser, createAuthUser, drivers, expectSqlState, openTestDb, type TestDb } from './helpers/db.js';
import type { Db } from '../../../apps/server/src/db/index.js';

async function balance(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>('select balance from public.user_wallets where user_id = $1', [userId]);
  return Number(rows[0]?.balance);
}

async function codeOf(db: Db, userId: string): Promise<string> {
  const { rows } = await db.query<{ referral_code: string }>('select referral_code from public.user_profiles where id = $1', [userId]);
  return rows[0]!.referral_code;
}

type ApplyResult = { success: boolean; default_referrer_used: boolean; already_applied?: boolean };

function apply(db: Db, userId: string, code: string, as: 'self' | 'service' = 'self'): Promise<ApplyResult> {
  const run = async (tx: { query: Db['query'] }) =>
    (await tx.query<{ r: ApplyResult }>(`select public.apply_referral_on_signup($1, $2, 'email_verification') as r`, [userId, code]))
      .rows[0]!.r;
  return as === 'self' ? asUser(db, userId, run) : asService(db, run);
}

describe.each(drivers)('referrals on %s', (driver) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(() => t?.close());

  it('gives every user a unique, readable 8-character code', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => createAuthUser(t.db)));
    const codes = await Promise.all(ids.map((id) => codeOf(t.db, id)));
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('resolves a code only through lookup_referral_code, with a display name and never an e-mail', async () => {
    const owner = await createAuthUser(t.db, { email: 'owner@example.test', metadata: { full_name: 'Olive Owner' } });
    const code = await codeOf(t.db, owner);
    const found = await asAnon(t.db, async (tx) =>
      (await tx.query<{ r: unknown }>('select public.lookup_referral_code($1) as r', [code.toLowerCase()])).rows[0]!.r,
    );
    expect(found).toEqual({ exists: true, display_name: 'Olive Owner' });
    const missing = await asAnon(t.db, async (tx) =>
      (await tx.query<{ r: unknown }>(`select public.lookup_referral_code('NOPE2345') as r`)).rows[0]!.r,
    );
    expect(missing).toEqual({ exists: false, display_name: null });
    // Anonymous callers cannot read profiles to find codes.
    await expectSqlState(asAnon(t.db, (tx) => tx.query('select referral_code from public.user_profiles')), '42501');
  });

  it('does not let users set their own referral code or referrer', async () => {
    const u = await createAuthUser(t.db);
    const other = await createAuthUser(t.db);
    await expectSqlState(asUser(t.db, u, (tx) => tx.query(`update public.user_profiles set referral_code = 'MINEMINE' where id = $1`, [u])), '42501');
    await expectSqlState(asUser(t.db, u, (tx) => tx.query('update public.user_profiles set referred_by = $2 where id = $1', [u, other])), '42501');
    await expectSqlState(
      asUser(t.db, u, (tx) => tx.query(`insert into public.referrals (referrer_id, referred_id, level) values ($1, $2, 1)`, [u, other])),
      '42501',
    );
    await expectSqlState(asService(t.db, (tx) => tx.query('update public.referrals set reward = 1000')), '42501');
  });

  it('refuses anonymous callers and callers applying to someone else', async () => {
    const victim = await createAuthUser(t.db);
    const attacker = await createAuthUser(t.db);
    const code = await codeOf(t.db, attacker);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select public.apply_referral_on_signup($1, $2, 'x')`, [victim, code])),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, attacker, (tx) => tx.query(`select public.apply_referral_on_signup($1, $2, 'x')`, [victim, code])),
      '42501',
    );
    // The internal worker has no caller check, so nobody but the database may call it.
    await expectSqlState(
      asUser(t.db, attacker, (tx) => tx.query(`select private.apply_referral($1, $2, 'x')`, [victim, code])),
      '42501',
    );
    expect(await balance(t.db, attacker)).toBe(50);
  });

  it('pays exactly five levels once for a chain of six, and nothing more on retries', async () => {
    // chain[0] ← chain[1] ← … ← chain[5] ← newcomer
    const chain: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await createAuthUser(t.db, { metadata: { full_name: `Level ${i}` } });
      if (i > 0) await apply(t.db, id, await codeOf(t.db, chain[i - 1]!));
      chain.push(id);
    }
    const before = await Promise.all(chain.map((id) => balance(t.db, id)));
    const newcomer = await createAuthUser(t.db, { metadata: { full_name: 'New Comer' } });
    const result = await apply(t.db, newcomer, await codeOf(t.db, chain[5]!));
    expect(result).toEqual({ success: true, default_referrer_used: false });

    const after = await Promise.all(chain.map((id) => balance(t.db, id)));
    const gained = after.map((b, i) => b - before[i]!);
    // chain[5] is level 1 … chain[1] is level 5; chain[0] is level 6 and gets nothing.
    expect(gained).toEqual([0, 5, 10, 20, 30, 50]);
    expect(await balance(t.db, newcomer)).toBe(50);

    // Retries, duplicates (sequential and concurrent), other codes and the service role: nothing more.
    const again = await apply(t.db, newcomer, await codeOf(t.db, chain[5]!));
    expect(again).toMatchObject({ success: true, default_referrer_used: false, already_applied: true });
    await Promise.allSettled([
      apply(t.db, newcomer, await codeOf(t.db, chain[0]!)),
      apply(t.db, newcomer, ''),
      apply(t.db, newcomer, await codeOf(t.db, chain[3]!), 'service'),
    ]);
    expect(await Promise.all(chain.map((id) => balance(t.db, id)))).toEqual(after);

    const { rows } = await t.db.query<{ level: number; reward: string; referrer_id: string }>(
      'select level, reward, referrer_id from public.referrals where referred_id = $1 order by level',
      [newcomer],
    );
    expect(rows.map((r) => [Number(r.level), Number(r.reward), r.referrer_id])).toEqual([
      [1, 50, chain[5]],
      [2, 30, chain[4]],
      [3, 20, chain[3]],
      [4, 10, chain[2]],
      [5, 5, chain[1]],
    ]);
    const keys = await t.db.query<{ idempotency_key: string }>(
      `select idempotency_key from public.token_transactions where source = 'referral' and reference = $1 order by idempotency_key`,
      [`referral:${newcomer}`],
    );
    expect(keys.rows.map((r) => r.idempotency_key)).toEqual([1, 2, 3, 4, 5].map((n) => `referral:${newcomer}:level:${n}`));
  });

  it('pays once when the same sign-up is applied many times at the same moment', async () => {
    // On PostgreSQL these run on separate pooled connections and race for the profile lock.
    const parent = await createAuthUser(t.db);
    const child = await createAuthUser(t.db);
    const code = await codeOf(t.db, parent);
    const before = await balance(t.db, parent);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => apply(t.db, child, code)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const fresh = results.filter((r) => r.status === 'fulfilled' && !(r.value as ApplyResult).already_applied);
    expect(fresh).toHaveLength(1);
    expect(await balance(t.db, parent)).toBe(before + 50);
  });

  it('uses the code given at sign-up when the callback sends none', async () => {
    const parent = await createAuthUser(t.db);
    const code = await codeOf(t.db, parent);
    const before = await balance(t.db, parent);
    const child = await createAuthUser(t.db, { metadata: { referral_code: code.toLowerCase() } });
    expect(await apply(t.db, child, '')).toEqual({ success: true, default_referrer_used: false });
    expect(await balance(t.db, parent)).toBe(before + 50);
  });

  it('shows each referrer counts and earnings per level and display names only', async () => {
    const top = await createAuthUser(t.db, { metadata: { full_name: 'Top' } });
    const mid = await createAuthUser(t.db, { email: 'mid-secret@example.test', metadata: { full_name: 'Mid' } });
    await apply(t.db, mid, await codeOf(t.db, top));
    const leaf = await createAuthUser(t.db, { email: 'leaf-secret@example.test' });
    await apply(t.db, leaf, await codeOf(t.db, mid));

    const stats = await asUser(t.db, top, async (tx) =>
      (await tx.query<{ level: number; referred_count: string; tokens_earned: string; reward: string }>('select * from public.my_referral_stats()')).rows,
    );
    expect(stats.map((s) => [Number(s.level), Number(s.referred_count), Number(s.tokens_earned), Number(s.reward)])).toEqual([
      [1, 1, 50, 50],
      [2, 1, 30, 30],
      [3, 0, 0, 20],
      [4, 0, 0, 10],
      [5, 0, 0, 5],
    ]);
    const people = await asUser(t.db, top, async (tx) => (await tx.query('select * from public.my_referred_users(50, 0)')).rows);
    expect(people.map((p) => [(p as { display_name: string }).display_name, Number((p as { level: number }).level)])).toEqual([
      ['Member', 2],
      ['Mid', 1],
    ]);
    expect(JSON.stringify(people)).not.toContain('secret@');
    await expectSqlState(asAnon(t.db, (tx) => tx.query('select * from public.my_referral_stats()')), '42501');
  });

  it('refuses self-referral and cycles', async () => {
    const a = await createAuthUser(t.db);
    const selfResult = await apply(t.db, a, await codeOf(t.db, a));
    expect(selfResult.default_referrer_used).toBe(true);
    const { rows } = await t.db.query<{ referred_by: string | null }>('select referred_by from public.user_profiles where id = $1', [a]);
    expect(rows[0]?.referred_by).not.toBe(a);

    // b uses c's code while c has not applied yet; then c tries b's code → would be a cycle.
    const b = await createAuthUser(t.db);
    const c = await createAuthUser(t.db);
    await apply(t.db, b, await codeOf(t.db, c));
    const cBefore = await balance(t.db, c);
    const bBefore = await balance(t.db, b);
    const cycle = await apply(t.db, c, await codeOf(t.db, b));
    expect(cycle.default_referrer_used).toBe(true);
    const cRow = await t.db.query<{ referred_by: string | null }>('select referred_by from public.user_profiles where id = $1', [c]);
    expect(cRow.rows[0]?.referred_by).not.toBe(b);
    expect(await balance(t.db, b)).toBe(bBefore);
    expect(await balance(t.db, c)).toBe(cBefore);
  });

  it('attaches unknown or empty codes to the configured default referrer', async () => {
    const house = await createAuthUser(t.db, { metadata: { full_name: 'House' } });
    await t.db.query('update private.referral_config set default_referrer_id = $1', [house]);
    const houseBefore = await balance(t.db, house);
    const x = await createAuthUser(t.db);
    expect(await apply(t.db, x, '')).toEqual({ success: true, default_referrer_used: true });
    const y = await createAuthUser(t.db);
    expect(await apply(t.db, y, 'UNKNOWN9')).toEqual({ success: true, default_referrer_used: true });
    expect(await balance(t.db, house)).toBe(houseBefore + 100);
    const { rows } = await t.db.query<{ n: string }>('select count(*) as n from public.user_profiles where referred_by = $1', [house]);
    expect(Number(rows[0]?.n)).toBe(2);
    await t.db.query('update private.referral_config set default_referrer_id = null');
  });

  it('records no referrer but answers default_referrer_used when none is configured', async () => {
    await t.db.query('update private.referral_config set use_first_admin = false');
    const z = await createAuthUser(t.db);
    expect(await apply(t.db, z, '')).toEqual({ success: true, default_referrer_used: true });
    const { rows } = await t.db.query<{ n: string }>('select count(*) as n from public.referrals where referred_id = $1', [z]);
    expect(Number(rows[0]?.n)).toBe(0);
    await t.db.query('update private.referral_config set use_first_admin = true');
  });

  it('falls back to the first admin when no referrer id is configured', async () => {
    const { rows: admins } = await t.db.query<{ id: string }>(`select id from public.user_profiles where role = 'admin'`);
    const admin = admins[0]?.id ?? (await createAuthUser(t.db, { role: 'admin' }));
    const before = await balance(t.db, admin);
    const w = await createAuthUser(t.db);
    expect(await apply(t.db, w, '')).toEqual({ success: true, default_referrer_used: true });
    expect(await balance(t.db, admin)).toBe(before + 50);
  });
});
