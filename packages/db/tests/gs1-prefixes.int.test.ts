// GTINs belong to the holders of their GS1 company prefixes (migrations 20261127000200–0203,
// decision 0140): issue 27's GTIN squatting and brand impersonation, performed as the attacker
// would, then the rules one by one — 14-digit GTINs, who may declare, read, withdraw and verify a
// prefix, unique brand names, and what scans resolve to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  verifyGs1Prefix,
  type TestDb,
} from '@tagledger/db/testing';

interface Brand {
  name: string;
  support_contact: string | null;
  verified: boolean;
}
interface ScanPage {
  found: boolean;
  ambiguous: boolean;
  unknown_gtin?: boolean;
  warnings: string[];
  brand: Brand | null;
  product: { name: string; gtin: string | null } | null;
  unit?: { status: string; scan_count: number };
  candidates?: { brand: Brand; product: { name: string; gtin: string | null }; unit: { status: string } }[];
}

/** The book of issue 27's attack: ISBN 978-0-201-37962-4 (publisher prefix 978-0-201), as a GTIN-13. */
const ISBN_GTIN = '9780201379624';

/** Expects a refusal with this SQLSTATE and hint (the hint names the reason the screens show). */
async function expectRefusal(promise: Promise<unknown>, code: string, hint: string): Promise<void> {
  try {
    await promise;
  } catch (err) {
    expect({ code: (err as { code?: string }).code, hint: (err as { hint?: string }).hint }).toEqual({ code, hint });
    return;
  }
  throw new Error(`expected ${code} (${hint}), but the statement succeeded`);
}

