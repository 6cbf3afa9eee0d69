// Anonymous accounts (auth.users.is_anonymous): no welcome bonus, no tokens in or out, no referral
// code or chain, no assets, no business request — refused whoever calls (the user, the server as
// service_role, a security-definer function). An upgraded account (is_anonymous → false) gets
// the bonus and a referral code once. Real accounts are unaffected (the allow cases).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tagledger/db';
import {
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

async function createAnonymousUser(db: Db, metadata: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(`insert into auth.users (id, email, is_anonymous, raw_user_meta_data) values ($1, null, true, $2)`, [
    id,
    JSON.stringify(metadata),
  ]);
  return id;
}

async function balanceOf(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string | null }>(
    'select balance from public.user_wallets where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.balance ?? -1);
}

async function referralCodeOf(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ referral_code: string | null }>(
    'select referral_code from public.user_profiles where id = $1',
    [userId],
  );
  return rows[0]?.referral_code ?? null;
}

function registerBare(db: Db, owner: string): Promise<unknown> {
  return asService(db, (tx) =>
    tx.query(`select private.register_asset($1, $2, $3, '[]') as r`, [
      owner,
      crypto.randomUUID(),
      JSON.stringify({ title: 'A bike', kind: 'general' }),
    ]),
  );
}

describe.each(drivers)('anonymous accounts on %s', (driver) => {
  let t: TestDb;
  let real: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    real = await createAuthUser(t.db, { email: 'real-anon-test@example.test' });
  });
  afterAll(() => t?.close());

  it('creates a profile and an empty wallet, but no bonus, no referral code and no business request', async () => {
    const anon = await createAnonymousUser(t.db, { business_intent: 'true', signup_source: 'influencer' });
    expect(await balanceOf(t.db, anon)).toBe(0);
    expect(await referralCodeOf(t.db, anon)).toBeNull();
    const { rows } = await t.db.query('select 1 from public.business_requests where user_id = $1', [anon]);
    expect(rows).toHaveLength(0);
    // The allow case: a real account gets both.
    expect(await balanceOf(t.db, real)).toBeGreaterThan(0);
    expect(await referralCodeOf(t.db, real)).not.toBeNull();
  });

  it('refuses every token movement, even from service_role and the ledger function', async () => {
    const anon = await createAnonymousUser(t.db);
    await expectSqlState(
      asService(t.db, (tx) => tx.query(`select private.ledger_post($1, 100, 'admin', 'gift')`, [anon])),
      '42501',
    );
    await expectSqlState(t.db.query(`select private.ledger_post($1, 100, 'admin', 'gift')`, [anon]), '42501');
    expect(await balanceOf(t.db, anon)).toBe(0);
    // The allow case.
    await t.db.query(`select private.ledger_post($1, 5, 'admin', 'gift')`, [real]);
  });

  it('refuses asset registration for an anonymous owner', async () => {
    const anon = await createAnonymousUser(t.db);
    await expectSqlState(registerBare(t.db, anon), '42501');
    const { rows } = await t.db.query('select 1 from public.assets where owner_id = $1', [anon]);
    expect(rows).toHaveLength(0);
  });

  it('refuses business requests and referral applications from an anonymous account', async () => {
    const anon = await createAnonymousUser(t.db);
    await expectSqlState(
      asUser(t.db, anon, (tx) => tx.query(`select public.request_business_account('please')`)),
      '42501',
    );
    const code = await referralCodeOf(t.db, real);
    await expectSqlState(
      asUser(t.db, anon, (tx) => tx.query(`select public.apply_referral_on_signup($1, $2)`, [anon, code])),
      '42501',
    );
    await expectSqlState(
      asService(t.db, (tx) => tx.query(`select public.apply_referral_on_signup($1, $2)`, [anon, code])),
      '42501',
    );
    const { rows } = await t.db.query('select 1 from public.referrals where referred_id = $1', [anon]);
    expect(rows).toHaveLength(0);
  });

  it('gives an upgraded account the bonus and a referral code once, and then lets it use tokens', async () => {
    const anon = await createAnonymousUser(t.db);
    await t.db.query(
      `update auth.users set email = $2, email_confirmed_at = now(), is_anonymous = false where id = $1`,
      [anon, `upgraded-${anon.slice(0, 8)}@example.test`],
    );
    const bonus = await balanceOf(t.db, anon);
    expect(bonus).toBeGreaterThan(0);
    expect(await referralCodeOf(t.db, anon)).not.toBeNull();
    // Touching the flag again posts nothing more.
    await t.db.query('update auth.users set is_anonymous = false where id = $1', [anon]);
    expect(await balanceOf(t.db, anon)).toBe(bonus);
    await t.db.query(`select private.ledger_post($1, -1, 'tag_asset', 'spend')`, [anon]);
    expect(await balanceOf(t.db, anon)).toBe(bonus - 1);
  });

  it('keeps the new functions out of the API roles', async () => {
    const anon = await createAnonymousUser(t.db);
    for (const sql of [
      'select private.is_anonymous_account($1)',
      `select private.grant_signup_bonus($1, '{}'::jsonb)`,
    ]) {
      await expectSqlState(
        asUser(t.db, anon, (tx) => tx.query(sql, [anon])),
        '42501',
      );
      await expectSqlState(
        asService(t.db, (tx) => tx.query(sql, [anon])),
        '42501',
      );
    }
  });
});
