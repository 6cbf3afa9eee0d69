// What migrations 20261127000200 and 0202 do to data already there: GTINs stored in 13 digits or
// fewer become 14 digits; a GTIN with a wrong check digit, or one two products would then share, is
// released with its reason (no business has proven its prefix yet, so none keeps it); and brand
// names two businesses share are made unique, the business approved first keeping its name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/index.js';
import { listMigrations, migrate } from '../src/migrate.js';
import { asUser, createAuthUser, createTestDatabase, drivers } from '../src/testing.js';

const FIRST_NEW = '20261127000200';

describe.each(drivers)('GTIN and brand-name migrations over existing rows on %s', (driver) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-migrations-before-'));
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const m of listMigrations()) {
      if (m.version < FIRST_NEW) fs.copyFileSync(m.file, path.join(before, path.basename(m.file)));
    }
    if (driver === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-gtin-migration-'));
      db = await openDb({ dataDir });
      cleanup = async () => {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      db = await openDb({ databaseUrl: database.url });
      cleanup = async () => {
        await db.close();
        await database.drop();
      };
    }
    await migrate(db, before);

    const admin = await createAuthUser(db, { role: 'admin' });
    const first = await createAuthUser(db, { isBusiness: true });
    const second = await createAuthUser(db, { isBusiness: true });
    // first was approved before second: it keeps the brand name both use.
    for (const [user, day] of [
      [first, '2026-01-01'],
      [second, '2026-02-01'],
    ] as const) {
      await db.query(
        `insert into public.business_requests (user_id, status, decided_by, decided_at) values ($1, 'approved', $2, $3)`,
        [user, admin, day],
      );
    }
    await db.query(
      `insert into public.business_profiles (business_id, brand_name) values ($1, 'Acme Watches'), ($2, ' acme  WATCHES')`,
      [first, second],
    );
    // The check digit constraint was added "not valid": older rows may carry a wrong one.
    await db.query('alter table public.business_products drop constraint business_products_gtin_check_digit');
    // Each product a minute after the one before: "earliest" must not depend on the clock's resolution
    // (two inserts in the same microsecond, or millisecond on PGlite, would leave it to the random ids).
    let minute = 0;
    const insert = async (key: string, business: string, gtin: string, sku: string | null = null) => {
      minute += 1;
      const { rows } = await db.query<{ id: string }>(
        `insert into public.business_products (business_id, name, gtin, sku, created_at)
         values ($1, $2, $3, $4, timestamptz '2026-03-01 00:00:00+00' + make_interval(mins => $5)) returning id`,
        [business, key, gtin, sku, minute],
      );
      ids[key] = rows[0]!.id;
    };
    await insert('short', first, '4006381333931');
    await insert('eight', first, '96385074');
    await insert('wrong digit', first, '4006381333932', 'OLD-1');
    await insert('squatter', second, '9780201379624');
    await insert('owner', first, '09780201379624');
    await insert('twice a', second, '036000291452');
    await insert('twice b', second, '00036000291452');
    await db.query(
      `alter table public.business_products add constraint business_products_gtin_check_digit
         check (gtin is null or private.gtin_check_digit_ok(gtin)) not valid`,
    );
    ids = { ...ids, first, second };
    await migrate(db);
  }, 600_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('stores GTINs in 14 digits and releases those that are no GTIN or would be shared', async () => {
    const { rows } = await db.query<{
      name: string;
      gtin: string | null;
      released_gtin: string | null;
      gtin_released_reason: string | null;
    }>('select name, gtin, released_gtin, gtin_released_reason from public.business_products order by name');
    expect(rows).toEqual([
      { name: 'eight', gtin: '00000096385074', released_gtin: null, gtin_released_reason: null },
      { name: 'owner', gtin: null, released_gtin: '09780201379624', gtin_released_reason: 'duplicate' },
      { name: 'short', gtin: '04006381333931', released_gtin: null, gtin_released_reason: null },
      { name: 'squatter', gtin: null, released_gtin: '09780201379624', gtin_released_reason: 'duplicate' },
      { name: 'twice a', gtin: null, released_gtin: '00036000291452', gtin_released_reason: 'duplicate' },
      { name: 'twice b', gtin: null, released_gtin: '00036000291452', gtin_released_reason: 'duplicate' },
      { name: 'wrong digit', gtin: null, released_gtin: '04006381333932', gtin_released_reason: 'check_digit' },
    ]);
  });

  it('gives a released GTIN back when the business’s prefix is verified, to its earliest product', async () => {
    const admin = await createAuthUser(db, { role: 'admin' });
    const { rows } = await db.query<{ id: string }>(
      `insert into public.business_gs1_prefixes (business_id, prefix) values ($1, '9780201'), ($2, '0036000') returning id`,
      [ids.first, ids.second],
    );
    for (const row of rows) {
      await asUser(db, admin, (tx) =>
        tx.query(`select public.admin_decide_gs1_prefix($1, true, 'GS1 record checked')`, [row.id]),
      );
    }
    const products = await db.query<{ name: string; gtin: string | null }>(
      `select name, gtin from public.business_products where name in ('owner', 'squatter', 'twice a', 'twice b') order by name`,
    );
    expect(products.rows).toEqual([
      { name: 'owner', gtin: '09780201379624' },
      { name: 'squatter', gtin: null },
      { name: 'twice a', gtin: '00036000291452' },
      { name: 'twice b', gtin: null },
    ]);
  });

  it('keeps a shared brand name for the business approved first and renames the other', async () => {
    const { rows } = await db.query<{ business_id: string; brand_name: string }>(
      'select business_id, brand_name from public.business_profiles',
    );
    const byId = Object.fromEntries(rows.map((r) => [r.business_id, r.brand_name]));
    expect(byId[ids.first!]).toBe('Acme Watches');
    expect(byId[ids.second!]).toBe(`acme  WATCHES (${ids.second!.slice(0, 8)})`);
  });
});
