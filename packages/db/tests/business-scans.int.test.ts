// Scans of unit labels (migration 20261124000201): what a scan page shows, the signals of a copy,
// that no IP address is stored, and who may read scans.
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

interface ScanPage {
  found: boolean;
  ambiguous: boolean;
  unknown_gtin?: boolean;
  warnings: string[];
  candidates?: { brand: { name: string; verified: boolean } }[];
  brand: { name: string; verified: boolean } | null;
  product: { name: string; gtin: string } | null;
  unit?: { status: string; first_scan_at: string; scan_count: number };
}

const GTIN = '09506000134352';

describe.each(drivers)('business unit scans on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let moderator: string;

  const scan = async (gtin: string | null, serial: string, ip = '203.0.113.7') =>
    (await t.db.query<{ page: ScanPage }>('select private.record_unit_scan($1, $2, $3) as page', [gtin, serial, ip]))
      .rows[0]!.page;
  const scanSerials = async (userId: string) =>
    asUser(t.db, userId, async (tx) =>
      (
        await tx.query<{ serial: string }>('select distinct serial from public.business_unit_scans order by 1')
      ).rows.map((r) => r.serial),
    );

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    await t.db.query(`insert into public.business_profiles (business_id, brand_name) values ($1, 'Acme Watches')`, [
      brand,
    ]);
    const products = await t.db.query<{ id: string; business_id: string }>(
      `insert into public.business_products (business_id, name, gtin)
       values ($1, 'Diver 300', $3), ($2, 'Rival watch', '09506000134369') returning id, business_id`,
      [brand, rival, GTIN],
    );
    // Each business holds its GTIN (a verified GS1 prefix), so its labels resolve to it.
    await verifyGs1Prefix(t.db, brand, '950600013435');
    await verifyGs1Prefix(t.db, rival, '950600013436');
    const own = products.rows.find((r) => r.business_id === brand)!.id;
    const theirs = products.rows.find((r) => r.business_id === rival)!.id;
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial) values
         ($1, $2, 'A-1'), ($1, $2, 'A-2'), ($1, $2, 'A-3'), ($1, $2, 'SHARED'), ($3, $4, 'R-1'), ($3, $4, 'SHARED')`,
      [brand, own, rival, theirs],
    );
  });
  afterAll(() => t?.close());

  it('shows the brand with its badge, the product, the unit status, first scan date and count', async () => {
    const first = await scan(GTIN, 'A-1');
    expect(first).toMatchObject({
      found: true,
      warnings: [],
      brand: { name: 'Acme Watches', verified: true },
      product: { name: 'Diver 300', gtin: GTIN },
      unit: { status: 'active', scan_count: 1 },
    });
    const second = await scan(null, 'A-1');
    expect(second.unit?.scan_count).toBe(2);
    expect(second.unit?.first_scan_at).toBe(first.unit?.first_scan_at);
  });

  it('warns about a serial the brand never issued, and keeps the scan against the product', async () => {
    const page = await scan(GTIN, 'NEVER-1');
    expect(page).toMatchObject({ found: false, warnings: ['never_issued'], brand: { name: 'Acme Watches' } });
    expect(page.unit).toBeUndefined();
    expect(await scanSerials(brand)).toContain('NEVER-1');
  });

  it('flags a unit scanned by more than 10 different scanners in 24 hours, not by one scanner 11 times', async () => {
    for (let i = 0; i < 11; i++) expect((await scan(GTIN, 'A-2', '192.0.2.1')).warnings).toEqual([]);
    for (let i = 2; i <= 10; i++)
      expect((await scan(GTIN, 'A-2', `192.0.2.${i}`)).warnings).not.toContain('many_scans');
    expect((await scan(GTIN, 'A-2', '192.0.2.11')).warnings).toEqual(['many_scans']);
  });

  it('flags a unit scanned from 5 or more networks in 24 hours', async () => {
    for (let i = 1; i <= 4; i++) expect((await scan(GTIN, 'A-3', `198.51.100.${i}`)).warnings).toEqual([]);
    expect((await scan(GTIN, 'A-3', '198.51.100.5')).warnings).toEqual(['many_places']);
  });

  it('shows a moderator’s counterfeit verdict', async () => {
    await t.db.query(`update public.business_units set status = 'counterfeit' where serial = 'A-3'`);
    expect((await scan(GTIN, 'A-3')).unit?.status).toBe('counterfeit');
  });

  it('stores nothing for a serial that matches no unit and no product', async () => {
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from public.business_unit_scans');
    expect(await scan(null, 'NOBODY-1')).toMatchObject({ found: false, warnings: ['never_issued'], brand: null });
    expect(await scan('09506000199993', 'NOBODY-1')).toMatchObject({ found: false, unknown_gtin: true, brand: null });
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from public.business_unit_scans');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('does not guess between businesses for a serial without a GTIN, and names both', async () => {
    const page = await scan(null, 'SHARED');
    expect(page).toMatchObject({ found: false, ambiguous: true, warnings: ['shared_serial'] });
    expect(page.candidates?.map((c) => c.brand.name)).toEqual(['Acme Watches', 'Unnamed brand']);
  });

  it('refuses malformed serials and GTINs with a message', async () => {
    await expectSqlState(scan(GTIN, 'a b'), '22023');
    await expectSqlState(scan('123', 'A-1'), '22023');
  });

  it('stores no IP address', async () => {
    await scan(GTIN, 'A-1', '192.0.2.44');
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from public.business_unit_scans s where row_to_json(s)::text like '%192.0.2.44%'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('lets only the server record scans', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select private.record_unit_scan(null, 'A-1', '1.2.3.4')`)),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query(`select private.record_unit_scan(null, 'A-1', '1.2.3.4')`)),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`insert into public.business_unit_scans (serial, scanner_hash) values ('A-1', 'x')`),
      ),
      '42501',
    );
  });

  it('shows a business only its own scans, moderators all, and nobody the scanner hash', async () => {
    expect(await scanSerials(brand)).toEqual(['A-1', 'A-2', 'A-3', 'NEVER-1']);
    expect(await scanSerials(rival)).toEqual([]);
    // Moderators also see the scan of the shared serial, which belongs to no business.
    expect(await scanSerials(moderator)).toEqual(['A-1', 'A-2', 'A-3', 'NEVER-1', 'SHARED']);
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query('select scanner_hash from public.business_unit_scans')),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select serial from public.business_unit_scans')),
      '42501',
    );
  });

  it('lets a business write only its own brand profile', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) =>
        tx.query(`insert into public.business_profiles (business_id, brand_name) values ($1, 'Hijack')`, [rival]),
      ),
      '42501',
    );
    const changed = await asUser(t.db, rival, (tx) =>
      tx.query(`update public.business_profiles set brand_name = 'Hijack' where business_id = $1`, [brand]),
    );
    expect(changed.rowCount).toBe(0);
    await asUser(t.db, rival, (tx) =>
      tx.query(`insert into public.business_profiles (business_id, brand_name) values ($1, 'Rival Co')`, [rival]),
    );
  });

  it('lets a moderator mark a unit counterfeit with a reason, in the audit log, and nobody else', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `select id from public.business_units where business_id = $1 and serial = 'A-1'`,
      [brand],
    );
    const unitId = rows[0]!.id;
    const mark = (userId: string, status: string, reason: string) =>
      asUser(t.db, userId, (tx) =>
        tx.query('select public.moderator_set_unit_status($1, $2, $3)', [unitId, status, reason]),
      );
    await expectSqlState(mark(brand, 'counterfeit', 'mine'), '42501');
    await expectSqlState(mark(moderator, 'counterfeit', '  '), '22023');
    await expectSqlState(mark(moderator, 'sold', 'why'), '22023');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select public.moderator_set_unit_status($1, 'counterfeit', 'x')`, [unitId])),
      '42501',
    );
    await mark(moderator, 'counterfeit', 'Eleven scans in a day');
    expect((await scan(GTIN, 'A-1')).unit?.status).toBe('counterfeit');
    const audit = await t.db.query<{ admin_id: string; action: string; target_user_id: string; details: unknown }>(
      `select admin_id, action, target_user_id, details from public.admin_audit_log where action = 'mark_unit_counterfeit'`,
    );
    expect(audit.rows).toEqual([
      {
        admin_id: moderator,
        action: 'mark_unit_counterfeit',
        target_user_id: brand,
        details: { unit_id: unitId, serial: 'A-1', from: 'active', reason: 'Eleven scans in a day' },
      },
    ]);
  });
});
