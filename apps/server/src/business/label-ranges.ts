// The units a label sheet prints and the plan of a serial range (unit-labels-pdf, decision 0172).
// Both walk business_units_product_serial_c_idx, (product_id, serial collate "C"), from the range's
// first serial and stop after what they show: a sheet after MAX_LABELS_PER_SHEET + 1 units (one
// more tells "too many" apart from "exactly the cap"), a plan after its MAX_PLANNED_FILES files + 1
// unit (the next file's first serial). The plan's count of a whole product is the product's kept
// unit_count (decision 0171); of a narrower range it is counted only when the range ends within
// what the plan reads, and is otherwise a floor (countCapped).
import type { Queryable } from '@tagledger/db';
import { MAX_LABELS_PER_SHEET, MAX_PLANNED_FILES, type LabelSheetPlan } from '@tagledger/functions-api';

export interface LabelRange {
  productId: string;
  /** Inclusive ends in serial byte order; null is open. */
  fromSerial: string | null;
  toSerial: string | null;
}

export interface LabelRow {
  serial: string;
  gtin: string | null;
  name: string;
}

/**
 * The range's units as of "where" conditions on u.serial collate "C", written only for the ends
 * given: a condition such as `($2 is null or serial >= $2)` cannot bound an index scan in a
 * generic plan, which would then read the product's units from its first serial on.
 */
function serialBounds(range: LabelRange, params: unknown[]): string {
  let where = `u.product_id = $${params.push(range.productId)}`;
  if (range.fromSerial !== null) where += ` and u.serial collate "C" >= $${params.push(range.fromSerial)}`;
  if (range.toSerial !== null) where += ` and u.serial collate "C" <= $${params.push(range.toSerial)}`;
  return where;
}

/** The first MAX_LABELS_PER_SHEET + 1 units of the range with their product, in serial byte order. */
export async function labelRangeRows(db: Queryable, range: LabelRange): Promise<LabelRow[]> {
  const params: unknown[] = [];
  const where = serialBounds(range, params);
  const { rows } = await db.query<LabelRow>(
    `select u.serial, p.gtin, p.name
       from (select u.serial from public.business_units u where ${where}
              order by u.serial collate "C" limit ${MAX_LABELS_PER_SHEET + 1}) u
       cross join public.business_products p
      where p.id = $1
      order by u.serial collate "C"`,
    params,
  );
  return rows;
}

/**
 * The range's first MAX_PLANNED_FILES files of at most MAX_LABELS_PER_SHEET units, and where the
 * next one starts. `unitCount` is the product's kept count, the whole product's size.
 */
export async function planLabelRange(db: Queryable, range: LabelRange, unitCount: number): Promise<LabelSheetPlan> {
  const read = MAX_PLANNED_FILES * MAX_LABELS_PER_SHEET;
  const params: unknown[] = [];
  const where = serialBounds(range, params);
  const { rows } = await db.query<{ from_serial: string; to_serial: string; count: number }>(
    `select min(r.serial) as from_serial, max(r.serial) as to_serial, count(*)::int as count
       from (select s.serial, row_number() over (order by s.serial) - 1 as n
               from (select u.serial collate "C" as serial from public.business_units u where ${where}
                      order by u.serial collate "C" limit ${read + 1}) s) r
      group by r.n / ${MAX_LABELS_PER_SHEET} order by r.n / ${MAX_LABELS_PER_SHEET}`,
    params,
  );
  const batches = rows.slice(0, MAX_PLANNED_FILES).map((b) => ({
    fromSerial: b.from_serial,
    toSerial: b.to_serial,
    count: b.count,
  }));
  const listed = batches.reduce((sum, b) => sum + b.count, 0);
  const next = rows[MAX_PLANNED_FILES]?.from_serial ?? null;
  const whole = range.fromSerial === null && range.toSerial === null;
  // Read to the range's end: counted. The whole product: its kept count. Otherwise at least what was read.
  const count = next === null ? listed : whole ? Math.max(unitCount, read + 1) : read;
  return {
    count,
    countCapped: next !== null && !whole,
    maxLabels: MAX_LABELS_PER_SHEET,
    batches,
    nextFromSerial: next,
  };
}
