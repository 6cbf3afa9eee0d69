// A product's unit counts kept as units come and go (migration 20261127001800, decision 0171):
// statement triggers on business_units add each statement's deltas to business_products, so the
// product page and the business overview read one row per product instead of every unit.
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

interface Counts {
  unit_count: number;
  active_units: number;
  sold_units: number;
  recalled_units: number;
  counterfeit_units: number;
}

describe.each(drivers)('unit counts kept on the product on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;

  const newProduct = async (owner: string, name: string) =>
    (
      await t.db.query<{ id: string }>(
        `insert into public.business_products (business_id, name, sku) values ($1, $2, $2) returning id`,
        [owner, name],
      )
    ).rows[0]!.id;

  /** The maintained counts, and what an exact count over the units says they should be. */
  const countsOf = async (product: string) => {
    const kept = await t.db.query<Counts>(
      `select unit_count::int, active_units::int, sold_units::int, recalled_units::int, counterfeit_units::int
         from public.business_products where id = $1`,
      [product],
    );
    const real = await t.db.query<Counts>(
      `select count(*)::int as unit_count,
              (count(*) filter (where status = 'active'))::int as active_units,
              (count(*) filter (where status = 'sold'))::int as sold_units,
              (count(*) filter (where status = 'recalled'))::int as recalled_units,
              (count(*) filter (where status = 'counterfeit'))::int as counterfeit_units
         from public.business_units where product_id = $1`,
      [product],
    );
    expect(kept.rows[0]).toEqual(real.rows[0]);
    return kept.rows[0]!;
  };

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
  }, 120_000);
  afterAll(() => t?.close());

  it('counts single inserts, skips duplicates, and counts deletes', async () => {
    const product = await newProduct(brand, 'Single');
    await asUser(t.db, brand, async (tx) => {
      for (const serial of ['S-1', 'S-2', 'S-3', 'S-2'])
        await tx.query(
          `insert into public.business_units (business_id, product_id, serial) values ($1, $2, $3)
           on conflict (business_id, serial) do nothing`,
          [brand, product, serial],
        );
    });
    expect(await countsOf(product)).toMatchObject({ unit_count: 3, active_units: 3 });
    await asUser(t.db, brand, (tx) =>
      tx.query(`delete from public.business_units where product_id = $1 and serial in ('S-1', 'S-3')`, [product]),
    );
    expect(await countsOf(product)).toMatchObject({ unit_count: 1, active_units: 1 });
    // A delete that matches nothing changes nothing.
    await asUser(t.db, brand, (tx) => tx.query(`delete from public.business_units where serial = 'none'`));
    expect((await countsOf(product)).unit_count).toBe(1);
  });

  it('counts a range added in one statement, and what it skipped is not counted twice', async () => {
    const product = await newProduct(brand, 'Range');
    const add = (start: number, count: number) =>
      asUser(t.db, brand, (tx) =>
        tx.query<{ r: { inserted: number } }>('select public.business_add_unit_range($1, $2, $3, $4, 5) as r', [
          product,
          'R-',
          start,
          count,
        ]),
      );
    expect((await add(1, 5000)).rows[0]!.r.inserted).toBe(5000);
    expect((await add(4001, 2000)).rows[0]!.r.inserted).toBe(1000);
    expect(await countsOf(product)).toMatchObject({ unit_count: 6000, active_units: 6000 });
  });

  it('moves counts between statuses and between products, and forgets a deleted product', async () => {
    const product = await newProduct(brand, 'Moving');
    const other = await newProduct(brand, 'Other');
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'M-' || n from generate_series(1, 10) n`,
      [brand, product],
    );
    await asUser(t.db, brand, (tx) =>
      tx.query(`update public.business_units set status = 'sold' where product_id = $1 and serial in ('M-1', 'M-2')`, [
        product,
      ]),
    );
    await asUser(t.db, brand, (tx) =>
      tx.query(`update public.business_units set status = 'recalled' where product_id = $1 and serial = 'M-3'`, [
        product,
      ]),
    );
    // An update that changes nothing that is counted.
    await asUser(t.db, brand, (tx) =>
      tx.query(`update public.business_units set status = status where product_id = $1`, [product]),
    );
    expect(await countsOf(product)).toEqual({
      unit_count: 10,
      active_units: 7,
      sold_units: 2,
      recalled_units: 1,
      counterfeit_units: 0,
    });
    // Users cannot move a unit (no update grant on product_id); the service role can.
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`update public.business_units set product_id = $2 where product_id = $1`, [product, other]),
      ),
      '42501',
    );
    await asService(t.db, (tx) =>
      tx.query(
        `update public.business_units set product_id = $2, status = 'counterfeit' where product_id = $1 and serial in ('M-1', 'M-4')`,
        [product, other],
      ),
    );
    expect(await countsOf(product)).toEqual({
      unit_count: 8,
      active_units: 6,
      sold_units: 1,
      recalled_units: 1,
      counterfeit_units: 0,
    });
    expect(await countsOf(other)).toEqual({
      unit_count: 2,
      active_units: 0,
      sold_units: 0,
      recalled_units: 0,
      counterfeit_units: 2,
    });
    // Deleting a product takes its units with it; their count update finds no product and is no error.
    await t.db.query(`delete from public.business_products where id = $1`, [product]);
    expect((await t.db.query(`select 1 from public.business_products where id = $1`, [product])).rows).toHaveLength(0);
  });

  it('counts a statement that touches several products once per product', async () => {
    const a = await newProduct(brand, 'Multi A');
    const b = await newProduct(brand, 'Multi B');
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, case when n % 3 = 0 then $2::uuid else $3::uuid end, 'MP-' || n from generate_series(1, 300) n`,
      [brand, a, b],
    );
    expect((await countsOf(a)).unit_count).toBe(100);
    expect((await countsOf(b)).unit_count).toBe(200);
    await t.db.query(`delete from public.business_units where serial like 'MP-%' and serial like '%1'`);
    await countsOf(a);
    await countsOf(b);
  });

  it('ends two concurrent imports into one product with both counted', async () => {
    const product = await newProduct(brand, 'Concurrent');
    // Each import holds its transaction open after its insert, so the other's count update waits
    // for its row lock on the product (on PostgreSQL; PGlite runs them one after the other).
    const load = (prefix: string) =>
      asUser(t.db, brand, async (tx) => {
        await tx.query(
          `insert into public.business_units (business_id, product_id, serial)
           select $1, $2, $3 || n from generate_series(1, 3000) n`,
          [brand, product, prefix],
        );
        await tx.query('select pg_sleep(0.2)');
      });
    await Promise.all([load('CA-'), load('CB-'), load('CC-')]);
    expect(await countsOf(product)).toMatchObject({ unit_count: 9000, active_units: 9000 });
  });

  it('refuses a user who writes the counts, and shows them only where the product is readable', async () => {
    const product = await newProduct(brand, 'Guarded');
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial) values ($1, $2, 'G-1'), ($1, $2, 'G-2')`,
      [brand, product],
    );
    for (const column of ['unit_count', 'active_units', 'sold_units', 'recalled_units', 'counterfeit_units']) {
      await expectSqlState(
        asUser(t.db, brand, (tx) =>
          tx.query(`update public.business_products set ${column} = 1000 where id = $1`, [product]),
        ),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, brand, (tx) =>
          tx.query(
            `insert into public.business_products (business_id, name, sku, ${column}) values ($1, 'X', 'X', 5)`,
            [brand],
          ),
        ),
        '42501',
      );
    }
    const own = await asUser(t.db, brand, (tx) =>
      tx.query<{ unit_count: string }>('select unit_count from public.business_products where id = $1', [product]),
    );
    expect(Number(own.rows[0]!.unit_count)).toBe(2);
    const other = await asUser(t.db, rival, (tx) =>
      tx.query('select unit_count from public.business_products where id = $1', [product]),
    );
    expect(other.rows).toHaveLength(0);
  });

  it('answers the overview from the products’ counts, not from the units', async () => {
    const owner = await createAuthUser(t.db, { isBusiness: true });
    const product = await newProduct(owner, 'Overview');
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial, status)
       select $1, $2, 'O-' || n, case when n <= 2 then 'sold' else 'active' end from generate_series(1, 7) n`,
      [owner, product],
    );
    const overview = () =>
      asUser(t.db, owner, (tx) =>
        tx.query<{
          o: { units: number; units_by_status: Record<string, number>; recent_products: { units: number }[] };
        }>('select public.my_business_overview() as o'),
      ).then((r) => r.rows[0]!.o);
    expect(await overview()).toMatchObject({
      units: 7,
      units_by_status: { active: 5, sold: 2, recalled: 0, counterfeit: 0 },
      recent_products: [{ units: 7 }],
    });
    // Counts set apart from the units (as only the database owner can): the overview follows them,
    // so it read the product row and not the units.
    await t.db.query(
      `update public.business_products set unit_count = 10000000, active_units = 9999990, sold_units = 10 where id = $1`,
      [product],
    );
    expect(await overview()).toMatchObject({
      units: 10_000_000,
      units_by_status: { active: 9_999_990, sold: 10 },
      recent_products: [{ units: 10_000_000 }],
    });
  });
});
