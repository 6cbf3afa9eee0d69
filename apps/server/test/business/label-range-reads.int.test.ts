// A label sheet and the plan of a range read only the units they show (issue 33, decision 0172), on
// both drivers: with 30,000 units in one product, a sheet deep in the range reads at most 1,001 of
// them and the plan at most its 20 files' 20,000 and one. The rows read are this transaction's
// statistics counters (index entries returned by every index of business_units, plus rows of a
// sequential scan), taken before and after each read in one transaction, where nothing flushes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
import { createAuthUser, drivers, openTestDb, type TestDb } from '@tagledger/db/testing';
import { MAX_LABELS_PER_SHEET, MAX_PLANNED_FILES } from '@tagledger/functions-api';
import { labelRangeRows, planLabelRange, type LabelRange } from '../../src/business/label-ranges.js';

const UNITS = 30_000;
const serial = (n: number) => `U-${String(n).padStart(5, '0')}`;

/** Rows of business_units read so far in this transaction, through any index or a sequential scan. */
const UNITS_READ = `
  select (pg_stat_get_xact_tuples_returned('public.business_units'::regclass)
          + coalesce((select sum(pg_stat_get_xact_tuples_returned(i.indexrelid))
                        from pg_index i where i.indrelid = 'public.business_units'::regclass), 0))::float8 as n`;

describe.each(drivers)('label ranges read only what they show on %s', (driver) => {
  let t: TestDb;
  let productId: string;

  /**
   * What `read` answers, and how many unit rows it read. `generic`: planned without the parameters'
   * values, as a named or reused prepared statement is.
   */
  async function measured<T>(
    read: (tx: Tx) => Promise<T>,
    { generic = false } = {},
  ): Promise<{ answer: T; unitsRead: number }> {
    return t.db.transaction(async (tx) => {
      if (generic) await tx.exec('set local plan_cache_mode = force_generic_plan');
      const before = (await tx.query<{ n: number }>(UNITS_READ)).rows[0]!.n;
      const answer = await read(tx);
      const after = (await tx.query<{ n: number }>(UNITS_READ)).rows[0]!.n;
      return { answer, unitsRead: after - before };
    });
  }
  const range = (fromSerial: string | null, toSerial: string | null): LabelRange => ({
    productId,
    fromSerial,
    toSerial,
  });
  const keptCount = async () =>
    (
      await t.db.query<{ n: number }>('select unit_count::float8 as n from public.business_products where id = $1', [
        productId,
      ])
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await openTestDb(driver);
    const brand = await createAuthUser(t.db, { isBusiness: true });
    productId = (
      await t.db.query<{ id: string }>(
        `insert into public.business_products (business_id, name, sku) values ($1, 'Many', 'MANY') returning id`,
        [brand],
      )
    ).rows[0]!.id;
    // Another product's units around this one's, so that the product's bound matters too.
    const other = (
      await t.db.query<{ id: string }>(
        `insert into public.business_products (business_id, name, sku) values ($1, 'Other', 'OTHER') returning id`,
        [brand],
      )
    ).rows[0]!.id;
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'U-' || lpad(g::text, 5, '0') from generate_series(1, $3::int) g`,
      [brand, productId, UNITS],
    );
    await t.db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'V-' || lpad(g::text, 5, '0') from generate_series(1, 5000) g`,
      [brand, other],
    );
    await t.db.exec('analyze public.business_units');
  }, 300_000);
  afterAll(() => t?.close());

  it.each([false, true])(
    'prints a batch deep in the range reading only its units and one more (generic plan: %s)',
    async (generic) => {
      const deep = await measured((tx) => labelRangeRows(tx, range(serial(28_001), serial(29_000))), { generic });
      expect(deep.answer.map((r) => r.serial)).toEqual(Array.from({ length: 1000 }, (_, i) => serial(28_001 + i)));
      expect(deep.answer[0]).toMatchObject({ name: 'Many' });
      expect(deep.unitsRead).toBeLessThanOrEqual(MAX_LABELS_PER_SHEET + 1);

      // An open end reads the cap and one more, which tells the function to refuse the range.
      const open = await measured((tx) => labelRangeRows(tx, range(serial(25_001), null)), { generic });
      expect(open.answer).toHaveLength(MAX_LABELS_PER_SHEET + 1);
      expect(open.answer[0]!.serial).toBe(serial(25_001));
      expect(open.unitsRead).toBeLessThanOrEqual(MAX_LABELS_PER_SHEET + 1);
    },
  );

  it('plans the whole product from its first files and its kept count, not from every unit', async () => {
    expect(await keptCount()).toBe(UNITS);
    const whole = await measured((tx) => planLabelRange(tx, range(null, null), UNITS));
    expect(whole.unitsRead).toBeLessThanOrEqual(MAX_PLANNED_FILES * MAX_LABELS_PER_SHEET + 1);
    expect(whole.answer).toMatchObject({ count: UNITS, countCapped: false, maxLabels: 1000 });
    expect(whole.answer.batches).toHaveLength(MAX_PLANNED_FILES);
    expect(whole.answer.batches[0]).toEqual({ fromSerial: serial(1), toSerial: serial(1000), count: 1000 });
    expect(whole.answer.batches[19]).toEqual({ fromSerial: serial(19_001), toSerial: serial(20_000), count: 1000 });
    expect(whole.answer.nextFromSerial).toBe(serial(20_001));
    // The count is the product's kept one (decision 0171), whatever it says.
    const kept = await measured((tx) => planLabelRange(tx, range(null, null), 10_000_000));
    expect(kept.answer.count).toBe(10_000_000);
  });

  it('plans a narrower range past its files as "more than", and counts one that ends within them', async () => {
    const open = await measured((tx) => planLabelRange(tx, range(serial(5_001), null), UNITS));
    expect(open.unitsRead).toBeLessThanOrEqual(MAX_PLANNED_FILES * MAX_LABELS_PER_SHEET + 1);
    expect(open.answer).toMatchObject({ count: 20_000, countCapped: true, nextFromSerial: serial(25_001) });
    expect(open.answer.batches[0]).toEqual({ fromSerial: serial(5_001), toSerial: serial(6_000), count: 1000 });

    // The rest of it, planned again from nextFromSerial: 5,000 units in five files, counted.
    const rest = await measured((tx) => planLabelRange(tx, range(serial(25_001), null), UNITS));
    expect(rest.unitsRead).toBeLessThanOrEqual(5_001);
    expect(rest.answer).toMatchObject({ count: 5_000, countCapped: false, nextFromSerial: null });
    expect(rest.answer.batches.map((b) => b.count)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(rest.answer.batches[4]).toEqual({ fromSerial: serial(29_001), toSerial: serial(30_000), count: 1000 });

    const inner = await measured((tx) => planLabelRange(tx, range(serial(12_345), serial(14_000)), UNITS));
    expect(inner.answer).toEqual({
      count: 1656,
      countCapped: false,
      maxLabels: 1000,
      batches: [
        { fromSerial: serial(12_345), toSerial: serial(13_344), count: 1000 },
        { fromSerial: serial(13_345), toSerial: serial(14_000), count: 656 },
      ],
      nextFromSerial: null,
    });
    expect(inner.unitsRead).toBeLessThanOrEqual(1656 + 1);
  });
});
