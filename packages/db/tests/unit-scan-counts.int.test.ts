// Per-unit daily scan counts (migration 20261127002000, decision 0173): the scan triggers keep
// business_unit_scan_days as the raw scans would count it (a scanner once a unit and day, deletes
// taken back, partition moves not counted), the brand's top units and many_scans answered from it
// are those the raw scans give, each brand sees only its own counts and nobody writes them, the
// rebuild after a restore makes the same rows, and the top units stay exact when the period's
// leader is never among a day's most scanned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/index.js';
import { asAnon, asUser, createAuthUser, drivers, expectSqlState, openTestDb, type TestDb } from '../src/testing.js';

interface Analytics {
  top_units: { serial: string; count: number }[];
  flagged: { reason: string; serial: string; count: number }[];
}

interface Brand {
  id: string;
  product: string;
  units: Map<string, string>;
}

/** A brand with one product and the given serials. */
async function seedBrand(db: Db, serials: string[]): Promise<Brand> {
  const id = await createAuthUser(db, { isBusiness: true });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.business_products (business_id, name, sku) values ($1, 'Counted', 'CNT') returning id`,
    [id],
  );
  const product = rows[0]!.id;
  const units = await db.query<{ id: string; serial: string }>(
    `insert into public.business_units (business_id, product_id, serial)
     select $1, $2, s from unnest($3::text[]) s returning id, serial`,
    [id, product, serials],
  );
  return { id, product, units: new Map(units.rows.map((u) => [u.serial, u.id])) };
}

/** Scans of a brand's unit by the given scanners, at the start of the UTC day `daysAgo` days before today. */
async function plant(db: Db, b: Brand, serial: string, daysAgo: number, scanners: string[]): Promise<void> {
  await db.query(
    `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
     select $1, $2, $3, $4, h,
            ((now() at time zone 'UTC')::date - $5::int)::timestamp at time zone 'UTC' + interval '1 second'
       from unnest($6::text[]) h`,
    [b.units.get(serial), b.product, b.id, serial, daysAgo, scanners],
  );
}

/** The UTC day `offset` days from today, as YYYY-MM-DD. */
const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const hashes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe.each(drivers)('per-unit scan counts on %s', (driver) => {
  let t: TestDb;
  let brand: Brand;
  let rival: Brand;

  const analytics = (b: Brand, days = 30) =>
    asUser(t.db, b.id, (tx) =>
      tx.query<{ a: Analytics }>('select public.my_business_scan_analytics($1) as a', [days]),
    ).then((res) => res.rows[0]!.a);
  const manyScans = (a: Analytics) =>
    a.flagged.filter((f) => f.reason === 'many_scans').map((f) => [f.serial, f.count]);

  /** The ten most scanned units of the period, counted from the raw scans (the former query). */
  const rawTopUnits = (b: Brand, days: number) =>
    t.db
      .query<{ serial: string; count: number }>(
        `select u.serial, count(*)::int as count from public.business_unit_scans s
           join public.business_units u on u.id = s.unit_id
          where s.business_id = $1
            and s.scanned_at >= ((now() at time zone 'UTC')::date - ($2::int - 1))::timestamp at time zone 'UTC'
          group by u.id order by count(*) desc, u.serial limit 10`,
        [b.id, days],
      )
      .then((r) => r.rows.map((u) => [u.serial, u.count]));
  /**
   * Units scanned by more than 10 scanners today and yesterday (UTC), from the raw scans: distinct
   * per day, added (a scanner's hash is salted per day, so it is never the same on two days).
   */
  const rawManyScans = (b: Brand) =>
    t.db
      .query<{ serial: string; count: number }>(
        `select u.serial, sum(d.n)::int as count
           from (select s.unit_id, count(distinct s.scanner_hash) as n from public.business_unit_scans s
                  where s.business_id = $1
                    and (s.scanned_at at time zone 'UTC')::date >= (now() at time zone 'UTC')::date - 1
                    and (s.scanned_at at time zone 'UTC')::date <= (now() at time zone 'UTC')::date
                  group by s.unit_id, (s.scanned_at at time zone 'UTC')::date) d
           join public.business_units u on u.id = d.unit_id
          group by u.id having sum(d.n) > 10 order by count desc`,
        [b.id],
      )
      .then((r) => r.rows.map((u) => [u.serial, u.count]));
  /** The kept counts against the raw scans' grouping: rows that differ, either way. */
  const countsAgainstScans = () =>
    t.db
      .query(
        `with kept as (select business_id, unit_id, day, scans, scanners::bigint from public.business_unit_scan_days
                        where scans > 0),
              raw as (select business_id, unit_id, (scanned_at at time zone 'UTC')::date as day, count(*) as scans,
                             count(distinct scanner_hash) as scanners
                        from public.business_unit_scans where unit_id is not null and business_id is not null
                       group by 1, 2, 3)
         (select 'kept only' as side, * from kept except select 'kept only', * from raw)
         union all
         (select 'raw only', * from raw except select 'raw only', * from kept)`,
      )
      .then((r) => r.rows);

  beforeAll(async () => {
    t = await openTestDb(driver);
    const serials = Array.from({ length: 14 }, (_, i) => `S-${String(i + 1).padStart(2, '0')}`);
    brand = await seedBrand(t.db, serials);
    rival = await seedBrand(t.db, ['S-01', 'R-1']);
    // 38 days of scans before yesterday: unit i has (i * 7 + d * 3) % 6 scans on the day d days ago,
    // by at most 3 scanners (the same three that day for every unit).
    for (let d = 2; d < 40; d++)
      for (let i = 1; i <= 14; i++) {
        const n = (i * 7 + d * 3) % 6;
        if (n)
          await plant(
            t.db,
            brand,
            serials[i - 1]!,
            d,
            Array.from({ length: n }, (_, k) => `b${d}-${k % 3}`),
          );
      }
    // Many scanners: S-01 8 today and 5 yesterday (13 together, neither day above 10); S-02 12
    // today, one of them three times; S-03 10 today (not more than 10); S-04 6 and 5 (11).
    await plant(t.db, brand, 'S-01', 0, hashes('m1t', 8));
    await plant(t.db, brand, 'S-01', 1, hashes('m1y', 5));
    await plant(t.db, brand, 'S-02', 0, [...hashes('m2', 12), 'm2-0', 'm2-0']);
    await plant(t.db, brand, 'S-03', 0, hashes('m3', 10));
    await plant(t.db, brand, 'S-04', 1, hashes('m4y', 6));
    await plant(t.db, brand, 'S-04', 0, hashes('m4t', 5));
    // The rival: its own S-01 scanned by 20 scanners today, more than any of the brand's units.
    await plant(t.db, rival, 'S-01', 0, hashes('r', 20));
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps per unit and UTC day the scans and distinct scanners the raw scans have', async () => {
    expect(await countsAgainstScans()).toEqual([]);
    const { rows } = await t.db.query<{ scans: string; scanners: number }>(
      `select scans::text, scanners from public.business_unit_scan_days
        where unit_id = $1 and day = (now() at time zone 'UTC')::date`,
      [brand.units.get('S-02')],
    );
    // S-02 today: 12 scanners, one of them three times.
    expect(rows).toEqual([{ scans: '14', scanners: 12 }]);
  });

  it('answers top units and many_scans from the counts as the raw scans give them', async () => {
    for (const days of [1, 7, 30, 365])
      expect((await analytics(brand, days)).top_units.map((u) => [u.serial, u.count])).toEqual(
        await rawTopUnits(brand, days),
      );
    const a = await analytics(brand);
    expect(manyScans(a)).toEqual(await rawManyScans(brand));
    expect(manyScans(a)).toEqual([
      ['S-01', 13],
      ['S-02', 12],
      ['S-04', 11],
    ]);
    expect(manyScans(await analytics(rival))).toEqual([['S-01', 20]]);
    expect((await analytics(rival)).top_units).toEqual([expect.objectContaining({ serial: 'S-01', count: 20 })]);
  });

  it('shows each brand its own counts only, and lets nobody write them or read the scanners', async () => {
    const seen = (user: string) =>
      asUser(t.db, user, (tx) =>
        tx.query<{ business_id: string }>('select distinct business_id from public.business_unit_scan_days'),
      ).then((r) => r.rows.map((x) => x.business_id));
    expect(await seen(brand.id)).toEqual([brand.id]);
    expect(await seen(rival.id)).toEqual([rival.id]);
    expect(await seen(await createAuthUser(t.db))).toEqual([]);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select * from public.business_unit_scan_days')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand.id, (tx) =>
        tx.query(`update public.business_unit_scan_days set scans = scans + 100 where business_id = $1`, [brand.id]),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand.id, (tx) =>
        tx.query(
          `insert into public.business_unit_scan_days (business_id, unit_id, day, scans) values ($1, $2, current_date, 9)`,
          [brand.id, brand.units.get('S-01')],
        ),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand.id, (tx) => tx.query('delete from public.business_unit_scan_days')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, brand.id, (tx) => tx.query('select * from private.unit_scan_day_scanners')),
      '42501',
    );
  });

  it('takes back deleted scans and units, and counts a scanner again only once its scans are gone', async () => {
    // One scanner's scans of S-01 today deleted: the day loses them, and their scanner.
    await t.db.query(`delete from public.business_unit_scans where unit_id = $1 and scanner_hash = 'm1t-0'`, [
      brand.units.get('S-01'),
    ]);
    // A deleted unit takes its counts along.
    await t.db.query(`delete from public.business_units where id = $1`, [brand.units.get('S-02')]);
    expect(await countsAgainstScans()).toEqual([]);
    const a = await analytics(brand);
    expect(a.top_units.map((u) => [u.serial, u.count])).toEqual(await rawTopUnits(brand, 30));
    expect(a.top_units.map((u) => u.serial)).not.toContain('S-02');
    expect(manyScans(a)).toEqual(await rawManyScans(brand));
    // The scanner whose scans were deleted is new again that day; the one seen already is not.
    await plant(t.db, brand, 'S-01', 0, ['m1t-0', 'm1t-1']);
    expect(await countsAgainstScans()).toEqual([]);
  });

  it('does not count scans moved between partitions again', async () => {
    // A scan of a month without a partition waits in the default one; making the month moves it.
    const at = '2031-05-09T10:00:00Z';
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       values ($1, $2, $3, 'S-05', 'later', $4)`,
      [brand.units.get('S-05'), brand.product, brand.id, at],
    );
    await t.db.query(`select private.ensure_scan_partitions($1::timestamptz)`, [at]);
    const { rows } = await t.db.query<{ scans: string; scanners: number }>(
      `select scans::text, scanners from public.business_unit_scan_days where unit_id = $1 and day = '2031-05-09'`,
      [brand.units.get('S-05')],
    );
    expect(rows).toEqual([{ scans: '1', scanners: 1 }]);
    expect(await countsAgainstScans()).toEqual([]);
  });

  it('rebuilds the same counts from the scans, keeping the days no scan is left of', async () => {
    const snapshot = () =>
      t.db
        .query(
          `select business_id, unit_id, day::text, scans::text, scanners from public.business_unit_scan_days
            order by 1, 2, 3`,
        )
        .then((r) => r.rows);
    const scanners = () =>
      t.db
        .query<{ unit_id: string; day: string; scanner_hash: string }>(
          'select unit_id, day::text, scanner_hash from private.unit_scan_day_scanners order by 1, 2, 3',
        )
        .then((r) => r.rows);
    // A day long before every scan (as after retention dropped its month) keeps its count.
    await t.db.query(
      `insert into public.business_unit_scan_days (business_id, unit_id, day, scans, scanners)
       values ($1, $2, '2020-01-01', 42, 7)`,
      [brand.id, brand.units.get('S-06')],
    );
    const before = await snapshot();
    const remembered = await scanners();
    // Counts lost or wrong, as a restore of an archive made before they existed leaves them.
    await t.db.query(`delete from public.business_unit_scan_days where day > '2020-01-01' and unit_id <> $1`, [
      brand.units.get('S-01'),
    ]);
    await t.db.query(`update public.business_unit_scan_days set scans = 999 where unit_id = $1`, [
      brand.units.get('S-01'),
    ]);
    await t.db.query('delete from private.unit_scan_day_scanners');
    await t.db.query('select private.rebuild_unit_scan_counts()');
    expect(await snapshot()).toEqual(before);
    // Only the scanners of yesterday on are remembered again (the scan in 2031 among them).
    // (The deleted unit S-02's were left for the daily job to forget; the rebuild has none of them.)
    expect(await scanners()).toEqual(
      remembered.filter((r) => r.day >= utcDay(-1) && r.unit_id !== brand.units.get('S-02')),
    );
  });

  it('forgets the scanners of days before yesterday', async () => {
    const days = () =>
      t.db
        .query<{ day: string }>('select distinct day::text from private.unit_scan_day_scanners order by 1')
        .then((r) => r.rows.map((x) => x.day));
    await plant(t.db, brand, 'S-07', 3, ['old']);
    expect(await days()).toEqual([utcDay(-3), utcDay(-1), utcDay(0), '2031-05-09']);
    await t.db.query('select private.forget_old_unit_scanners()');
    expect(await days()).toEqual([utcDay(-1), utcDay(0), '2031-05-09']);
  });

  it('finds the period’s most scanned unit even when it is never among a day’s most scanned', async () => {
    // Twenty days: each day sixteen units scanned 5 times, a different sixteen every day, and the
    // steady unit 4 times. Each day's leaders hide it; over the period it leads with 80.
    const steady = await seedBrand(t.db, ['STEADY', ...Array.from({ length: 320 }, (_, i) => `B-${i}`)]);
    for (let d = 0; d < 20; d++) {
      await plant(t.db, steady, 'STEADY', d, hashes(`s${d}`, 4));
      for (let i = 0; i < 16; i++) await plant(t.db, steady, `B-${d * 16 + i}`, d, hashes(`b${d}-${i}`, 5));
    }
    const top = (await analytics(steady, 30)).top_units.map((u) => [u.serial, u.count]);
    expect(top[0]).toEqual(['STEADY', 80]);
    expect(top).toEqual(await rawTopUnits(steady, 30));
  }, 120_000);
});
