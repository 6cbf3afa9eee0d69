// The brand's scan analytics read counts, not the period's scans (issue 33, decision 0173), on both
// drivers: with 15,000 scans over 30 days, today's among them, the analytics of 30 days read no
// raw scan (their top units and many_scans come from business_unit_scan_days; serials never issued
// and shared serials are looked for only where there are some), of the per-unit counts only
// the tops of each day and the sums of the few units found there, and the period's daily counts per
// product once (migration 20261127002102; four times before). The rows read are this
// transaction's statistics counters (rows returned by every partition of business_unit_scans and
// their indexes, and by business_unit_scan_days, business_scan_days and their indexes), taken
// before and after the call in one transaction, where nothing flushes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/index.js';
import { asUser, createAuthUser, drivers, openTestDb, rowsRead, type TestDb } from '../src/testing.js';

const UNITS = 100;
const DAYS = 30;

interface Analytics {
  total: number;
  top_units: { serial: string; count: number }[];
  flagged: { reason: string; serial: string; count: number }[];
}

describe.each(drivers)('brand scan analytics read counts, not scans, on %s', (driver) => {
  let t: TestDb;
  let brand: string;
  let scans: number;

  async function measured(): Promise<{
    answer: Analytics;
    scansRead: number;
    countsRead: number;
    productDaysRead: number;
  }> {
    return asUser(t.db, brand, async (tx: Tx) => {
      const read = async () => ({
        scans: await rowsRead(tx, 'public.business_unit_scans'),
        counts: await rowsRead(tx, 'public.business_unit_scan_days'),
        productDays: await rowsRead(tx, 'public.business_scan_days'),
      });
      const before = await read();
      const answer = (await tx.query<{ a: Analytics }>('select public.my_business_scan_analytics($1) as a', [DAYS]))
        .rows[0]!.a;
      const after = await read();
      return {
        answer,
        scansRead: after.scans - before.scans,
        countsRead: after.counts - before.counts,
        productDaysRead: after.productDays - before.productDays,
      };
    });
  }

  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    const product = (
      await t.db.query<{ id: string }>(
        `insert into public.business_products (business_id, name, sku) values ($1, 'Read', 'READ') returning id`,
        [brand],
      )
    ).rows[0]!.id;
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'R-' || lpad(g::text, 3, '0') from generate_series(1, $3::int) g`,
      [brand, product, UNITS],
    );
    // Unit i is scanned 100 / i + 1 times a day (a steady top, as real brands have), by 20
    // scanners at most, every day of the period, with the triggers keeping the counts.
    await t.db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, 'h' || (k % 20),
              ((now() at time zone 'UTC')::date - d)::timestamp at time zone 'UTC' + interval '1 second'
         from public.business_units u
         cross join generate_series(0, $2::int - 1) d
         cross join lateral generate_series(1, 100 / (substr(u.serial, 3))::int + 1) k
        where u.business_id = $1`,
      [brand, DAYS],
    );
    scans = (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from public.business_unit_scans where business_id = $1',
        [brand],
      )
    ).rows[0]!.n;
    // Each scan updated its unit's day: the versions it left behind are autovacuum's to remove, as
    // they are between a brand's scans in production (decision 0173); the counters count them too.
    await t.db.exec('analyze public.business_unit_scans');
    await t.db.exec('vacuum analyze public.business_unit_scan_days');
    await t.db.exec('vacuum analyze public.business_scan_days');
  }, 300_000);
  afterAll(() => t?.close());

  it('answers the top units and many_scans reading no raw scan and a bounded part of the counts', async () => {
    expect(scans).toBeGreaterThan(15_000);
    const { answer, scansRead, countsRead, productDaysRead } = await measured();
    // The former function read every scan of the period for the top units (15,000 and more).
    expect(scansRead).toBeLessThan(100);
    // Of 3,000 per-unit counts: each day's 16 tops, and the 30 days of each unit found among them.
    expect(countsRead).toBeLessThan(2_000);
    // The period's daily counts per product (one product, 30 days), read once for the total, the
    // days, the products and the check for serials never issued (four times before).
    expect(productDaysRead).toBeLessThanOrEqual(DAYS);
    const serial = (i: number) => `R-${String(i).padStart(3, '0')}`;
    expect(answer.total).toBe(scans);
    expect(answer.top_units.map((u) => [u.serial, u.count])).toEqual(
      Array.from({ length: 10 }, (_, i) => [serial(i + 1), DAYS * (Math.floor(100 / (i + 1)) + 1)]),
    );
    // Unit i has min(100 / i + 1, 20) scanners a day: more than 10 over two days up to unit 20.
    // Flagged units are ordered by count alone: equal counts are compared by serial here.
    const flagged = [...answer.flagged].sort((a, b) => b.count - a.count || a.serial.localeCompare(b.serial));
    expect(flagged.map((f) => [f.reason, f.serial, f.count])).toEqual(
      Array.from({ length: 20 }, (_, i) => [
        'many_scans',
        serial(i + 1),
        2 * Math.min(Math.floor(100 / (i + 1)) + 1, 20),
      ]),
    );
  });
});
