// Package prices per currency and purchases through Paystack and MTN MoMo (migration
// 20261127001300, decision 0154), as each role: only admins set prices, only the server opens,
// credits or reverses such a purchase, at the package's price in that currency, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, asService, asUser, createAuthUser, drivers, expectSqlState, type TestDb } from '@tagledger/db/testing';
import { openWithTwoUsers } from './helpers/two-users.js';

describe.each(drivers)('payment providers (database) on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let admin: string;
  let standard: string;
  beforeAll(async () => {
    ({ t, alice } = await openWithTwoUsers(driver));
    admin = await createAuthUser(t.db, { role: 'admin' });
    standard = (await t.db.query<{ id: string }>(`select id from public.token_packages where name = 'Standard'`))
      .rows[0]!.id;
  });
  afterAll(() => t?.close());

  const setPrices = (user: string, prices: unknown) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ prices: Record<string, number> }>('select prices from public.admin_set_token_package_prices($1, $2)', [
        standard,
        JSON.stringify(prices),
      ]),
    );

  it('lets admins alone set prices in other currencies, in whole minor units', async () => {
    await expectSqlState(setPrices(alice, { ngn: 1 }), '42501');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select public.admin_set_token_package_prices($1, $2)', [standard, '{}'])),
      '42501',
    );
    await expectSqlState(setPrices(admin, { naira: 100 }), '22023');
    await expectSqlState(setPrices(admin, { ngn: 10.5 }), '22023');
    await expectSqlState(setPrices(admin, { ngn: '900000' }), '22023');
    await expectSqlState(setPrices(admin, { ngn: 0 }), '22023');
    // The package's own currency keeps its own price column.
    const saved = await setPrices(admin, { ngn: 950000, xaf: 3500, gbp: 1 });
    expect(saved.rows[0]!.prices).toEqual({ ngn: 950000, xaf: 3500 });
    const audit = await t.db.query(`select 1 from public.admin_audit_log where action = 'save_token_package_prices'`);
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('opens a purchase at the package’s price in the currency, for the server only', async () => {
    await setPrices(admin, { ngn: 900000, xaf: 3400 });
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`select private.open_provider_purchase($1, $2, 'paystack', 'ngn')`, [alice, standard]),
      ),
      '42501',
    );
    const open = (provider: string, currency: string, phone: string | null = null) =>
      asService(t.db, (tx) =>
        tx.query<{ id: string; amount_minor: string; currency: string; provider: string }>(
          'select * from private.open_provider_purchase($1, $2, $3, $4, $5)',
          [alice, standard, provider, currency, phone],
        ),
      );
    const ngn = (await open('paystack', 'NGN')).rows[0]!;
    expect({ ...ngn, amount_minor: Number(ngn.amount_minor) }).toMatchObject({
      amount_minor: 900000,
      currency: 'ngn',
      provider: 'paystack',
    });
    await expectSqlState(open('paystack', 'ghs'), 'P0002');
    await expectSqlState(open('stripe', 'gbp'), '22023');
    await expectSqlState(open('mtn_momo', 'xaf', '0671234567'), '23514');
  });

  it('credits a verified payment once, and refuses another amount or currency', async () => {
    const purchase = await asService(t.db, async (tx) => {
      const id = (
        await tx.query<{ id: string }>(
          `select id from private.open_provider_purchase($1, $2, 'mtn_momo', 'xaf', '+237671234567')`,
          [alice, standard],
        )
      ).rows[0]!.id;
      await tx.query(`select private.attach_provider_reference($1, 'ref-1')`, [id]);
      return id;
    });
    const apply = (amount: number, currency: string, key: string) =>
      asService(
        t.db,
        async (tx) =>
          (
            await tx.query<{ r: { outcome: string } }>(
              `select private.apply_provider_payment('mtn_momo', 'ref-1', 'successful', $1, $2, 'tx-1', $3) as r`,
              [amount, currency, key],
            )
          ).rows[0]!.r.outcome,
      );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`select private.apply_provider_payment('mtn_momo', 'ref-1', 'successful', 3400, 'xaf', 'x', 'k')`),
      ),
      '42501',
    );
    expect(await apply(34, 'xaf', 'a')).toBe('rejected_amount_mismatch');
    expect(await apply(3400, 'eur', 'b')).toBe('rejected_amount_mismatch');
    expect(await apply(3400, 'XAF', 'c')).toBe('credited');
    expect(await apply(3400, 'xaf', 'c')).toBe('duplicate');
    expect(await apply(3400, 'xaf', 'd')).toBe('already_paid');
    const { rows } = await t.db.query<{ n: string }>(
      `select count(*) as n from public.token_transactions where reference = $1`,
      [`purchase:${purchase}`],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const row = await t.db.query(
      'select checkout_expires_at is not null as timed from public.token_purchases where id = $1',
      [purchase],
    );
    expect(row.rows[0]).toEqual({ timed: true });
  });
});
