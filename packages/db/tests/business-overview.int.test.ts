// The business overview and the unit list's search (migration 20261127000310, issue 28 item 4):
// the overview counts the caller's catalogue — never another business's, even for a moderator —
// and a product's units are paged by serial in byte order with a search by the serial's start,
// answered from the (product_id, serial "C") index. Its scans of 30 days are the daily counts'
// (migration 20261127001900, decision 0172).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createAuthUser, drivers, expectSqlState, openTestDb, type TestDb } from '@tagledger/db/testing';

interface Overview {
  products: number;
  recalled_products: number;
  units: number;
  units_by_status: Record<'active' | 'sold' | 'recalled' | 'counterfeit', number>;
  scans_30d: number;
  recent_products: { id: string; name: string; units: number; status: string }[];
  tagged_assets: number;
}

describe.each(drivers)('business overview and unit search on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let moderator: string;
  let product: string;
  let small: string;

  const overview = (user: string) =>
    asUser(t.db, user, (tx) => tx.query<{ o: Overview }>('select public.my_business_overview() as o')).then(
      (r) => r.rows[0]!.o,
    );
  const page = (user: string, prefix: string | null, after: string | null, limit = 50, productId = product) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ serial: string }>('select serial from public.business_unit_page($1, $2, $3, $4)', [
        productId,
        prefix,
        after,
        limit,
      ]),
    ).then((r) => r.rows.map((u) => u.serial));

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    moderator = await createAuthUser(t.db, { role: 'moderator', isBusiness: true });
    const products = await t.db.query<{ id: string; name: string }>(
      `insert into public.business_products (business_id, name, sku, status, created_at)
       values ($1, 'Diver', 'D', 'active', now() - interval '1 day'), ($1, 'Pilot', 'P', 'recalled', now()),
              ($2, 'Rival', 'R', 'active', now())
       returning id, name`,
      [brand, rival],
    );
    product = products.rows.find((p) => p.name === 'Diver')!.id;
    small = products.rows.find((p) => p.name === 'Pilot')!.id;
    const rivalProduct = products.rows.find((p) => p.name === 'Rival')!.id;
    // 1,055 units of Diver (AC-0001 … AC-1055), of which 5 sold; mixed-case and punctuated serials too.
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial, status)
       select $1, $2, 'AC-' || lpad(n::text, 4, '0'), case when n <= 5 then 'sold' else 'active' end
         from generate_series(1, 1055) n`,
      [brand, product],
    );
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial, status)
       values ($1, $2, 'ac-9', 'active'), ($1, $2, 'AC.1', 'active'), ($1, $3, 'P-1', 'recalled'), ($1, $3, 'P-2', 'counterfeit'),
              ($4, $5, 'AC-0001', 'active'), ($4, $5, 'AC-2000', 'active')`,
      [brand, product, small, rival, rivalProduct],
    );
    const unit = await t.db.query<{ id: string }>(
      `select id from public.business_units where business_id = $1 and serial = 'AC-0001'`,
      [brand],
    );
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       values ($1, $2, $3, 'AC-0001', 'h', now()), ($1, $2, $3, 'AC-0001', 'h', now() - interval '40 days')`,
      [unit.rows[0]!.id, product, brand],
    );
    await t.db.query(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'business', 'Old stock')`,
      [brand],
    );
    await t.db.query('analyze public.business_units');
  });
  afterAll(() => t?.close());

  it('counts the caller’s own catalogue: products, units by status, scans and older business assets', async () => {
    const o = await overview(brand);
    expect(o).toMatchObject({
      products: 2,
      recalled_products: 1,
      units: 1059,
      units_by_status: { active: 1052, sold: 5, recalled: 1, counterfeit: 1 },
      scans_30d: 1,
      tagged_assets: 1,
    });
    expect(o.recent_products.map((p) => [p.name, p.units, p.status])).toEqual([
      ['Pilot', 2, 'recalled'],
      ['Diver', 1057, 'active'],
    ]);
  });

  it('never counts another business’s rows, even for a moderator who may read them', async () => {
    expect(await overview(rival)).toMatchObject({ products: 1, units: 2, scans_30d: 0, tagged_assets: 0 });
    const mod = await overview(moderator);
    expect(mod).toMatchObject({ products: 0, units: 0, scans_30d: 0, recent_products: [] });
    const shopper = await createAuthUser(t.db);
    expect(await overview(shopper)).toMatchObject({ products: 0, units: 0 });
  });

  it('counts the last 30 days’ scans from the daily counts, not from the scans (decision 0172)', async () => {
    // Counts with no raw scan behind them (as after SCAN_RETENTION_MONTHS dropped the scans, or for
    // a brand whose 10⁸ scans the overview must not read): the overview follows the counts.
    const counted = await createAuthUser(t.db, { isBusiness: true });
    await t.db.query(
      `insert into public.business_scan_days (business_id, product_id, day, scans, unknown_serial_scans)
       values ($1, null, (now() at time zone 'UTC')::date, 5, 0),
              ($1, null, (now() at time zone 'UTC')::date - 29, 700, 2),
              ($1, null, (now() at time zone 'UTC')::date - 30, 50, 0)`,
      [counted],
    );
    expect((await overview(counted)).scans_30d).toBe(705);
  });

  it('pages a product’s units in serial byte order with a keyset', async () => {
    const first = await page(brand, null, null, 3);
    expect(first).toEqual(['AC-0001', 'AC-0002', 'AC-0003']);
    expect(await page(brand, null, 'AC-0003', 2)).toEqual(['AC-0004', 'AC-0005']);
    const tail = await page(brand, null, 'AC-1054', 5);
    expect(tail).toEqual(['AC-1055', 'AC.1', 'ac-9']);
    let after: string | null = null;
    let seen = 0;
    for (;;) {
      const rows = await page(brand, null, after, 200);
      seen += rows.length;
      if (rows.length < 200) break;
      after = rows.at(-1)!;
    }
    expect(seen).toBe(1057);
  });

  it('finds units by the start of their serial, as typed', async () => {
    expect(await page(brand, 'AC-105', null)).toEqual([
      'AC-1050',
      'AC-1051',
      'AC-1052',
      'AC-1053',
      'AC-1054',
      'AC-1055',
    ]);
    expect(await page(brand, 'AC-105', 'AC-1053')).toEqual(['AC-1054', 'AC-1055']);
    expect(await page(brand, 'AC-1055', null)).toEqual(['AC-1055']);
    expect(await page(brand, 'ac', null)).toEqual(['ac-9']);
    expect(await page(brand, 'AC.', null)).toEqual(['AC.1']);
    expect(await page(brand, 'ZZ', null)).toEqual([]);
    expect(await page(brand, '', null, 2)).toEqual(['AC-0001', 'AC-0002']);
  });

  it('shows nothing of another business’s product, and refuses bad input', async () => {
    expect(await page(rival, null, null, 50, product)).toEqual([]);
    expect(await page(brand, 'AC', null, 50, small)).toEqual([]);
    await expectSqlState(page(brand, 'a%', null), '22023');
    await expectSqlState(page(brand, null, "x' or 1=1"), '22023');
    await expectSqlState(page(brand, null, null, 0), '22023');
    await expectSqlState(page(brand, null, null, 201), '22023');
  });

  it('answers a search from the (product_id, serial "C") index', async () => {
    const plan = await asUser(t.db, brand, async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `explain select * from public.business_units u
          where u.product_id = $1 and u.serial collate "C" >= 'AC-10' and u.serial collate "C" < 'AC-10~'
            and u.serial collate "C" > '' order by u.serial collate "C" limit 51`,
        [product],
      );
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('business_units_product_serial_c_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});
