// POST /functions/v1/import-units {productId, csv} — a business adds up to 100,000 units to one of
// its products from a CSV (unit-csv.ts). Safe to re-run: serials already on the product are
// skipped, so a file fixed after a partly bad run can simply be sent again. Answers with the counts
// and a row-by-row error report; good rows go in even when others are bad.
import { z } from 'zod';
import type { Queryable, Tx } from '@tagledger/db';
import { parseUnitCsv, MAX_IMPORT_ROWS, type RowError, type UnitRow } from '../business/unit-csv.js';
import { FunctionError, parseInput } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

/** Rows per insert statement: large enough to be fast, small enough for PGlite's memory. */
export const BATCH = 2_000;
/** The report lists at most this many errors; the count covers them all. */
export const MAX_REPORTED_ERRORS = 1_000;

const bodySchema = z.object({
  productId: z.string().uuid('productId must be a UUID'),
  csv: z.string().min(1, 'The CSV file is empty'),
});

/** Inserts one batch; shared with the streaming import (import-units-stream.ts). */
export async function insertBatch(
  tx: Tx,
  businessId: string,
  productId: string,
  batch: UnitRow[],
): Promise<{ inserted: number; skipped: number; errors: RowError[] }> {
  // Not inserted = the business already has the serial: skipped if on this product, else an error.
  const { rows } = await tx.query<{ serial: string; inserted: boolean; same_product: boolean | null }>(
    `with input as (select * from unnest($3::text[], $4::text[]) as t(serial, status)),
     ins as (insert into public.business_units (business_id, product_id, serial, status)
             select $1, $2, serial, status from input
             on conflict (business_id, serial) do nothing returning serial)
     select i.serial, ins.serial is not null as inserted, u.product_id = $2 as same_product
       from input i left join ins on ins.serial = i.serial
       left join public.business_units u on u.business_id = $1 and u.serial = i.serial`,
    [businessId, productId, batch.map((r) => r.serial), batch.map((r) => r.status)],
  );
  const lineOf = new Map(batch.map((r) => [r.serial, r.line]));
  let inserted = 0;
  let skipped = 0;
  const errors: RowError[] = [];
  for (const r of rows) {
    if (r.inserted) inserted += 1;
    else if (r.same_product) skipped += 1;
    else
      errors.push({
        line: lineOf.get(r.serial)!,
        code: 'serial_of_another_product',
        values: { serial: r.serial },
        message: `Serial ${r.serial} belongs to another product`,
      });
  }
  return { inserted, skipped, errors };
}

/**
 * Units go only to a product of the caller's own, and only while the caller is a verified
 * business; another's product answers as not found, so its existence is not revealed.
 */
export async function assertVerifiedBusinessProduct(db: Queryable, userId: string, productId: string): Promise<void> {
  const { rows: owner } = await db.query<{ business_id: string; is_business_user: boolean }>(
    `select p.business_id, pr.is_business_user from public.business_products p
       join public.user_profiles pr on pr.id = p.business_id where p.id = $1`,
    [productId],
  );
  if (owner[0]?.business_id !== userId) throw new FunctionError(404, 'Product not found', { code: 'not_found' });
  if (!owner[0].is_business_user)
    throw new FunctionError(403, 'Only verified businesses can add units', { code: 'forbidden' });
}

export const importUnits: ServerFunction<'import-units'> = {
  name: 'import-units',
  verifyJwt: true,
  // 100,000 lines of up to 64 characters plus a status, in JSON.
  bodyLimit: 8 * 1024 * 1024,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'Sign in to import units');
    const input = parseInput(bodySchema, req.body);
    const { productId, csv } = input;
    await assertVerifiedBusinessProduct(ctx.db, userId, productId);
    const { rows, errors, tooMany } = parseUnitCsv(csv);
    if (tooMany)
      throw new FunctionError(413, `A CSV holds at most ${MAX_IMPORT_ROWS.toLocaleString('en')} units`, {
        code: 'too_many_rows',
      });
    let inserted = 0;
    let skipped = 0;
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += BATCH) {
        const result = await insertBatch(tx, userId, productId, rows.slice(i, i + BATCH));
        inserted += result.inserted;
        skipped += result.skipped;
        errors.push(...result.errors);
      }
    });
    errors.sort((a, b) => a.line - b.line);
    return {
      inserted,
      skipped,
      errorCount: errors.length,
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
    };
  },
};
