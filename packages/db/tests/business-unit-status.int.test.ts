// A business sets its units' status and recalls a product line through database functions
// (migration 20261125000250): only its own rows, only as a verified business, only at aal2 when it
// has a second factor, and never setting or clearing the moderators' "counterfeit" verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext } from '@tagledger/db';
import {
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  verifyGs1Prefix,
  type TestDb,
} from '@tagledger/db/testing';

interface ScanPage {
  product: { status: string };
  unit: { status: string };
}

describe.each(drivers)('business unit and product status on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let shopper: string;
  let moderator: string;
  let product: string;
  let rivalProduct: string;
  const unitIds = new Map<string, string>();

  const GTIN = '09506000134352';
  const setUnit = (user: string, unitId: string, status: string) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ r: { status: string } }>('select public.business_set_unit_status($1, $2) as r', [unitId, status]),
    ).then((res) => res.rows[0]!.r);
  const setProduct = (user: string, productId: string, status: string) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ r: { status: string; units_changed: number } }>(
        'select public.business_set_product_status($1, $2) as r',
        [productId, status],
      ),
    ).then((res) => res.rows[0]!.r);
  const statusOf = async (serial: string) =>
    (
      await t.db.query<{ status: string }>('select status from public.business_units where id = $1', [
        unitIds.get(serial),
      ])
    ).rows[0]!.status;
  const scan = async (serial: string) =>
    (
      await t.db.query<{ p: ScanPage }>('select private.record_unit_scan($1, $2, $3) as p', [
        GTIN,
        serial,
        '198.51.100.9',
      ])
    ).rows[0]!.p;

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    shopper = await createAuthUser(t.db);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    const { rows } = await t.db.query<{ id: string; business_id: string }>(
      `insert into public.business_products (business_id, name, gtin) values ($1, 'Diver', $3), ($2, 'Rival', '09506000134369')
       returning id, business_id`,
      [brand, rival, GTIN],
    );
    // The brand holds its GTIN (a verified GS1 prefix), so its labels resolve to it.
    await verifyGs1Prefix(t.db, brand, '950600013435');
    product = rows.find((r) => r.business_id === brand)!.id;
    rivalProduct = rows.find((r) => r.business_id === rival)!.id;
    const units = await t.db.query<{ id: string; serial: string }>(
      `insert into public.business_units (business_id, product_id, serial, status)
       values ($1, $2, 'U-1', 'active'), ($1, $2, 'U-2', 'sold'), ($1, $2, 'U-3', 'counterfeit'), ($1, $2, 'U-4', 'active'),
              ($3, $4, 'R-1', 'active')
       returning id, serial`,
      [brand, product, rival, rivalProduct],
    );
    for (const u of units.rows) unitIds.set(u.serial, u.id);
  });
  afterAll(() => t?.close());

  it('lets a business mark its own unit sold, recalled and active again', async () => {
    for (const status of ['sold', 'recalled', 'active']) {
      expect((await setUnit(brand, unitIds.get('U-1')!, status)).status).toBe(status);
      expect(await statusOf('U-1')).toBe(status);
    }
    await setUnit(brand, unitIds.get('U-1')!, 'sold');
    expect((await scan('U-1')).unit.status).toBe('sold');
  });

  it('never lets a business set or clear the counterfeit verdict', async () => {
    await expectSqlState(setUnit(brand, unitIds.get('U-1')!, 'counterfeit'), '22023');
    await expectSqlState(setUnit(brand, unitIds.get('U-3')!, 'active'), '42501');
    expect(await statusOf('U-1')).toBe('sold');
    expect(await statusOf('U-3')).toBe('counterfeit');
  });

  it('refuses other businesses, standard users, moderators and unknown statuses', async () => {
    await expectSqlState(setUnit(rival, unitIds.get('U-1')!, 'recalled'), 'P0002');
    await expectSqlState(setUnit(shopper, unitIds.get('U-1')!, 'recalled'), '42501');
    await expectSqlState(setUnit(moderator, unitIds.get('U-1')!, 'recalled'), '42501');
    await expectSqlState(setUnit(brand, unitIds.get('R-1')!, 'recalled'), 'P0002');
    await expectSqlState(setUnit(brand, unitIds.get('U-1')!, 'lost'), '22023');
    await expectSqlState(setProduct(rival, product, 'recalled'), 'P0002');
    await expectSqlState(setProduct(shopper, product, 'recalled'), '42501');
    await expectSqlState(setProduct(brand, rivalProduct, 'recalled'), 'P0002');
    await expectSqlState(setProduct(brand, product, 'counterfeit'), '22023');
    expect(await statusOf('U-1')).toBe('sold');
    expect(await statusOf('R-1')).toBe('active');
  });

  it('refuses a business with a second factor at aal1', async () => {
    await t.db.query(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret, friendly_name)
       values ($1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP', 'phone')`,
      [rival],
    );
    const at = (aal: string, sql: string, params: unknown[]) =>
      withRequestContext(
        t.db,
        { role: 'authenticated', claims: { sub: rival, aud: 'authenticated', role: 'authenticated', aal } },
        (tx) => tx.query(sql, params),
      );
    await expectSqlState(
      at('aal1', 'select public.business_set_unit_status($1, $2)', [unitIds.get('R-1'), 'sold']),
      '42501',
    );
    await expectSqlState(
      at('aal1', 'select public.business_set_product_status($1, $2)', [rivalProduct, 'recalled']),
      '42501',
    );
    expect(await statusOf('R-1')).toBe('active');
    await at('aal2', 'select public.business_set_unit_status($1, $2)', [unitIds.get('R-1'), 'sold']);
    expect(await statusOf('R-1')).toBe('sold');
  });

  it('recalls a product: every unit’s scan page says recalled, counterfeit units keep their verdict', async () => {
    const r = await setProduct(brand, product, 'recalled');
    expect(r).toMatchObject({ status: 'recalled', units_changed: 3 });
    for (const serial of ['U-1', 'U-2', 'U-4']) {
      const page = await scan(serial);
      expect(page.product.status).toBe('recalled');
      expect(page.unit.status).toBe('recalled');
    }
    expect((await scan('U-3')).unit.status).toBe('counterfeit');

    const back = await setProduct(brand, product, 'active');
    expect(back).toMatchObject({ status: 'active', units_changed: 3 });
    expect((await scan('U-2')).unit.status).toBe('active');
    expect((await scan('U-3')).unit.status).toBe('counterfeit');
  });
});
