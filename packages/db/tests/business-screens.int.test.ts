// What the business screens rely on (migration 20261125000200): GTIN check digits, media paths in
// the business's own folder, units added as a numbered range, the scan analytics a business reads
// about its own products only, and the verified badge an admin's approval grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  verifyGs1Prefix,
  type TestDb,
} from '@tagledger/db/testing';

interface Analytics {
  total: number;
  daily: { day: string; count: number }[];
  products: { name: string; count: number }[];
  top_units: { serial: string; count: number }[];
  flagged: { reason: string; serial: string; count: number }[];
}

const GTIN = '09506000134352';

describe.each(drivers)('business screens on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let shopper: string;
  let product: string;
  let rivalProduct: string;

  const range = (user: string, productId: string, prefix: string, start: number, count: number, width = 4) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ r: { inserted: number; skipped: number; first: string; last: string } }>(
        'select public.business_add_unit_range($1, $2, $3, $4, $5) as r',
        [productId, prefix, start, count, width],
      ),
    ).then((res) => res.rows[0]!.r);
  const analytics = (user: string, days = 7) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ a: Analytics }>('select public.my_business_scan_analytics($1) as a', [days]),
    ).then((res) => res.rows[0]!.a);
  const scan = (gtin: string | null, serial: string, ip = '198.51.100.4') =>
    t.db.query('select private.record_unit_scan($1, $2, $3)', [gtin, serial, ip]);

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    shopper = await createAuthUser(t.db);
    const { rows } = await t.db.query<{ id: string; business_id: string }>(
      `insert into public.business_products (business_id, name, gtin) values ($1, 'Diver 300', $3), ($2, 'Rival', '09506000134369')
       returning id, business_id`,
      [brand, rival, GTIN],
    );
    // Each business holds its GTIN (a verified GS1 prefix), so scans of its labels are its own.
    await verifyGs1Prefix(t.db, brand, '950600013435');
    await verifyGs1Prefix(t.db, rival, '950600013436');
    product = rows.find((r) => r.business_id === brand)!.id;
    rivalProduct = rows.find((r) => r.business_id === rival)!.id;
  });
  afterAll(() => t?.close());

  it('accepts GTINs with a correct check digit and refuses the others', async () => {
    const insert = (gtin: string) =>
      asUser(t.db, brand, (tx) =>
        tx.query(`insert into public.business_products (business_id, name, gtin) values ($1, 'P', $2)`, [brand, gtin]),
      );
    for (const good of ['96385074', '036000291452', '4006381333931', '04012345000016']) {
      await expect(insert(good), good).resolves.toBeDefined();
    }
    for (const bad of ['96385075', '036000291453', '4006381333932', '04012345000014']) {
      await expectSqlState(insert(bad), '23514');
    }
  });

  it('keeps logos and product images inside the business’s own folder', async () => {
    const ok = await asUser(t.db, brand, (tx) =>
      tx.query(
        `insert into public.business_profiles (business_id, brand_name, logo_path) values ($1::uuid, 'Acme', $1::text || '/logo.png') returning logo_path`,
        [brand],
      ),
    );
    expect(ok.rowCount).toBe(1);
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`update public.business_profiles set logo_path = $2::text || '/logo.png' where business_id = $1`, [
          brand,
          rival,
        ]),
      ),
      '23514',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`update public.business_products set image_paths = array[$2::text || '/x.png'] where id = $1`, [
          product,
          rival,
        ]),
      ),
      '23514',
    );
    const images = await asUser(t.db, brand, (tx) =>
      tx.query(
        `update public.business_products set image_paths = array[$2::text || '/a.png'], attributes = '{"Case":"Steel"}' where id = $1`,
        [product, brand],
      ),
    );
    expect(images.rowCount).toBe(1);
  });

  it('adds a numbered range, skips serials already there on a re-run, and explains bad ranges', async () => {
    expect(await range(brand, product, 'SN-', 1, 1000)).toEqual({
      inserted: 1000,
      skipped: 0,
      first: 'SN-0001',
      last: 'SN-1000',
    });
    expect(await range(brand, product, 'SN-', 995, 10)).toMatchObject({ inserted: 4, skipped: 6, last: 'SN-1004' });
    await expectSqlState(range(brand, product, 'SN-', 1, 10_001), '22023');
    await expectSqlState(range(brand, product, 'SN-', 1, 0), '22023');
    await expectSqlState(range(brand, product, 'bad prefix', 1, 5), '22023');
    await expectSqlState(range(brand, product, 'SN-', 9998, 5, 4), '22023');
  });

  it('refuses ranges on someone else’s product and by users who are not businesses', async () => {
    await expectSqlState(range(brand, rivalProduct, 'X-', 1, 5), 'P0002');
    await expectSqlState(range(shopper, product, 'X-', 1, 5), 'P0002');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select public.business_add_unit_range($1, 'X-', 1, 5, 4)`, [product])),
      '42501',
    );
    const shopperProduct = await asUser(t.db, shopper, (tx) =>
      tx
        .query(`insert into public.business_products (business_id, name, sku) values ($1, 'Mine', 'M-1')`, [shopper])
        .catch((err: { code?: string }) => err.code),
    );
    expect(shopperProduct).toBe('42501');
  });

  it('counts a business’s own scans per day, per product and per unit, and flags copies', async () => {
    // Eleven different scanners (many_scans counts distinct scanners, not requests).
    for (let i = 0; i < 11; i++) await scan(GTIN, 'SN-0007', `198.51.100.${10 + i}`);
    await scan(GTIN, 'SN-0002');
    await scan(GTIN, 'NEVER-1');
    await scan('09506000134369', 'NOPE');
    const mine = await analytics(brand);
    expect(mine.total).toBe(13);
    expect(mine.daily).toHaveLength(7);
    expect(mine.daily.at(-1)!.count).toBe(13);
    expect(mine.products).toEqual([expect.objectContaining({ name: 'Diver 300', count: 13 })]);
    expect(mine.top_units.map((u) => [u.serial, u.count])).toEqual([
      ['SN-0007', 11],
      ['SN-0002', 1],
    ]);
    expect(mine.flagged.map((f) => [f.reason, f.serial, f.count])).toEqual([
      ['many_scans', 'SN-0007', 11],
      ['never_issued', 'NEVER-1', 1],
    ]);
    const theirs = await analytics(rival);
    expect(theirs.total).toBe(1);
    expect(JSON.stringify(theirs)).not.toContain('SN-0007');
    const nobody = await analytics(shopper);
    expect(nobody).toMatchObject({ total: 0, products: [], top_units: [], flagged: [] });
    await expectSqlState(analytics(brand, 0), '22023');
    await expectSqlState(analytics(brand, 366), '22023');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select public.my_business_scan_analytics(7)')),
      '42501',
    );
  });

  it('shows the logo and the first product image on the scan page, and the badge once an admin approves', async () => {
    const page = await t.db.query<{
      p: { brand: { logo_path: string; verified: boolean }; product: { image_path: string } };
    }>('select private.record_unit_scan($1, $2, $3) as p', [GTIN, 'SN-0003', '192.0.2.1']);
    expect(page.rows[0]!.p.brand).toMatchObject({ logo_path: `${brand}/logo.png`, verified: true });
    expect(page.rows[0]!.p.product.image_path).toBe(`${brand}/a.png`);

    // A business that asked for the upgrade gets the badge from the admin's approval.
    const applicant = await createAuthUser(t.db);
    const admin = await createAuthUser(t.db, { role: 'admin' });
    const request = await t.db.query<{ id: string }>(`select (private.open_business_request($1, 'shop')).id`, [
      applicant,
    ]);
    await t.db.query(`insert into public.business_profiles (business_id, brand_name) values ($1, 'New Brand')`, [
      applicant,
    ]);
    const badge = async () =>
      (await t.db.query<{ b: { verified: boolean } }>('select private.scan_brand($1) as b', [applicant])).rows[0]!.b
        .verified;
    expect(await badge()).toBe(false);
    await asUser(t.db, admin, (tx) =>
      tx.query('select public.admin_decide_business_request($1, true)', [request.rows[0]!.id]),
    );
    expect(await badge()).toBe(true);
  });
});
