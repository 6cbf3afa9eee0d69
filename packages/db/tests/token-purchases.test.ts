// token_packages, token_purchases and the purchase functions, as each role: who reads what,
// and that nobody but the server (service role) can open, credit or reverse a purchase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, asService, asUser, createAuthUser, drivers, expectSqlState, type TestDb } from './helpers/db.js';
import { openWithTwoUsers } from './helpers/two-users.js';

describe.each(drivers)('token purchases (database) on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  let admin: string;
  let starter: string;
  let alicePurchase: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await openWithTwoUsers(driver));
    admin = await createAuthUser(t.db, { role: 'admin' });
    starter = (await t.db.query<{ id: string }>(`select id from public.token_packages where name = 'Starter'`)).rows[0]!.id;
    await t.db.query(`insert into public.token_packages (name, tokens, price_minor, active) values ('Retired', 10, 100, false)`);
    alicePurchase = await asService(t.db, async (tx) =>
      (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [alice, starter])).rows[0]!.id,
    );
  });
  afterAll(() => t?.close());

  it('shows active packages to everyone and inactive ones to admins only', async () => {
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    const anon = await asAnon(t.db, (tx) => tx.query<{ name: string }>('select name from public.token_packages'));
    expect(names(anon.rows)).toEqual(['Bulk', 'Standard', 'Starter']);
    const user = await asUser(t.db, alice, (tx) => tx.query<{ name: string }>('select name from public.token_packages'));
    expect(names(user.rows)).toEqual(['Bulk', 'Standard', 'Starter']);
    const byAdmin = await asUser(t.db, admin, (tx) => tx.query<{ name: string }>('select name from public.token_packages'));
    expect(names(byAdmin.rows)).toEqual(['Bulk', 'Retired', 'Standard', 'Starter']);
  });

  it('copies the package price into the purchase', async () => {
    const { rows } = await t.db.query('select tokens::int, amount_minor::int, currency, status from public.token_purchases where id = $1', [alicePurchase]);
    expect(rows[0]).toEqual({ tokens: 100, amount_minor: 100, currency: 'gbp', status: 'pending' });
  });

  it('shows purchases to their owner and admins only', async () => {
    const own = await asUser(t.db, alice, (tx) => tx.query('select id from public.token_purchases'));
    expect(own.rows).toEqual([{ id: alicePurchase }]);
    const other = await asUser(t.db, bob, (tx) => tx.query('select id from public.token_purchases'));
    expect(other.rows).toEqual([]);
    await expectSqlState(asAnon(t.db, (tx) => tx.query('select id from public.token_purchases')), '42501');
    const byAdmin = await asUser(t.db, admin, (tx) => tx.query('select id from public.token_purchases'));
    expect(byAdmin.rows).toEqual([{ id: alicePurchase }]);
  });

  it('refuses writes to packages and purchases to every API role', async () => {
    for (const run of [
      (sql: string) => asUser(t.db, alice, (tx) => tx.query(sql)),
      (sql: string) => asUser(t.db, admin, (tx) => tx.query(sql)),
      (sql: string) => asService(t.db, (tx) => tx.query(sql)),
    ]) {
      await expectSqlState(run(`update public.token_purchases set status = 'paid'`), '42501');
      await expectSqlState(
        run(`insert into public.token_purchases (user_id, package_name, tokens, amount_minor, currency) values ('${alice}', 'x', 1, 1, 'gbp')`),
        '42501',
      );
      await expectSqlState(run(`update public.token_packages set price_minor = 50`), '42501');
      await expectSqlState(run(`insert into public.token_packages (name, tokens, price_minor) values ('x', 1, 50)`), '42501');
      await expectSqlState(run(`update public.user_wallets set debt = 0`), '42501');
    }
  });

  it('lets only the server open, credit or reverse purchases', async () => {
    const calls = [
      `select private.open_token_purchase('${alice}', '${starter}')`,
      `select private.apply_stripe_event('evt_x', 'checkout.session.completed', '{}'::jsonb)`,
      `select private.attach_checkout_session('${alicePurchase}', 'cs_x')`,
      `select private.credit_settling_debt('${alice}', 100, 'purchase', 'x', 'x', 'k')`,
      `select private.reverse_tokens('${alice}', 100, 'purchase_refund', 'x', 'x', 'k')`,
      `select private.ledger_post('${alice}', 100, 'purchase', 'x')`,
    ];
    for (const sql of calls) {
      await expectSqlState(asUser(t.db, alice, (tx) => tx.query(sql)), '42501');
      await expectSqlState(asUser(t.db, admin, (tx) => tx.query(sql)), '42501');
      await expectSqlState(asAnon(t.db, (tx) => tx.query(sql)), '42501');
    }
    // The service role may apply events, but not the inner helpers.
    await expectSqlState(asService(t.db, (tx) => tx.query(calls[3]!)), '42501');
    await expectSqlState(asService(t.db, (tx) => tx.query(calls[4]!)), '42501');
    const ignored = await asService(t.db, (tx) =>
      tx.query<{ r: { outcome: string } }>(`select private.apply_stripe_event('evt_x', 'customer.created', '{}'::jsonb) as r`),
    );
    expect(ignored.rows[0]!.r.outcome).toBe('ignored_type');
  });

  it('blocks spending while the wallet owes a debt, but not reversals', async () => {
    const user = await createAuthUser(t.db);
    await t.db.query(`select private.reverse_tokens($1, 80, 'purchase_refund', 'Refund', 'purchase:x', 'refund:1')`, [user]);
    const { rows } = await t.db.query<{ balance: number; debt: number }>('select balance::int, debt::int from public.user_wallets where user_id = $1', [user]);
    expect(rows[0]).toEqual({ balance: 0, debt: 30 });
    await expectSqlState(t.db.query(`select private.ledger_post($1, -1, 'tag_asset', 'spend')`, [user]), 'P0001');
    await t.db.query(`select private.credit_settling_debt($1, 100, 'purchase', 'Bought', 'purchase:y', 'purchase:y')`, [user]);
    const after = await t.db.query<{ balance: number; debt: number }>('select balance::int, debt::int from public.user_wallets where user_id = $1', [user]);
    expect(after.rows[0]).toEqual({ balance: 70, debt: 0 });
    await t.db.query(`select private.ledger_post($1, -1, 'tag_asset', 'spend')`, [user]);
  });
});
