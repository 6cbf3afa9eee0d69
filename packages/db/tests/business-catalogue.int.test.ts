// A business's products and serialized units (migration 20261124000200): each business reads and
// writes only its own catalogue, only verified businesses write at all, moderators read everything,
// and "counterfeit" is a moderator's verdict that a business can neither set nor undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
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

describe.each(drivers)('business catalogue RLS on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let shopper: string;
  let moderator: string;
  let brandProduct: string;
  let rivalProduct: string;

  const addProduct = (tx: Tx, businessId: string, name: string, gtin: string) =>
    tx.query<{ id: string }>(
      'insert into public.business_products (business_id, name, gtin) values ($1, $2, $3) returning id',
      [businessId, name, gtin],
    );
  const addUnit = (tx: Tx, businessId: string, productId: string, serial: string, status = 'active') =>
    tx.query('insert into public.business_units (business_id, product_id, serial, status) values ($1, $2, $3, $4)', [
      businessId,
      productId,
      serial,
      status,
    ]);
  const serials = async (userId: string) =>
    asUser(t.db, userId, async (tx) =>
      (await tx.query<{ serial: string }>('select serial from public.business_units order by serial')).rows.map(
        (r) => r.serial,
      ),
    );

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    shopper = await createAuthUser(t.db);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    brandProduct = (await addProduct(t.db, brand, 'Brand watch', '09506000134352')).rows[0]!.id;
    rivalProduct = (await addProduct(t.db, rival, 'Rival watch', '09506000134369')).rows[0]!.id;
    await addUnit(t.db, brand, brandProduct, 'B-1');
    await addUnit(t.db, brand, brandProduct, 'B-2');
    await addUnit(t.db, rival, rivalProduct, 'R-1');
  });
  afterAll(() => t?.close());

  it('shows a business only its own products and units', async () => {
    const products = await asUser(t.db, brand, async (tx) =>
      (await tx.query<{ id: string }>('select id from public.business_products')).rows.map((r) => r.id),
    );
    expect(products).toEqual([brandProduct]);
    expect(await serials(brand)).toEqual(['B-1', 'B-2']);
    expect(await serials(rival)).toEqual(['R-1']);
  });

  it('shows a standard user nothing and refuses visitors outright', async () => {
    expect(await serials(shopper)).toEqual([]);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select id from public.business_units')),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select id from public.business_products')),
      '42501',
    );
  });

  it('lets moderators read every unit for their queues', async () => {
    expect(await serials(moderator)).toEqual(['B-1', 'B-2', 'R-1']);
  });

  it('lets a business add products and units to its own catalogue', async () => {
    await asUser(t.db, brand, async (tx) => {
      const product = (await addProduct(tx, brand, 'Brand bag', '09506000134376')).rows[0]!.id;
      await addUnit(tx, brand, product, 'BAG-1');
      const { rows } = await tx.query<{ n: number }>(
        'select count(*)::int as n from public.business_units where product_id = $1',
        [product],
      );
      expect(rows[0]!.n).toBe(1);
    });
  });

  it('refuses catalogue writes from a user who is not a verified business', async () => {
    await expectSqlState(
      asUser(t.db, shopper, (tx) => addProduct(tx, shopper, 'Fake watch', '09506000134383')),
      '42501',
    );
  });

  it('refuses writing into another business’s catalogue', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) => addProduct(tx, rival, 'Planted', '09506000134390')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) => addUnit(tx, brand, rivalProduct, 'PLANTED-1')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) => addUnit(tx, rival, rivalProduct, 'PLANTED-2')),
      '42501',
    );
    const changed = await asUser(t.db, brand, (tx) =>
      tx.query(`update public.business_units set status = 'sold' where serial = 'R-1'`),
    );
    expect(changed.rowCount).toBe(0);
    const deleted = await asUser(t.db, brand, (tx) =>
      tx.query(`delete from public.business_products where id = $1`, [rivalProduct]),
    );
    expect(deleted.rowCount).toBe(0);
  });

  it('refuses moving a unit or product to another business (the owner column is not writable)', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`update public.business_units set business_id = $1 where serial = 'B-1'`, [rival]),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query('update public.business_products set business_id = $1 where id = $2', [rival, brandProduct]),
      ),
      '42501',
    );
  });

  it('keeps serial numbers unique within a business, not across businesses', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) => addUnit(tx, brand, brandProduct, 'B-1')),
      '23505',
    );
    await asUser(t.db, rival, (tx) => addUnit(tx, rival, rivalProduct, 'B-1'));
  });

  it('refuses serials that would need escaping in a label URL', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) => addUnit(tx, brand, brandProduct, 'has space')),
      '23514',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) => addUnit(tx, brand, brandProduct, '../x/y')),
      '23514',
    );
  });

  it('leaves the counterfeit verdict to moderators: a business can neither set nor undo it', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) => addUnit(tx, brand, brandProduct, 'B-3', 'counterfeit')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`update public.business_units set status = 'counterfeit' where serial = 'B-2'`),
      ),
      '42501',
    );
    await asService(t.db, (tx) =>
      tx.query(`update public.business_units set status = 'counterfeit' where business_id = $1 and serial = 'B-2'`, [
        brand,
      ]),
    );
    const undone = await asUser(t.db, brand, (tx) =>
      tx.query(`update public.business_units set status = 'active' where serial = 'B-2'`),
    );
    expect(undone.rowCount).toBe(0);
    const { rows } = await t.db.query<{ status: string }>(
      `select status from public.business_units where business_id = $1 and serial = 'B-2'`,
      [brand],
    );
    expect(rows[0]!.status).toBe('counterfeit');
  });
});
