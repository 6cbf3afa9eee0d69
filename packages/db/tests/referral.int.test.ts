// Referrals: codes at sign-up, the narrow lookup, apply_referral_on_signup's caller checks,
// at-most-once application, cycle guard, default referrer, and five levels paid exactly once —
// pending at sign-up, paid by the referred user's first purchase, taken back by a refund within
// 14 days (issue 12); a referrer can be attached only while confirming a new account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';
import type { Db } from '@tagledger/db';
import { payPurchase, refundPurchase } from './helpers/purchases.js';

async function balance(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>('select balance from public.user_wallets where user_id = $1', [
    userId,
  ]);
  return Number(rows[0]?.balance);
}

async function codeOf(db: Db, userId: string): Promise<string> {
  const { rows } = await db.query<{ referral_code: string }>(
    'select referral_code from public.user_profiles where id = $1',
    [userId],
  );
  return rows[0]!.referral_code;
}

type ApplyResult = { success: boolean; default_referrer_used: boolean; already_applied?: boolean };

function apply(db: Db, userId: string, code: string, as: 'self' | 'service' = 'self'): Promise<ApplyResult> {
  const run = async (tx: { query: Db['query'] }) =>
    (
      await tx.query<{ r: ApplyResult }>(`select public.apply_referral_on_signup($1, $2, 'email_verification') as r`, [
        userId,
        code,
      ])
    ).rows[0]!.r;
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
    const found = await asAnon(
      t.db,
      async (tx) =>
        (await tx.query<{ r: unknown }>('select public.lookup_referral_code($1) as r', [code.toLowerCase()])).rows[0]!
          .r,
    );
    expect(found).toEqual({ exists: true, display_name: 'Olive Owner' });
    const missing = await asAnon(
      t.db,
      async (tx) => (await tx.query<{ r: unknown }>(`select public.lookup_referral_code('NOPE2345') as r`)).rows[0]!.r,
    );
    expect(missing).toEqual({ exists: false, display_name: null });
    // Anonymous callers cannot read profiles to find codes.
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select referral_code from public.user_profiles')),
      '42501',
    );
  });

  it('does not let users set their own referral code or referrer', async () => {
    const u = await createAuthUser(t.db);
    const other = await createAuthUser(t.db);
    await expectSqlState(
      asUser(t.db, u, (tx) =>
        tx.query(`update public.user_profiles set referral_code = 'MINEMINE' where id = $1`, [u]),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, u, (tx) => tx.query('update public.user_profiles set referred_by = $2 where id = $1', [u, other])),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, u, (tx) =>
        tx.query(`insert into public.referrals (referrer_id, referred_id, level) values ($1, $2, 1)`, [u, other]),
      ),
      '42501',
    );
    await expectSqlState(
      asService(t.db, (tx) => tx.query('update public.referrals set reward = 1000')),
      '42501',
    );
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

    // Pending until the newcomer buys tokens.
    expect(await Promise.all(chain.map((id) => balance(t.db, id)))).toEqual(before);
    await payPurchase(t.db, newcomer);

    const after = await Promise.all(chain.map((id) => balance(t.db, id)));
    const gained = after.map((b, i) => b - before[i]!);
    // chain[5] is level 1 … chain[1] is level 5; chain[0] is level 6 and gets nothing.
    expect(gained).toEqual([0, 5, 10, 20, 30, 50]);
    expect(await balance(t.db, newcomer)).toBe(50 + 100);

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
    expect(keys.rows.map((r) => r.idempotency_key)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `referral:${newcomer}:level:${n}`),
    );
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
    await payPurchase(t.db, child);
    expect(await balance(t.db, parent)).toBe(before + 50);
  });

  it('uses the code given at sign-up when the callback sends none', async () => {
    const parent = await createAuthUser(t.db);
    const code = await codeOf(t.db, parent);
    const before = await balance(t.db, parent);
    const child = await createAuthUser(t.db, { metadata: { referral_code: code.toLowerCase() } });
    expect(await apply(t.db, child, '')).toEqual({ success: true, default_referrer_used: false });
    await payPurchase(t.db, child);
    expect(await balance(t.db, parent)).toBe(before + 50);
  });

  it('shows each referrer counts and earnings per level and display names only', async () => {
    const top = await createAuthUser(t.db, { metadata: { full_name: 'Top' } });
    const mid = await createAuthUser(t.db, { email: 'mid-secret@example.test', metadata: { full_name: 'Mid' } });
    await apply(t.db, mid, await codeOf(t.db, top));
    const leaf = await createAuthUser(t.db, { email: 'leaf-secret@example.test' });
    await apply(t.db, leaf, await codeOf(t.db, mid));

    const statsOf = async () =>
      (
        await asUser(
          t.db,
          top,
          async (tx) =>
            (
              await tx.query<{
                level: number;
                referred_count: string;
                tokens_earned: string;
                tokens_pending: string;
                reward: string;
              }>('select * from public.my_referral_stats()')
            ).rows,
        )
      ).map((s) => [
        Number(s.level),
        Number(s.referred_count),
        Number(s.tokens_earned),
        Number(s.tokens_pending),
        Number(s.reward),
      ]);
    // [level, people, earned, pending, reward per person]
    expect(await statsOf()).toEqual([
      [1, 1, 0, 50, 50],
      [2, 1, 0, 30, 30],
      [3, 0, 0, 0, 20],
      [4, 0, 0, 0, 10],
      [5, 0, 0, 0, 5],
    ]);
    await payPurchase(t.db, mid);
    expect((await statsOf()).slice(0, 2)).toEqual([
      [1, 1, 50, 0, 50],
      [2, 1, 0, 30, 30],
    ]);
    const people = await asUser(
      t.db,
      top,
      async (tx) =>
        (
          await tx.query<{ j: { items: { display_name: string; level: number }[] } }>(
            'select public.my_referred_users(50, null) as j',
          )
        ).rows[0]!.j.items,
    );
    expect(people.map((p) => [p.display_name, p.level])).toEqual([
      ['Member', 2],
      ['Mid', 1],
    ]);
    expect(JSON.stringify(people)).not.toContain('secret@');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select * from public.my_referral_stats()')),
      '42501',
    );
  });

  it('refuses self-referral and cycles', async () => {
    const a = await createAuthUser(t.db);
    const selfResult = await apply(t.db, a, await codeOf(t.db, a));
    expect(selfResult.default_referrer_used).toBe(true);
    const { rows } = await t.db.query<{ referred_by: string | null }>(
      'select referred_by from public.user_profiles where id = $1',
      [a],
    );
    expect(rows[0]?.referred_by).not.toBe(a);

    // b uses c's code while c has not applied yet; then c tries b's code → would be a cycle.
    const b = await createAuthUser(t.db);
    const c = await createAuthUser(t.db);
    await apply(t.db, b, await codeOf(t.db, c));
    const cBefore = await balance(t.db, c);
    const bBefore = await balance(t.db, b);
    const cycle = await apply(t.db, c, await codeOf(t.db, b));
    expect(cycle.default_referrer_used).toBe(true);
    const cRow = await t.db.query<{ referred_by: string | null }>(
      'select referred_by from public.user_profiles where id = $1',
      [c],
    );
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
    await payPurchase(t.db, x);
    await payPurchase(t.db, y);
    expect(await balance(t.db, house)).toBe(houseBefore + 100);
    const { rows } = await t.db.query<{ n: string }>(
      'select count(*) as n from public.user_profiles where referred_by = $1',
      [house],
    );
    expect(Number(rows[0]?.n)).toBe(2);
    await t.db.query('update private.referral_config set default_referrer_id = null');
  });

  it('records no referrer but answers default_referrer_used when none is configured', async () => {
    await t.db.query('update private.referral_config set use_first_admin = false');
    const z = await createAuthUser(t.db);
    expect(await apply(t.db, z, '')).toEqual({ success: true, default_referrer_used: true });
    const { rows } = await t.db.query<{ n: string }>(
      'select count(*) as n from public.referrals where referred_id = $1',
      [z],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    await t.db.query('update private.referral_config set use_first_admin = true');
  });

  it('falls back to the first admin when no referrer id is configured', async () => {
    const { rows: admins } = await t.db.query<{ id: string }>(
      `select id from public.user_profiles where role = 'admin'`,
    );
    const admin = admins[0]?.id ?? (await createAuthUser(t.db, { role: 'admin' }));
    const before = await balance(t.db, admin);
    const w = await createAuthUser(t.db);
    expect(await apply(t.db, w, '')).toEqual({ success: true, default_referrer_used: true });
    await payPurchase(t.db, w);
    expect(await balance(t.db, admin)).toBe(before + 50);
  });

  it('pays nothing for sign-ups that never buy (plus-addressed fake accounts)', async () => {
    const farmer = await createAuthUser(t.db, { email: 'farmer@example.test' });
    const code = await codeOf(t.db, farmer);
    const before = await balance(t.db, farmer);
    for (let i = 0; i < 5; i++) {
      const fake = await createAuthUser(t.db, { email: `farmer+${i}@example.test` });
      await apply(t.db, fake, code);
    }
    expect(await balance(t.db, farmer)).toBe(before);
    const { rows } = await t.db.query<{ status: string; n: string }>(
      'select status, count(*) as n from public.referrals where referrer_id = $1 group by status',
      [farmer],
    );
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([['pending', 5]]);
  });

  it('pays only for the first purchase, and takes the reward back when it is refunded within 14 days', async () => {
    const parent = await createAuthUser(t.db);
    const child = await createAuthUser(t.db);
    await apply(t.db, child, await codeOf(t.db, parent));
    const before = await balance(t.db, parent);
    const first = await payPurchase(t.db, child);
    await payPurchase(t.db, child);
    expect(await balance(t.db, parent)).toBe(before + 50);
    await refundPurchase(t.db, first);
    expect(await balance(t.db, parent)).toBe(before);
    const { rows } = await t.db.query<{ status: string }>(
      'select status from public.referrals where referred_id = $1',
      [child],
    );
    expect(rows).toEqual([{ status: 'reversed' }]);
  });

  it('keeps the reward when the refund comes more than 14 days after payment', async () => {
    const parent = await createAuthUser(t.db);
    const child = await createAuthUser(t.db);
    await apply(t.db, child, await codeOf(t.db, parent));
    const purchase = await payPurchase(t.db, child);
    const paid = await balance(t.db, parent);
    await t.db.query(`update public.token_purchases set paid_at = now() - interval '15 days' where id = $1`, [
      purchase,
    ]);
    await refundPurchase(t.db, purchase);
    expect(await balance(t.db, parent)).toBe(paid);
  });

  it('a referrer whose reward was spent owes it as debt when the purchase is refunded', async () => {
    const parent = await createAuthUser(t.db);
    const child = await createAuthUser(t.db);
    await apply(t.db, child, await codeOf(t.db, parent));
    const purchase = await payPurchase(t.db, child);
    await t.db.query(`select private.ledger_post($1, -90, 'tag_asset', 'spend')`, [parent]);
    await refundPurchase(t.db, purchase);
    const { rows } = await t.db.query<{ balance: number; debt: number }>(
      'select balance::int, debt::int from public.user_wallets where user_id = $1',
      [parent],
    );
    expect(rows[0]).toEqual({ balance: 0, debt: 40 });
  });

  it('lets an account attach a referrer only while confirming it, not later', async () => {
    const referrer = await createAuthUser(t.db);
    const old = await createAuthUser(t.db);
    await t.db.query(`update auth.users set email_confirmed_at = now() - interval '2 hours' where id = $1`, [old]);
    await expectSqlState(apply(t.db, old, await codeOf(t.db, referrer)), '42501');
    const unconfirmed = await createAuthUser(t.db);
    await t.db.query('update auth.users set email_confirmed_at = null where id = $1', [unconfirmed]);
    await expectSqlState(apply(t.db, unconfirmed, await codeOf(t.db, referrer)), '42501');
    const { rows } = await t.db.query<{ n: string }>(
      'select count(*) as n from public.referrals where referrer_id = $1',
      [referrer],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    // Once applied at confirmation, later calls answer already_applied and change nothing.
    const fresh = await createAuthUser(t.db);
    await apply(t.db, fresh, '');
    await t.db.query(`update auth.users set email_confirmed_at = now() - interval '2 hours' where id = $1`, [fresh]);
    expect(await apply(t.db, fresh, await codeOf(t.db, referrer))).toMatchObject({ already_applied: true });
  });
});
