// Scans partitioned by month and their daily counts (migration 20261127001500, decision 0157):
// existing scans move into their months, next month's partition is made ahead, a scan whose month
// has no partition waits in the default one and moves when the month is made, retention drops
// whole old months while their counts stay, the counts follow inserts and deletes, and the brand's
// analytics read them with the same answer the scans give.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/index.js';
import { listMigrations, migrate } from '../src/migrate.js';
import {
  asUser,
  createAuthUser,
  createTestDatabase,
  drivers,
  expectSqlState,
  openTestDb,
  verifyGs1Prefix,
  type TestDb,
} from '../src/testing.js';

const GTIN = '09506000134352';
const PARTITIONING = '20261127001500';

interface Analytics {
  total: number;
  daily: { day: string; count: number }[];
  products: { name: string; count: number }[];
  top_units: { serial: string; count: number }[];
  flagged: { reason: string; serial: string; count: number }[];
}

const partitions = async (db: Db) =>
  (
    await db.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'public.business_unit_scans'::regclass order by 1`,
    )
  ).rows.map((r) => r.name);

const monthName = (d: Date) =>
  `business_unit_scans_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

async function seedBrand(db: Db) {
  const brand = await createAuthUser(db, { isBusiness: true });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.business_products (business_id, name, gtin) values ($1, 'Diver 300', $2) returning id`,
    [brand, GTIN],
  );
  await verifyGs1Prefix(db, brand, '950600013435');
  const product = rows[0]!.id;
  await db.query(
    `insert into public.business_units (business_id, product_id, serial)
     select $1, $2, 'SN-' || i from generate_series(1, 5) i`,
    [brand, product],
  );
  return { brand, product };
}

describe.each(drivers)('scans partitioned by month on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;

  const scan = (serial: string, ip = '198.51.100.4') =>
    t.db.query('select private.record_unit_scan($1, $2, $3)', [GTIN, serial, ip]);
  const analytics = (user: string, days = 30) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ a: Analytics }>('select public.my_business_scan_analytics($1) as a', [days]),
    ).then((res) => res.rows[0]!.a);
  const days = (user: string) =>
    asUser(t.db, user, (tx) =>
      tx.query<{ day: string; scans: string; unknown_serial_scans: string }>(
        `select day::text, scans::text, unknown_serial_scans::text from public.business_scan_days order by day`,
      ),
    ).then((res) => res.rows);

  beforeAll(async () => {
    t = await openTestDb(driver);
    ({ brand } = await seedBrand(t.db));
    rival = await createAuthUser(t.db, { isBusiness: true });
  });
  afterAll(() => t?.close());

  it('is a table partitioned by month with this month and the next one made', async () => {
    const { rows } = await t.db.query<{ kind: string }>(
      `select relkind as kind from pg_class where oid = 'public.business_unit_scans'::regclass`,
    );
    expect(rows[0]!.kind).toBe('p');
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(await partitions(t.db)).toEqual(
      expect.arrayContaining(['business_unit_scans_default', monthName(now), monthName(next)]),
    );
  });

  it('keeps the partitions out of reach of signed-in users: only the parent and its policies answer', async () => {
    await scan('SN-1');
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query(`select count(*) from scan_partitions.${monthName(new Date())}`)),
      '42501',
    );
    const own = await asUser(t.db, brand, (tx) => tx.query('select serial from public.business_unit_scans'));
    expect(own.rows.map((r) => r.serial)).toContain('SN-1');
    const theirs = await asUser(t.db, rival, (tx) => tx.query('select serial from public.business_unit_scans'));
    expect(theirs.rows).toEqual([]);
  });

  it('counts scans per day as they arrive, takes back deleted ones, and shows counts only to their brand', async () => {
    await scan('SN-2');
    await scan('SN-2');
    await scan('NEVER-1');
    const today = new Date().toISOString().slice(0, 10);
    // SN-1 (earlier test), SN-2 twice, and one never issued.
    expect(await days(brand)).toEqual([{ day: today, scans: '4', unknown_serial_scans: '1' }]);
    expect(await days(rival)).toEqual([]);

    await t.db.query(`delete from public.business_units where serial = 'SN-2' and business_id = $1`, [brand]);
    expect(await days(brand)).toEqual([{ day: today, scans: '2', unknown_serial_scans: '1' }]);
  });

  it('answers the brand’s analytics from the counts with what counting the scans gives', async () => {
    for (let i = 0; i < 3; i++) await scan('SN-3', `203.0.113.${i}`);
    const a = await analytics(brand);
    const raw = await t.db.query<{ n: number }>(
      `select count(*)::int as n from public.business_unit_scans where business_id = $1`,
      [brand],
    );
    expect(a.total).toBe(raw.rows[0]!.n);
    expect(a.total).toBe(5);
    expect(a.daily).toHaveLength(30);
    expect(a.daily.at(-1)!.count).toBe(5);
    // The never-issued serial carries a GTIN of the product: it counts for the product, as before.
    expect(a.products).toEqual([expect.objectContaining({ name: 'Diver 300', count: 5 })]);
    expect(a.top_units.map((u) => [u.serial, u.count])).toEqual([
      ['SN-3', 3],
      ['SN-1', 1],
    ]);
    expect(a.flagged.map((f) => [f.reason, f.serial, f.count])).toEqual([['never_issued', 'NEVER-1', 1]]);
    // The counts are the only source of the totals: a count changed under the analytics shows.
    await t.db.query(`update public.business_scan_days set scans = scans + 10 where business_id = $1`, [brand]);
    expect((await analytics(brand)).total).toBe(15);
    await t.db.query(`update public.business_scan_days set scans = scans - 10 where business_id = $1`, [brand]);
  });

  it('keeps a scan of a month without a partition in the default one and moves it when the month is made', async () => {
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, $2, 'h', '2031-05-09T10:00:00Z'
         from public.business_units u where u.business_id = $1 and u.serial = 'SN-4'`,
      [brand, GTIN],
    );
    const inDefault = () =>
      t.db
        .query<{ n: number }>('select count(*)::int as n from scan_partitions.business_unit_scans_default')
        .then((r) => r.rows[0]!.n);
    expect(await inDefault()).toBe(1);

    // The daily run (today's months exist) makes the month that has a scan waiting.
    const made = await t.db.query<{ n: number }>(`select private.ensure_scan_partitions() as n`);
    expect(made.rows[0]!.n).toBe(1);
    expect(await partitions(t.db)).toContain('business_unit_scans_2031_05');
    expect(await inDefault()).toBe(0);
    const moved = await t.db.query<{ n: number }>(
      `select count(*)::int as n from scan_partitions.business_unit_scans_2031_05 where serial = 'SN-4'`,
    );
    expect(moved.rows[0]!.n).toBe(1);
    // Moving it is no new scan: counted once, when it arrived.
    expect(await days(brand)).toEqual(
      expect.arrayContaining([{ day: '2031-05-09', scans: '1', unknown_serial_scans: '0' }]),
    );
    // Asked in May 2031, it makes June ahead; asked again, nothing is left to make.
    const june = await t.db.query<{ n: number }>(`select private.ensure_scan_partitions('2031-05-20T00:00:00Z') as n`);
    expect(june.rows[0]!.n).toBe(1);
    expect(await partitions(t.db)).toContain('business_unit_scans_2031_06');
    const again = await t.db.query<{ n: number }>(`select private.ensure_scan_partitions('2031-05-21T00:00:00Z') as n`);
    expect(again.rows[0]!.n).toBe(0);
  });

  it('drops whole months older than the retention and keeps their daily counts', async () => {
    await t.db.query(`select private.ensure_scan_partitions('2024-02-10T00:00:00Z')`);
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, $2, 'h', '2024-02-10T12:00:00Z'
         from public.business_units u where u.business_id = $1 and u.serial in ('SN-4', 'SN-5')`,
      [brand, GTIN],
    );
    await expectSqlState(t.db.query(`select private.drop_old_scan_partitions(0)`), '22023');
    // Twelve months kept before March 2025: February 2024 goes, March 2024 stays.
    const dropped = await t.db.query<{ name: string }>(
      `select private.drop_old_scan_partitions(12, '2025-03-15T00:00:00Z') as name`,
    );
    expect(dropped.rows.map((r) => r.name)).toEqual(['business_unit_scans_2024_02']);
    expect(await partitions(t.db)).toEqual(expect.arrayContaining(['business_unit_scans_2024_03']));
    expect(await partitions(t.db)).not.toContain('business_unit_scans_2024_02');
    const raw = await t.db.query<{ n: number }>(
      `select count(*)::int as n from public.business_unit_scans where scanned_at < '2024-03-01'`,
    );
    expect(raw.rows[0]!.n).toBe(0);
    expect(await days(brand)).toEqual(
      expect.arrayContaining([{ day: '2024-02-10', scans: '2', unknown_serial_scans: '0' }]),
    );
  });

  it('refuses the partition functions to signed-in users', async () => {
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query('select private.ensure_scan_partitions()')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand, (tx) => tx.query('select private.drop_old_scan_partitions(1)')),
      '42501',
    );
  });
});

describe.each(drivers)('partitioning scans already recorded on %s', (driver) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-scan-partitions-before-'));
  let brand: string;
  let maxId: number;

  beforeAll(async () => {
    for (const m of listMigrations()) {
      if (m.version < PARTITIONING) fs.copyFileSync(m.file, path.join(before, path.basename(m.file)));
    }
    if (driver === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-scan-partitions-'));
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
    ({ brand } = await seedBrand(db));
    await db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, $2, 'h', d
         from public.business_units u,
              (values ('2025-11-03T08:00:00Z'::timestamptz), ('2025-12-24T23:30:00Z'), ('2025-12-25T00:30:00Z')) v(d)
        where u.business_id = $1`,
      [brand, GTIN],
    );
    maxId = (await db.query<{ n: number }>('select max(id)::int as n from public.business_unit_scans')).rows[0]!.n;
    await migrate(db);
  }, 600_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('moves every scan into the partition of its month, keeping its id', async () => {
    const { rows } = await db.query<{ part: string; n: number; max: number }>(
      `select tableoid::regclass::text as part, count(*)::int as n, max(id)::int as max
         from public.business_unit_scans group by 1 order by 1`,
    );
    expect(rows.map((r) => [r.part, r.n])).toEqual([
      ['scan_partitions.business_unit_scans_2025_11', 5],
      ['scan_partitions.business_unit_scans_2025_12', 10],
    ]);
    expect(Math.max(...rows.map((r) => r.max))).toBe(maxId);
  });

  it('counts the scans already there by UTC day, and numbers new scans after them', async () => {
    const { rows } = await db.query<{ day: string; scans: number }>(
      `select day::text, scans::int from public.business_scan_days where business_id = $1 order by day`,
      [brand],
    );
    expect(rows).toEqual([
      { day: '2025-11-03', scans: 5 },
      { day: '2025-12-24', scans: 5 },
      { day: '2025-12-25', scans: 5 },
    ]);
    await db.query('select private.record_unit_scan($1, $2, $3)', [GTIN, 'SN-1', '192.0.2.1']);
    const last = await db.query<{ id: number }>(`select max(id)::int as id from public.business_unit_scans`);
    expect(last.rows[0]!.id).toBeGreaterThan(maxId);
  });
});
