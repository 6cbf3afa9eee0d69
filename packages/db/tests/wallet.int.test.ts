// wallet_summary(): totals over the whole history, computed in SQL, for the caller only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, asUser, drivers, expectSqlState, type TestDb } from '@tagledger/db/testing';
import { openWithTwoUsers } from './helpers/two-users.js';

interface Summary {
  balance: number;
  total_earned: number;
  total_spent: number;
  transaction_count: number;
  sources: string[];
}

describe.each(drivers)('wallet_summary on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await openWithTwoUsers(driver));
    // 25 earnings and 5 spends: more rows than one page of 20, so totals must come from SQL.
    for (let i = 0; i < 25; i++) await t.db.query(`select private.ledger_post($1, 2, 'referral', 'earn')`, [alice]);
    for (let i = 0; i < 5; i++) await t.db.query(`select private.ledger_post($1, -3, 'tag_asset', 'spend')`, [alice]);
  });
  afterAll(() => t?.close());

  const summaryOf = (userId: string) =>
    asUser(
      t.db,
      userId,
      async (tx) => (await tx.query<{ s: Summary }>('select public.wallet_summary() as s')).rows[0]!.s,
    );

  it('sums the whole history', async () => {
    const s = await summaryOf(alice);
    expect({ ...s, balance: Number(s.balance) }).toEqual({
      balance: 50 + 50 - 15,
      total_earned: 100,
      total_spent: 15,
      transaction_count: 31,
      sources: ['referral', 'signup', 'tag_asset'],
    });
  });

  it("does not mix in other users' rows", async () => {
    const s = await summaryOf(bob);
    expect(s).toMatchObject({ total_earned: 50, total_spent: 0, transaction_count: 1, sources: ['signup'] });
  });

  it('refuses anonymous callers', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select public.wallet_summary()')),
      '42501',
    );
  });
});
