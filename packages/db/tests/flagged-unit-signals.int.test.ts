// The moderators' flagged units kept as scans arrive (issue 33, decision 0174), on both drivers:
// after every kind of event the kept rows give the same units, counts and order as the former
// computation over the raw scans of the last 24 hours (REFERENCE below, migration
// 20261127000203); a signal ends when its fifth scanner leaves the window; two scanners arriving
// together as the fourth and fifth flag the unit; a statement may scan thousands of units; and a
// page of the queue reads the scans of the units it shows, not every scan of the last 24 hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/index.js';
import { asUser, createAuthUser, drivers, openTestDb, rowsRead, type TestDb } from '../src/testing.js';

/** The former private.flagged_units(): every unit's last 24 hours of scans read on each call. */
const REFERENCE = `
  with candidates as (
    select s.unit_id from public.business_unit_scans s
     where s.unit_id is not null and s.scanned_at > now() - interval '24 hours'
     group by s.unit_id having count(distinct s.scanner_hash) >= 5
    union
    select u.id from public.business_unit_scans s join public.business_units u on u.serial = s.serial
     where s.ambiguous and s.scanned_at > now() - interval '24 hours'
  ), since as (
    select c.unit_id, greatest(now() - interval '24 hours', coalesce(
      (select max(l.created_at) from public.moderation_log l
        where l.queue = 'flagged' and l.item_id = c.unit_id::text and l.action = 'dismiss'), '-infinity')) as t
      from candidates c
  ), counted as (
    select x.unit_id, own.scans, own.places, shared.scans as shared_scans, greatest(own.last, shared.last) as last_scan_at
      from since x
      join public.business_units u on u.id = x.unit_id and u.status <> 'counterfeit'
      cross join lateral (
        select count(*) as scans, count(distinct s.scanner_hash) as places, max(s.scanned_at) as last
          from public.business_unit_scans s where s.unit_id = x.unit_id and s.scanned_at > x.t) own
      cross join lateral (
        select count(*) as scans, max(s.scanned_at) as last
          from public.business_unit_scans s where s.ambiguous and s.serial = u.serial and s.scanned_at > x.t) shared
  )
  select c.unit_id, c.scans::int, c.places::int, c.shared_scans::int, c.last_scan_at::text from counted c
   where c.places >= 5 or c.shared_scans > 0
   order by c.last_scan_at desc, c.unit_id desc`;

const KEPT = `select f.unit_id, f.scans::int, f.places::int, f.shared_scans::int, f.last_scan_at::text
                from private.flagged_units() f`;