describe.each(drivers)('GS1 prefixes, GTIN holders and brand names on %s', (driver) => {
  let t: TestDb;
  let admin: string;
  let moderator: string;

  const scan = async (gtin: string | null, serial: string, ip = '203.0.113.7') =>
    (await t.db.query<{ page: ScanPage }>('select private.record_unit_scan($1, $2, $3) as page', [gtin, serial, ip]))
      .rows[0]!.page;
  const business = async (brandName: string, contact: string) => {
    const id = await createAuthUser(t.db, { isBusiness: true });
    await asUser(t.db, id, (tx) =>
      tx.query(`insert into public.business_profiles (business_id, brand_name, support_contact) values ($1, $2, $3)`, [
        id,
        brandName,
        contact,
      ]),
    );
    return id;
  };
  /** A product with units, added by the business itself (RLS applies). */
  const addProduct = (id: string, name: string, gtin: string | null, serials: string[], sku: string | null = null) =>
    asUser(t.db, id, async (tx) => {
      const { rows } = await tx.query<{ id: string; gtin: string | null }>(
        'insert into public.business_products (business_id, name, gtin, sku) values ($1, $2, $3, $4) returning id, gtin',
        [id, name, gtin, sku],
      );
      for (const serial of serials) {
        await tx.query('insert into public.business_units (business_id, product_id, serial) values ($1, $2, $3)', [
          id,
          rows[0]!.id,
          serial,
        ]);
      }
      return rows[0]!;
    });
  const declare = (id: string, prefix: string, kind = 'company_prefix') =>
    asUser(t.db, id, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.business_gs1_prefixes (business_id, prefix, kind, reference) values ($1, $2, $3, 'GS1 licence 123') returning id`,
        [id, prefix, kind],
      );
      return rows[0]!.id;
    });
  const decide = (userId: string, prefixId: string, approve: boolean, evidence: string | null) =>
    asUser(t.db, userId, async (tx) => {
      const { rows } = await tx.query<{ r: Record<string, unknown> }>(
        'select public.admin_decide_gs1_prefix($1, $2, $3) as r',
        [prefixId, approve, evidence],
      );
      return rows[0]!.r;
    });
  const analyticsSerials = (id: string) =>
    asUser(t.db, id, async (tx) => {
      const { rows } = await tx.query<{ a: { total: number; flagged: { serial: string }[] } }>(
        'select public.my_business_scan_analytics(30) as a',
      );
      return rows[0]!.a;
    });

  beforeAll(async () => {
    t = await openTestDb(driver);
    admin = await createAuthUser(t.db, { role: 'admin' });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
  });
  afterAll(() => t?.close());

  it('stops issue 27’s attack: a rival that registered a brand’s GTIN first gets neither its scans nor its badge', async () => {
    const b1 = await business('Addison Books', 'help@addison.example');
    const b2 = await business('Quick Copies', 'sales@quick.example');
    // B2 registers the GTIN first; B1's product with the same GTIN is refused, and says why.
    await addProduct(b2, 'Design Patterns (copy)', ISBN_GTIN, ['AC-0001']);
    await expectRefusal(addProduct(b1, 'Design Patterns', ISBN_GTIN, ['AC-0001']), '23505', 'gtin_taken');
    // A scan of the GTIN shows nobody's product while no business has proven the prefix: not B2's
    // product with its never_issued warning, and no verified badge.
    const before = await scan(`0${ISBN_GTIN}`, 'AC-0001');
    expect(before).toMatchObject({ found: false, unknown_gtin: true, warnings: [], brand: null, product: null });
    // B2 copies B1's brand name and puts its own contact beside it: refused.
    await expectRefusal(
      asUser(t.db, b2, (tx) =>
        tx.query(`update public.business_profiles set brand_name = ' addison  BOOKS ' where business_id = $1`, [b2]),
      ),
      '23505',
      'brand_name_taken',
    );
    // B1 declares its publisher prefix; an administrator checks it and verifies it with evidence.
    const prefixId = await declare(b1, '9780201');
    const decision = await decide(admin, prefixId, true, 'GEPIR: 9780201 is licensed to Addison Books');
    expect(decision).toMatchObject({ status: 'verified', gtins_taken_back: 1 });
    // B2's product lost the GTIN (kept, with the reason, for B2 to see); B1 registers its product.
    const b2Product = await asUser(t.db, b2, (tx) =>
      tx.query('select gtin, released_gtin, gtin_released_reason from public.business_products'),
    );
    expect(b2Product.rows).toEqual([
      { gtin: null, released_gtin: `0${ISBN_GTIN}`, gtin_released_reason: 'other_prefix' },
    ]);
    const product = await addProduct(b1, 'Design Patterns', ISBN_GTIN, ['AC-0001', 'AC-0002']);
    expect(product.gtin).toBe(`0${ISBN_GTIN}`);
    // B1's genuine label shows B1's brand, its contact and the badge, and the unit.
    for (const gtin of [ISBN_GTIN, `0${ISBN_GTIN}`]) {
      expect(await scan(gtin, 'AC-0001')).toMatchObject({
        found: true,
        warnings: [],
        brand: { name: 'Addison Books', support_contact: 'help@addison.example', verified: true },
        product: { name: 'Design Patterns', gtin: `0${ISBN_GTIN}` },
        unit: { status: 'active' },
      });
    }
    // B2 cannot take the GTIN again, and reads none of those scans in its analytics.
    await expectRefusal(addProduct(b2, 'Again', ISBN_GTIN, []), '23505', 'gtin_held');
    expect((await analyticsSerials(b2)).total).toBe(0);
    expect((await analyticsSerials(b1)).total).toBe(2);
    const b2Scans = await asUser(t.db, b2, (tx) => tx.query('select serial from public.business_unit_scans'));
    expect(b2Scans.rowCount).toBe(0);
    // B2's prefix declaration for the same numbers is refused outright now.
    await expectRefusal(declare(b2, '97802013'), '23505', 'gs1_prefix_held');
    // The decision is in the audit log with who decided and the evidence.
    const audit = await t.db.query<{ admin_id: string; target_user_id: string; details: Record<string, unknown> }>(
      `select admin_id, target_user_id, details from public.admin_audit_log where action = 'verify_gs1_prefix'`,
    );
    expect(audit.rows).toEqual([
      {
        admin_id: admin,
        target_user_id: b1,
        details: expect.objectContaining({
          prefix: '9780201',
          evidence: 'GEPIR: 9780201 is licensed to Addison Books',
        }),
      },
    ]);
    const row = await t.db.query(
      'select status, decided_by, evidence from public.business_gs1_prefixes where id = $1',
      [prefixId],
    );
    expect(row.rows[0]).toEqual({
      status: 'verified',
      decided_by: admin,
      evidence: 'GEPIR: 9780201 is licensed to Addison Books',
    });
  });

  it('stores every GTIN in its 14-digit form and lets one business hold it', async () => {
    const a = await business('Fourteen Co', 'a@example.test');
    const b = await business('Thirteen Co', 'b@example.test');
    expect((await addProduct(a, 'Eight', '96385074', [])).gtin).toBe('00000096385074');
    expect((await addProduct(a, 'Twelve', '036000291452', [])).gtin).toBe('00036000291452');
    expect((await addProduct(a, 'Thirteen', '4006381333931', [])).gtin).toBe('04006381333931');
    // The same number in another length is the same GTIN, for the same business or another one.
    await expectSqlState(addProduct(a, 'Again', '04006381333931', []), '23505');
    await expectRefusal(addProduct(b, 'Mine', '04006381333931', []), '23505', 'gtin_taken');
    await expectSqlState(addProduct(a, 'Bad digit', '4006381333932', []), '23514');
  });

  it('lets a verified business declare and withdraw its own prefixes, and nobody write a decision', async () => {
    const owner = await business('Declaring Co', 'd@example.test');
    const other = await business('Other Co', 'o@example.test');
    const shopper = await createAuthUser(t.db);
    const id = await declare(owner, '952012');
    const insert = (userId: string, sql: string, params: unknown[]) =>
      asUser(t.db, userId, (tx) => tx.query(sql, params));
    // For another business, as a shopper, as a visitor, or with the decision filled in: refused.
    await expectSqlState(
      insert(other, `insert into public.business_gs1_prefixes (business_id, prefix) values ($1, '9520999')`, [owner]),
      '42501',
    );
    await expectSqlState(
      insert(shopper, `insert into public.business_gs1_prefixes (business_id, prefix) values ($1, '9520998')`, [
        shopper,
      ]),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) =>
        tx.query(`insert into public.business_gs1_prefixes (business_id, prefix) values ($1, '9520997')`, [owner]),
      ),
      '42501',
    );
    await expectSqlState(
      insert(
        owner,
        `insert into public.business_gs1_prefixes (business_id, prefix, status) values ($1, '9520996', 'verified')`,
        [owner],
      ),
      '42501',
    );
    // Nobody updates a row through the API, not even its business.
    await expectSqlState(
      insert(owner, `update public.business_gs1_prefixes set status = 'verified' where id = $1`, [id]),
      '42501',
    );
    await expectSqlState(
      insert(owner, `update public.business_gs1_prefixes set reference = 'x' where id = $1`, [id]),
      '42501',
    );
    // Numbers nobody can hold, and malformed ones, are refused by the table itself.
    for (const prefix of ['2001234', '0212345', '9912345', '123', '0000', '0000012345']) {
      await expectSqlState(
        insert(owner, `insert into public.business_gs1_prefixes (business_id, prefix) values ($1, $2)`, [
          owner,
          prefix,
        ]),
        '23514',
      );
    }
    // A single GTIN is its 12 digits before the check digit; a GTIN-8 sits under 00000.
    await declare(owner, '000009638507', 'single_gtin');
    // Reading: the business its own, an admin all, a moderator, another business and a visitor none.
    const read = (userId: string) =>
      asUser(t.db, userId, async (tx) =>
        (
          await tx.query<{ prefix: string }>('select prefix from public.business_gs1_prefixes order by prefix')
        ).rows.map((r) => r.prefix),
      );
    expect(await read(owner)).toEqual(['000009638507', '952012']);
    expect(await read(other)).toEqual([]);
    expect(await read(moderator)).toEqual([]);
    expect(await read(admin)).toEqual(expect.arrayContaining(['000009638507', '952012', '9780201']));
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select prefix from public.business_gs1_prefixes')),
      '42501',
    );
    // Withdrawing: only the business's own rows.
    expect((await insert(other, 'delete from public.business_gs1_prefixes where id = $1', [id])).rowCount).toBe(0);
    expect((await insert(owner, 'delete from public.business_gs1_prefixes where id = $1', [id])).rowCount).toBe(1);
    // The server's role may manage rows (fixtures, support).
    await asService(t.db, (tx) => tx.query('select count(*) from public.business_gs1_prefixes'));
  });

  it('lets only administrators decide, with evidence, for a business that holds the badge', async () => {
    const owner = await business('Deciding Co', 'e@example.test');
    const id = await declare(owner, '9521234');
    await expectSqlState(decide(owner, id, true, 'I say so'), '42501');
    await expectSqlState(decide(moderator, id, true, 'Looks fine'), '42501');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select public.admin_decide_gs1_prefix($1, true, 'x')`, [id])),
      '42501',
    );
    await expectSqlState(decide(admin, id, true, '   '), '22023');
    await expectSqlState(decide(admin, '00000000-0000-4000-8000-000000000000', true, 'x'), 'P0002');
    // The badge and the prefix go together: without the badge, no verification.
    await t.db.query('update public.user_profiles set is_business_user = false where id = $1', [owner]);
    await expectSqlState(decide(admin, id, true, 'GS1 UK record'), '22023');
    await t.db.query('update public.user_profiles set is_business_user = true where id = $1', [owner]);
    expect(await decide(admin, id, true, 'GS1 UK record')).toMatchObject({ status: 'verified' });
    // A verified prefix of another business cannot overlap it, either way round.
    const rival = await business('Overlapping Co', 'f@example.test');
    await expectRefusal(declare(rival, '952123'), '23505', 'gs1_prefix_held');
    await expectRefusal(declare(rival, '95212345'), '23505', 'gs1_prefix_held');
    // Withdrawing a verification is a decision too, with its reason; the GTINs stop being live.
    await addProduct(owner, 'Lamp', '9521234000006', ['L-1']);
    expect((await scan('9521234000006', 'L-1')).found).toBe(true);
    expect(await decide(admin, id, false, 'Licence lapsed')).toMatchObject({ status: 'rejected' });
    expect(await scan('9521234000006', 'L-1')).toMatchObject({ found: false, unknown_gtin: true });
    // The admin's list shows what a decision needs.
    const list = await asUser(t.db, admin, async (tx) => {
      const { rows } = await tx.query<{ l: Record<string, unknown>[] }>(
        `select public.admin_gs1_prefixes('rejected') as l`,
      );
      return rows[0]!.l;
    });
    expect(list.find((p) => p.id === id)).toMatchObject({
      prefix: '9521234',
      brand_name: 'Deciding Co',
      verified_business: true,
      status: 'rejected',
      evidence: 'Licence lapsed',
      own_products: 1,
    });
    await expectSqlState(
      asUser(t.db, owner, (tx) => tx.query(`select public.admin_gs1_prefixes('pending')`)),
      '42501',
    );
  });

  it('keeps brand names unique whatever their case, spacing or look-alike letters', async () => {
    await business('Northwind Traders', 'n@example.test');
    for (const copy of ['northwind traders', 'NorthwindTraders', ' NORTHWIND\u00a0TRADERS', 'Ｎorthwind Traders']) {
      const b = await createAuthUser(t.db, { isBusiness: true });
      await expectRefusal(
        asUser(t.db, b, (tx) =>
          tx.query('insert into public.business_profiles (business_id, brand_name) values ($1, $2)', [b, copy]),
        ),
        '23505',
        'brand_name_taken',
      );
    }
  });

  it('shows every live candidate of a shared serial, verified first, and records and flags the scan', async () => {
    const genuine = await business('Zeta Watches', 'z@example.test');
    const copier = await business('Alpha Copies', 'c@example.test');
    await verifyGs1Prefix(t.db, genuine, '9506000');
    await addProduct(genuine, 'Diver', '9506000134352', ['AC-0005']);
    await addProduct(copier, 'Diver copy', null, ['AC-0005'], 'COPY-1');
    await t.db.query('update public.user_profiles set is_business_user = false where id = $1', [copier]);
    const page = await scan(null, 'AC-0005');
    expect(page).toMatchObject({ found: false, ambiguous: true, warnings: ['shared_serial'] });
    expect(page.candidates!.map((c) => [c.brand.name, c.brand.verified, c.product.name])).toEqual([
      ['Zeta Watches', true, 'Diver'],
      ['Alpha Copies', false, 'Diver copy'],
    ]);
    const recorded = await t.db.query(
      `select unit_id, product_id, business_id, ambiguous from public.business_unit_scans where serial = 'AC-0005'`,
    );
    expect(recorded.rows).toEqual([{ unit_id: null, product_id: null, business_id: null, ambiguous: true }]);
    const flagged = await t.db.query<{ serial: string; shared_scans: string }>(
      `select u.serial, f.shared_scans::text from private.flagged_units() f join public.business_units u on u.id = f.unit_id
        where u.serial = 'AC-0005' order by u.business_id = $1`,
      [genuine],
    );
    expect(flagged.rows).toEqual([
      { serial: 'AC-0005', shared_scans: '1' },
      { serial: 'AC-0005', shared_scans: '1' },
    ]);
    // A unit under a GTIN nobody verified is no candidate: one live unit left, the genuine one.
    await t.db.query('update public.user_profiles set is_business_user = true where id = $1', [copier]);
    // Both hold the badge now: the unit under a verified GTIN still comes first.
    expect((await scan(null, 'AC-0005')).candidates!.map((c) => c.brand.name)).toEqual([
      'Zeta Watches',
      'Alpha Copies',
    ]);
    const squat = await addProduct(copier, 'Squatted', '9512345000009', ['AC-0006']);
    await addProduct(genuine, 'Diver 2', '9506000134369', ['AC-0006']);
    expect(squat.gtin).toBe('09512345000009');
    expect(await scan(null, 'AC-0006')).toMatchObject({ found: true, brand: { name: 'Zeta Watches' } });
  });

  it('counts distinct scanners for many_scans, not requests', async () => {
    const owner = await business('Counting Co', 'k@example.test');
    await verifyGs1Prefix(t.db, owner, '9507000');
    await addProduct(owner, 'Clock', '9507000000005', ['K-1', 'K-2']);
    for (let i = 0; i < 12; i++) expect((await scan('9507000000005', 'K-1')).warnings).toEqual([]);
    const distinct = [];
    for (let i = 1; i <= 11; i++) distinct.push(await scan('9507000000005', 'K-2', `198.51.100.${i}`));
    expect(distinct[3]!.warnings).toEqual([]);
    expect(distinct[4]!.warnings).toEqual(['many_places']);
    expect(distinct[9]!.warnings).toEqual(['many_places']);
    expect(distinct[10]!.warnings).toEqual(['many_scans']);
    const analytics = await asUser(t.db, owner, async (tx) => {
      const { rows } = await tx.query<{ a: { flagged: { serial: string; reason: string; count: number }[] } }>(
        'select public.my_business_scan_analytics(7) as a',
      );
      return rows[0]!.a;
    });
    expect(analytics.flagged).toEqual([expect.objectContaining({ reason: 'many_scans', serial: 'K-2', count: 11 })]);
  });

  it('refuses a GTIN with a wrong check digit before anything else, and records nothing for unknown ones', async () => {
    await expectSqlState(scan('4006381333932', 'CSV-00001'), '22023');
    await expectSqlState(scan('123', 'CSV-00001'), '22023');
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from public.business_unit_scans');
    expect(await scan('4006381333931', 'CSV-00001')).toMatchObject({ unknown_gtin: true, warnings: [] });
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from public.business_unit_scans');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('counts the GTINs a declaration would take back from the products under its prefix only (decision 0172)', async () => {
    const bulk = await business('Bulk Goods Co', 'bulk@example.test');
    const others = await business('Under Prefix Co', 'under@example.test');
    const declaring = await business('Reviewed Co', 'reviewed@example.test');
    // 2,000 products of one business outside the prefix, 3 of another under it, 1 of the declarer's.
    const withCheckDigit = (body: string) =>
      `${body} || ((10 - (select sum(substr(${body}, i, 1)::int * case when i % 2 = 1 then 3 else 1 end)
                            from generate_series(1, 13) i) % 10) % 10)::text`;
    await t.db.query(
      `insert into public.business_products (business_id, name, gtin)
       select $1, 'Bulk ' || g, ${withCheckDigit('x.b')}
         from (select g, '06' || lpad(g::text, 11, '0') as b from generate_series(1, 2000) g) x`,
      [bulk],
    );
    await t.db.query(
      `insert into public.business_products (business_id, name, gtin)
       select $1, 'Under ' || g, ${withCheckDigit('x.b')}
         from (select g, '08712345' || lpad(g::text, 5, '0') as b from generate_series(1, 3) g) x`,
      [others],
    );
    await t.db.query(
      `insert into public.business_products (business_id, name, gtin)
       select $1, 'Own', ${withCheckDigit('x.b')} from (select '0871234599999' as b) x`,
      [declaring],
    );
    await t.db.exec('analyze public.business_products');
    const id = await declare(declaring, '8712345');
    const productsRead = `
      select (pg_stat_get_xact_tuples_returned('public.business_products'::regclass)
              + coalesce((select sum(pg_stat_get_xact_tuples_returned(i.indexrelid)) from pg_index i
                           where i.indrelid = 'public.business_products'::regclass), 0))::float8 as n`;
    const { item, read } = await asUser(t.db, admin, async (tx) => {
      const before = (await tx.query<{ n: number }>(productsRead)).rows[0]!.n;
      const { rows } = await tx.query<{ l: Record<string, unknown>[] }>(
        `select public.admin_gs1_prefixes('pending') as l`,
      );
      const after = (await tx.query<{ n: number }>(productsRead)).rows[0]!.n;
      return { item: rows[0]!.l.find((p) => p.id === id), read: after - before };
    });
    expect(item).toMatchObject({ prefix: '8712345', gtins_of_others: 3, own_products: 1 });
    // Every pending declaration's counts together read far fewer than one pass over the products.
    expect(read).toBeLessThan(500);
  });
});
