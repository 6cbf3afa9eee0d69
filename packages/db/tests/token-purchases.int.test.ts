// token_packages, token_purchases and the purchase functions, as each role: who reads what,
// and that nobody but the server (service role) can open, credit or reverse a purchase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, asService, asUser, createAuthUser, drivers, expectSqlState, type TestDb } from '@tagledger/db/testing';
import { openWithTwoUsers } from './helpers/two-users.js';
import { payPurchase } from './helpers/purchases.js';

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
    starter = (await t.db.query<{ id: string }>(`select id from public.token_packages where name = 'Starter'`)).rows[0]!
      .id;
    await t.db.query(
      `insert into public.token_packages (name, tokens, price_minor, active) values ('Retired', 10, 100, false)`,
    );
    alicePurchase = await asService(
      t.db,
      async (tx) =>
        (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [alice, starter]))
          .rows[0]!.id,
    );
  });
  afterAll(() => t?.close());

  it('shows active packages to everyone and inactive ones to admins only', async () => {
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    const anon = await asAnon(t.db, (tx) => tx.query<{ name: string }>('select name from public.token_packages'));
    expect(names(anon.rows)).toEqual(['Bulk', 'Standard', 'Starter']);
    const user = await asUser(t.db, alice, (tx) =>
      tx.query<{ name: string }>('select name from public.token_packages'),
    );
    expect(names(user.rows)).toEqual(['Bulk', 'Standard', 'Starter']);
    const byAdmin = await asUser(t.db, admin, (tx) =>
      tx.query<{ name: string }>('select name from public.token_packages'),
    );
    expect(names(byAdmin.rows)).toEqual(['Bulk', 'Retired', 'Standard', 'Starter']);
  });

  it('copies the package price into the purchase', async () => {
    const { rows } = await t.db.query(
      'select tokens::int, amount_minor::int, currency, status from public.token_purchases where id = $1',
      [alicePurchase],
    );
    expect(rows[0]).toEqual({ tokens: 100, amount_minor: 100, currency: 'gbp', status: 'pending' });
  });

  it('shows purchases to their owner and admins only', async () => {
    const own = await asUser(t.db, alice, (tx) => tx.query('select id from public.token_purchases'));
    expect(own.rows).toEqual([{ id: alicePurchase }]);
    const other = await asUser(t.db, bob, (tx) => tx.query('select id from public.token_purchases'));
    expect(other.rows).toEqual([]);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select id from public.token_purchases')),
      '42501',
    );
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
        run(
          `insert into public.token_purchases (user_id, package_name, tokens, amount_minor, currency) values ('${alice}', 'x', 1, 1, 'gbp')`,
        ),
        '42501',
      );
      await expectSqlState(run(`update public.token_packages set price_minor = 50`), '42501');
      await expectSqlState(
        run(`insert into public.token_packages (name, tokens, price_minor) values ('x', 1, 50)`),
        '42501',
      );
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
      `select private.close_token_purchase('${alicePurchase}', '${alice}', 'cancelled')`,
      `select * from private.due_checkout_expiries(10)`,
    ];
    for (const sql of calls) {
      await expectSqlState(
        asUser(t.db, alice, (tx) => tx.query(sql)),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, admin, (tx) => tx.query(sql)),
        '42501',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(sql)),
        '42501',
      );
    }
    // The service role may apply events, but not the inner helpers.
    await expectSqlState(
      asService(t.db, (tx) => tx.query(calls[3]!)),
      '42501',
    );
    await expectSqlState(
      asService(t.db, (tx) => tx.query(calls[4]!)),
      '42501',
    );
    const ignored = await asService(t.db, (tx) =>
      tx.query<{ r: { outcome: string } }>(
        `select private.apply_stripe_event('evt_x', 'customer.created', '{}'::jsonb) as r`,
      ),
    );
    expect(ignored.rows[0]!.r.outcome).toBe('ignored_type');
  });

  it('blocks spending while the wallet owes a debt, but not reversals', async () => {
    const user = await createAuthUser(t.db);
    await t.db.query(`select private.reverse_tokens($1, 80, 'purchase_refund', 'Refund', 'purchase:x', 'refund:1')`, [
      user,
    ]);
    const { rows } = await t.db.query<{ balance: number; debt: number }>(
      'select balance::int, debt::int from public.user_wallets where user_id = $1',
      [user],
    );
    expect(rows[0]).toEqual({ balance: 0, debt: 30 });
    await expectSqlState(t.db.query(`select private.ledger_post($1, -1, 'tag_asset', 'spend')`, [user]), 'PT402');
    await t.db.query(`select private.credit_settling_debt($1, 100, 'purchase', 'Bought', 'purchase:y', 'purchase:y')`, [
      user,
    ]);
    const after = await t.db.query<{ balance: number; debt: number }>(
      'select balance::int, debt::int from public.user_wallets where user_id = $1',
      [user],
    );
    expect(after.rows[0]).toEqual({ balance: 70, debt: 0 });
    await t.db.query(`select private.ledger_post($1, -1, 'tag_asset', 'spend')`, [user]);
  });

  it('refuses the admin price and revenue functions to anonymous and standard callers', async () => {
    const calls = [
      `select public.admin_save_token_package(null, 'Free', 1000000, 50)`,
      `select public.admin_update_tagging_prices('{"photo_first": 0}'::jsonb)`,
      `select public.admin_revenue_stats(30, 'gbp')`,
    ];
    for (const sql of calls) {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(sql)),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, alice, (tx) => tx.query(sql)),
        '42501',
      );
    }
    const { rows } = await t.db.query<{ amount: number }>(
      `select amount::int from public.asset_pricing where item = 'photo_first'`,
    );
    expect(rows[0]!.amount).toBe(25);
  });

  it('lets admins create, edit and deactivate packages, with an audit entry each time', async () => {
    const created = await asUser(
      t.db,
      admin,
      async (tx) =>
        (
          await tx.query<{ id: string; price_minor: string }>(
            `select * from public.admin_save_token_package(null, 'Huge', 20000, 14999, 'GBP', true, 4)`,
          )
        ).rows[0]!,
    );
    expect(Number(created.price_minor)).toBe(14999);
    await asUser(t.db, admin, (tx) =>
      tx.query(`select public.admin_save_token_package($1, 'Huge', 20000, 12999, 'gbp', false, 4)`, [created.id]),
    );
    const anon = await asAnon(t.db, (tx) =>
      tx.query('select id from public.token_packages where id = $1', [created.id]),
    );
    expect(anon.rows).toEqual([]);
    const audit = await t.db.query<{
      details: { before: { price_minor: number } | null; after: { price_minor: number; active: boolean } };
    }>(
      `select details from public.admin_audit_log where action = 'save_token_package' and details ->> 'package_id' = $1 order by created_at`,
      [created.id],
    );
    expect(
      audit.rows.map((r) => [
        r.details.before?.price_minor ?? null,
        r.details.after.price_minor,
        r.details.after.active,
      ]),
    ).toEqual([
      [null, 14999, true],
      [14999, 12999, false],
    ]);
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_save_token_package(null, 'Cheap', 100, 10)`)),
      '22023',
    );
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_save_token_package(null, '', 100, 100)`)),
      '22023',
    );
    await expectSqlState(
      asUser(t.db, admin, (tx) =>
        tx.query(`select public.admin_save_token_package($1, 'X', 100, 100)`, [crypto.randomUUID()]),
      ),
      'P0002',
    );
  });

  it('lets admins change the tagging prices that quote_asset_cost reads, auditing each change', async () => {
    await asUser(t.db, admin, (tx) =>
      tx.query(
        `select public.admin_update_tagging_prices('{"photo_first": 30, "base": 10, "video": [{"max_seconds": 60, "amount": 70}]}'::jsonb)`,
      ),
    );
    const quote = await asAnon(
      t.db,
      async (tx) =>
        (await tx.query<{ q: { total: number } }>('select public.quote_asset_cost(1, 0, array[30]::numeric[]) as q'))
          .rows[0]!.q,
    );
    expect(quote.total).toBe(10 + 30 + 70);
    const audit = await t.db.query<{ item: string; before: number; after: number }>(
      `select details ->> 'item' as item, (details ->> 'before')::int as before, (details ->> 'after')::int as after
         from public.admin_audit_log where action = 'update_tagging_price' order by item`,
    );
    expect(audit.rows).toEqual([
      { item: 'photo_first', before: 25, after: 30 },
      { item: 'video_60', before: 60, after: 70 },
    ]);
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_update_tagging_prices('{"photo_first": -1}'::jsonb)`)),
      '22023',
    );
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query(`select public.admin_update_tagging_prices('{"nonsense": 1}'::jsonb)`)),
      '22023',
    );
    await expectSqlState(
      asUser(t.db, admin, (tx) =>
        tx.query(`select public.admin_update_tagging_prices('{"video": [{"max_seconds": 5, "amount": 1}]}'::jsonb)`),
      ),
      'P0002',
    );
  });

  it('reports revenue: gross, refunds and a per-day series', async () => {
    const user = await createAuthUser(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push(
        await asService(
          t.db,
          async (tx) =>
            (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [user, starter]))
              .rows[0]!.id,
        ),
      );
    }
    for (const [i, id] of ids.entries()) {
      await asService(t.db, async (tx) => {
        await tx.query('select private.attach_checkout_session($1, $2)', [id, `cs_${i}`]);
        await tx.query(`select private.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
          `evt_pay_${i}`,
          JSON.stringify({
            id: `cs_${i}`,
            client_reference_id: id,
            metadata: { purchase_id: id, user_id: user },
            amount_total: 100,
            currency: 'gbp',
            payment_status: 'paid',
            payment_intent: `pi_${i}`,
          }),
        ]);
      });
    }
    await asService(t.db, (tx) =>
      tx.query(
        `select private.apply_stripe_event('evt_refund', 'charge.refunded', '{"payment_intent": "pi_0", "amount_refunded": 100, "currency": "gbp"}'::jsonb)`,
      ),
    );
    const stats = await asUser(
      t.db,
      admin,
      async (tx) =>
        (
          await tx.query<{
            s: {
              gross_minor: number;
              refunds_minor: number;
              net_minor: number;
              paid_count: number;
              by_day: { day: string; gross_minor: number; refunds_minor: number }[];
            };
          }>(`select public.admin_revenue_stats(30, 'gbp') as s`)
        ).rows[0]!.s,
    );
    expect(stats).toMatchObject({ gross_minor: 200, refunds_minor: 100, net_minor: 100, paid_count: 2 });
    expect(stats.by_day).toHaveLength(30);
    const paidDay = (
      await t.db.query<{ d: string }>(
        `select to_char((paid_at at time zone 'UTC')::date, 'YYYY-MM-DD') as d from public.token_purchases where id = $1`,
        [ids[1]],
      )
    ).rows[0]!.d;
    expect(stats.by_day.find((d) => d.day === paidDay)).toMatchObject({ gross_minor: 200, refunds_minor: 100 });
    await expectSqlState(
      asUser(t.db, admin, (tx) => tx.query('select public.admin_revenue_stats(0)')),
      '22023',
    );
  });

  it('closes a pending purchase for its buyer (cancelled) or the expiry job (expired), never a paid one', async () => {
    const close = (id: string, user: string | null, status: string) =>
      asService(
        t.db,
        async (tx) =>
          (await tx.query<{ s: string }>('select private.close_token_purchase($1, $2, $3) as s', [id, user, status]))
            .rows[0]!.s,
      );
    const open = async (user: string) =>
      asService(
        t.db,
        async (tx) =>
          (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [user, starter]))
            .rows[0]!.id,
      );
    const mine = await open(bob);
    // Someone else's purchase is a missing one; a buyer is needed to cancel; only two endings exist.
    await expectSqlState(close(mine, alice, 'cancelled'), 'P0002');
    await expectSqlState(close(crypto.randomUUID(), bob, 'cancelled'), 'P0002');
    await expectSqlState(close(mine, null, 'cancelled'), '22023');
    await expectSqlState(close(mine, bob, 'paid'), '22023');
    expect(await close(mine, null, 'expired')).toBe('expired');
    // The buyer coming back after the session's own expiry still sees it as cancelled.
    expect(await close(mine, bob, 'cancelled')).toBe('cancelled');
    expect(await close(mine, null, 'expired')).toBe('cancelled');
    const paid = await payPurchase(t.db, bob, 'Starter');
    expect(await close(paid, bob, 'cancelled')).toBe('paid');
  });

  it('lists for expiry only pending checkouts past their lifetime by the application clock', async () => {
    const user = await createAuthUser(t.db);
    const due = () =>
      asService(t.db, async (tx) =>
        (await tx.query<{ id: string }>('select id from private.due_checkout_expiries(500)')).rows.map((r) => r.id),
      );
    const withSession = await asService(t.db, async (tx) => {
      const id = (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [user, starter]))
        .rows[0]!.id;
      await tx.query(`select private.attach_checkout_session($1, $2, now() + interval '30 minutes')`, [id, `cs_${id}`]);
      return id;
    });
    const sessionless = await asService(
      t.db,
      async (tx) =>
        (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [user, starter])).rows[0]!
          .id,
    );
    expect(await due()).not.toContain(withSession);
    expect(await due()).not.toContain(sessionless);
    await t.db.query(`insert into private.app_clock (id, offset_seconds) values (true, 50 * 60)
      on conflict (id) do update set offset_seconds = excluded.offset_seconds`);
    expect(await due()).toContain(withSession);
    expect(await due()).not.toContain(sessionless);
    await t.db.query(`update private.app_clock set offset_seconds = 61 * 60`);
    expect(await due()).toEqual(expect.arrayContaining([withSession, sessionless]));
    await t.db.query(`update private.app_clock set offset_seconds = 0`);
  });

  it('records on a purchase how many of its tokens paid a debt', async () => {
    const user = await createAuthUser(t.db);
    await t.db.query(
      `select private.reverse_tokens($1, 70, 'purchase_refund', 'Refund', 'purchase:x', 'refund:debt')`,
      [user],
    );
    const paid = await payPurchase(t.db, user, 'Starter');
    const { rows } = await t.db.query<{ debt_settled: number; balance: number; debt: number }>(
      `select p.debt_settled::int, w.balance::int, w.debt::int
         from public.token_purchases p join public.user_wallets w on w.user_id = p.user_id where p.id = $1`,
      [paid],
    );
    expect(rows[0]).toEqual({ debt_settled: 20, balance: 80, debt: 0 });
  });
});