describe.each(drivers)('flagged units kept as scans arrive, on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let moderator: string;
  let product: string;
  let rivalProduct: string;

  const unit = async (serial: string, owner = brand, productId = product) =>
    (
      await t.db.query<{ id: string }>(
        'insert into public.business_units (business_id, product_id, serial) values ($1, $2, $3) returning id',
        [owner, productId, serial],
      )
    ).rows[0]!.id;
  /** Scans of a unit by the given scanners, `ago` before now (a Postgres interval). */
  const scan = (db: Pick<Tx, 'query'>, unitId: string, scanners: string[], ago = '1 minute') =>
    db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, h, now() - $3::interval
         from public.business_units u cross join unnest($2::text[]) h where u.id = $1`,
      [unitId, scanners, ago],
    );
  const ambiguousScan = (serial: string, ago = '1 minute') =>
    t.db.query(
      `insert into public.business_unit_scans (serial, scanner_hash, ambiguous, scanned_at)
       values ($1, 'visitor', true, now() - $2::interval)`,
      [serial, ago],
    );
  const act = (unitId: string, action: 'dismiss' | 'mark_counterfeit') =>
    asUser(t.db, moderator, (tx) =>
      tx.query("select public.moderator_act('flagged', $1, $2, 'Checked it')", [unitId, action]),
    );
  const same = async () => {
    const reference = (await t.db.query(REFERENCE)).rows;
    expect((await t.db.query(KEPT)).rows).toEqual(reference);
    return reference as { unit_id: string; scans: number; places: number; shared_scans: number }[];
  };
  const flagged = async () => (await same()).map((r) => r.unit_id);

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    const made = async (owner: string, sku: string) =>
      (
        await t.db.query<{ id: string }>(
          `insert into public.business_products (business_id, name, sku) values ($1, 'Bike', $2) returning id`,
          [owner, sku],
        )
      ).rows[0]!.id;
    product = await made(brand, 'BIKE');
    rivalProduct = await made(rival, 'COPY');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('flags a unit at its fifth distinct scanner of the last 24 hours, not at four or with older scans', async () => {
    const four = await unit('F-4');
    const five = await unit('F-5');
    const old = await unit('F-OLD');
    await scan(t.db, four, ['a', 'b', 'c', 'd', 'd']);
    await scan(t.db, five, ['a', 'b', 'c', 'd']);
    await scan(t.db, old, ['a', 'b', 'c', 'd'], '2 hours');
    await scan(t.db, old, ['e'], '25 hours');
    expect(await flagged()).toEqual([]);
    await scan(t.db, five, ['e']);
    const rows = await same();
    expect(rows.map((r) => r.unit_id)).toEqual([five]);
    expect(rows[0]).toMatchObject({ scans: 5, places: 5, shared_scans: 0 });
  });

  it('ends a signal 24 hours after the fifth most recent scanner’s last scan', async () => {
    const ending = await unit('END-1');
    await scan(t.db, ending, ['old'], '23 hours');
    await scan(t.db, ending, ['old', 'p', 'q', 'r', 's'], '10 minutes');
    await scan(t.db, ending, ['x'], '20 hours');
    // Scanners by last scan: p q r s old (10 minutes) and x (20 hours): the fifth is 10 minutes ago.
    await scan(t.db, ending, ['p'], '1 minute');
    const kept = await t.db.query<{ ends_in_hours: number; last_is_latest: boolean }>(
      `select extract(epoch from f.flagged_until - now()) / 3600 as ends_in_hours,
              f.last_scan_at = (select max(s.scanned_at) from public.business_unit_scans s where s.unit_id = $1)
                as last_is_latest
         from private.flagged_unit_signals f where f.unit_id = $1`,
      [ending],
    );
    expect(Number(kept.rows[0]!.ends_in_hours)).toBeCloseTo(24 - 10 / 60, 2);
    expect(kept.rows[0]!.last_is_latest).toBe(true);
    // A unit whose fifth scanner left the window is not flagged at all.
    const gone = await unit('END-2');
    await scan(t.db, gone, ['a', 'b', 'c', 'd'], '1 hour');
    await scan(t.db, gone, ['e'], '24 hours 1 minute');
    expect(await flagged()).not.toContain(gone);
    // A signal whose end has passed is left out of the queue until the daily job deletes it.
    await t.db.query(
      `update private.flagged_unit_signals set flagged_until = now() - interval '1 second' where unit_id = $1`,
      [ending],
    );
    expect((await t.db.query(KEPT)).rows.map((r) => r.unit_id)).not.toContain(ending);
    const forgotten = await t.db.query<{ n: string }>('select private.forget_ended_unit_flags() as n');
    expect(Number(forgotten.rows[0]!.n)).toBe(1);
    expect((await t.db.query('select 1 from private.flagged_unit_signals where unit_id = $1', [ending])).rowCount).toBe(
      0,
    );
    await t.db.query('delete from public.business_units where id = any($1)', [[ending, gone]]);
  });

  it('flags every unit of a serial found on several businesses at /verify', async () => {
    const mine = await unit('SHARED-1');
    const theirs = await unit('SHARED-1', rival, rivalProduct);
    await ambiguousScan('SHARED-1', '3 hours');
    await ambiguousScan('OTHER-9');
    const rows = await same();
    expect(rows.filter((r) => [mine, theirs].includes(r.unit_id)).map((r) => r.shared_scans)).toEqual([1, 1]);
  });

  it('starts counting again at a dismissal, and flags the unit again on five new scanners', async () => {
    const unitId = await unit('DISMISS-1');
    await scan(t.db, unitId, ['a', 'b', 'c', 'd', 'e'], '5 minutes');
    expect(await flagged()).toContain(unitId);
    await act(unitId, 'dismiss');
    expect(await flagged()).not.toContain(unitId);
    // Scans stamped after the dismissal (the others are a minute old).
    await scan(t.db, unitId, ['f', 'g', 'h', 'i'], '0 seconds');
    expect(await flagged()).not.toContain(unitId);
    await scan(t.db, unitId, ['j'], '0 seconds');
    expect(await flagged()).toContain(unitId);
  });

  it('leaves out a unit marked counterfeit, and counts it again when it stops being one', async () => {
    const unitId = await unit('FAKE-1');
    await scan(t.db, unitId, ['a', 'b', 'c', 'd', 'e']);
    expect(await flagged()).toContain(unitId);
    await act(unitId, 'mark_counterfeit');
    expect(await flagged()).not.toContain(unitId);
    await t.db.query(`update public.business_units set status = 'active' where id = $1`, [unitId]);
    expect(await flagged()).toContain(unitId);
  });

  it('follows deleted scans and deleted units', async () => {
    const unitId = await unit('DEL-1');
    await scan(t.db, unitId, ['a', 'b', 'c', 'd', 'e']);
    expect(await flagged()).toContain(unitId);
    await t.db.query(`delete from public.business_unit_scans where unit_id = $1 and scanner_hash = 'e'`, [unitId]);
    expect(await flagged()).not.toContain(unitId);
    await scan(t.db, unitId, ['e']);
    expect(await flagged()).toContain(unitId);
    await t.db.query('delete from public.business_units where id = $1', [unitId]);
    expect(await flagged()).not.toContain(unitId);
    expect((await t.db.query('select 1 from private.flagged_unit_signals where unit_id = $1', [unitId])).rowCount).toBe(
      0,
    );
  });

  it('takes any number of units in one statement, with a bounded number of locks', async () => {
    // Each unit is refreshed under its own row's lock, which lives in the row, not in the server's
    // shared lock table: advisory locks, one per unit, held 2,000 entries here, and at 10^5 units
    // (the scale bench) filled the table (64 × max_connections entries) and failed the statement
    // with "out of shared memory".
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'BULK-' || g from generate_series(1, 2000) g`,
      [brand, product],
    );
    const locks = await t.db.transaction(async (tx) => {
      const scanned = await tx.query(
        `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
         select u.id, u.product_id, u.business_id, u.serial, 'h', now() - interval '1 hour'
           from public.business_units u where u.serial like 'BULK-%'`,
      );
      expect(scanned.rowCount).toBe(2000);
      return (await tx.query<{ n: number }>('select count(*)::int as n from pg_locks where pid = pg_backend_pid()'))
        .rows[0]!.n;
    });
    expect(locks).toBeLessThan(200);
    await same();
    await t.db.query(`delete from public.business_units where serial like 'BULK-%'`);
  });

  it('rebuilds the same rows from the raw scans (a restore, the bench)', async () => {
    const before = (await t.db.query('select * from private.flagged_unit_signals order by unit_id')).rows;
    expect(before.length).toBeGreaterThan(0);
    await t.db.query('delete from private.flagged_unit_signals');
    await t.db.query('select private.rebuild_unit_scan_counts()');
    expect((await t.db.query('select * from private.flagged_unit_signals order by unit_id')).rows).toEqual(before);
    await same();
  });

  it('reads the scans of the units a queue page shows, not every scan of the last 24 hours', async () => {
    // 120 units scanned by four scanners each (not flagged) and 30 flagged units of five.
    const serials = await t.db.query<{ id: string; n: number }>(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'READ-' || g from generate_series(1, 150) g
       returning id, substr(serial, 6)::int as n`,
      [brand, product],
    );
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, 'h' || k, now() - interval '1 hour'
         from public.business_units u
         cross join generate_series(1, case when substr(u.serial, 6)::int <= 30 then 5 else 4 end) k
        where u.serial like 'READ-%'`,
    );
    expect(serials.rowCount).toBe(150);
    const all = await same();
    const limit = 10;
    const { page, scansRead } = await asUser(t.db, moderator, async (tx) => {
      const read = () => rowsRead(tx, 'public.business_unit_scans');
      const before = await read();
      const answer = (
        await tx.query<{ page: { total: number; items: { id: string }[] } }>(
          `select public.moderator_queue('flagged', $1) as page`,
          [limit],
        )
      ).rows[0]!.page;
      return { page: answer, scansRead: (await read()) - before };
    });
    expect(page.items.map((i) => i.id)).toEqual(all.slice(0, limit).map((r) => r.unit_id));
    expect(page.total).toBe(all.length);
    // The page's units and the one after it, five scans each, read once for their counts.
    expect(scansRead).toBeLessThanOrEqual((limit + 1) * 5);
    const scansToday = await t.db.query<{ n: number }>(
      `select count(*)::int as n from public.business_unit_scans where scanned_at > now() - interval '24 hours'`,
    );
    expect(scansToday.rows[0]!.n).toBeGreaterThan(600);
  });

  // Two transactions at once need PostgreSQL: PGlite has one connection.
  if (driver === 'pg') {
    it('flags a unit whose fourth and fifth scanners arrive together in two transactions', async () => {
      const unitId = await unit('RACE-1');
      await scan(t.db, unitId, ['a', 'b', 'c']);
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      let release!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (release = resolve));
      // The first scan is stamped on the previous UTC day, so the two share no daily count row
      // (whose update would make the second wait for the first anyway).
      const yesterday = await t.db.query<{ ago: string }>(
        `select (now() - (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') + interval '1 second')::text as ago`,
      );
      const first = t.db.transaction(async (tx) => {
        await scan(tx, unitId, ['d'], yesterday.rows[0]!.ago);
        inserted();
        await firstMayCommit;
      });
      await firstInserted;
      const second = t.db.transaction((tx) => scan(tx, unitId, ['e']));
      // The second waits for the first's turn on the unit, then counts its scan.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([first, second]);
      expect(await flagged()).toContain(unitId);
    });
  }
});
