// A unit a moderator marked counterfeit is kept as evidence (migration 20261127000300, issue 27
// item 3): no role deletes it, or its product, while the verdict stands — the business, a
// moderator, the service role, the tables' owner — so its scans and the reports naming it stay.
// Deleting the whole account still removes its catalogue, and a cleared verdict lifts the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

describe.each(drivers)('units carrying a moderator’s verdict on %s', (driver) => {
  let t: TestDb;
  let moderator: string;

  /** A business with one product and units U-1 (counterfeit, scanned twice, reported) and U-2 (active). */
  async function catalogue() {
    const brand = await createAuthUser(t.db, { isBusiness: true });
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.business_products (business_id, name, sku) values ($1, 'Diver', 'D') returning id`,
      [brand],
    );
    const product = rows[0]!.id;
    const units = await t.db.query<{ id: string; serial: string }>(
      `insert into public.business_units (business_id, product_id, serial)
       values ($1, $2, 'U-1'), ($1, $2, 'U-2') returning id, serial`,
      [brand, product],
    );
    const unit = units.rows.find((u) => u.serial === 'U-1')!.id;
    const spare = units.rows.find((u) => u.serial === 'U-2')!.id;
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash)
       values ($1, $2, $3, 'U-1', 'a'), ($1, $2, $3, 'U-1', 'b')`,
      [unit, product, brand],
    );
    await t.db.query(
      `insert into public.moderation_reports (target_kind, product_id, unit_id, serial, reason, reporter_hash)
       values ('product', $1, $2, 'U-1', 'counterfeit', repeat('a', 64))`,
      [product, unit],
    );
    await asUser(t.db, moderator, (tx) =>
      tx.query(`select public.moderator_set_unit_status($1, 'counterfeit', 'Cloned label')`, [unit]),
    );
    return { brand, product, unit, spare };
  }

  const count = async (sql: string, id: string) =>
    Number((await t.db.query<{ n: string }>(`select count(*) as n from ${sql}`, [id])).rows[0]!.n);

  beforeAll(async () => {
    t = await openTestDb(driver);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
  });
  afterAll(() => t?.close());

  it('refuses every role’s delete of the unit or its product, and keeps scans and reports', async () => {
    const { brand, product, unit } = await catalogue();
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query('delete from public.business_units where id = $1', [unit])),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query('delete from public.business_products where id = $1', [product])),
      '42501',
    );
    await expectSqlState(
      asService(t.db, (tx) => tx.query('delete from public.business_units where id = $1', [unit])),
      '42501',
    );
    await expectSqlState(
      asService(t.db, (tx) => tx.query('delete from public.business_products where id = $1', [product])),
      '42501',
    );
    await expectSqlState(t.db.query('delete from public.business_units where id = $1', [unit]), '42501');
    await expectSqlState(t.db.query('delete from public.business_products where id = $1', [product]), '42501');
    // A moderator has no delete right at all: nothing is removed either way.
    const modDelete = await asUser(t.db, moderator, (tx) =>
      tx.query('delete from public.business_units where id = $1', [unit]),
    );
    expect(modDelete.rowCount ?? 0).toBe(0);

    expect(await count(`public.business_units where id = $1 and status = 'counterfeit'`, unit)).toBe(1);
    expect(await count('public.business_unit_scans where unit_id = $1', unit)).toBe(2);
    expect(await count('public.moderation_reports where unit_id = $1', unit)).toBe(1);
  });

  it('still deletes the units without a verdict', async () => {
    const { brand, spare, unit } = await catalogue();
    const res = await asUser(t.db, brand, (tx) =>
      tx.query('delete from public.business_units where id = $1 returning id', [spare]),
    );
    expect(res.rows).toEqual([{ id: spare }]);
    expect(await count('public.business_units where id = $1', unit)).toBe(1);
  });

  it('lifts the rule when a moderator clears the verdict', async () => {
    const { brand, product, unit } = await catalogue();
    await asUser(t.db, moderator, (tx) =>
      tx.query(`select public.moderator_set_unit_status($1, 'active', 'Proved genuine')`, [unit]),
    );
    const res = await asUser(t.db, brand, (tx) =>
      tx.query('delete from public.business_products where id = $1 returning id', [product]),
    );
    expect(res.rows).toEqual([{ id: product }]);
  });

  it('lets an account be deleted whole, its catalogue with it', async () => {
    const { brand, product, unit } = await catalogue();
    await t.db.query('delete from auth.users where id = $1', [brand]);
    expect(await count('public.business_products where id = $1', product)).toBe(0);
    expect(await count('public.business_units where id = $1', unit)).toBe(0);
  });
});
