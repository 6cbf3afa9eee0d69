// POST /functions/v1/unit-labels-pdf — a printable PDF sheet of QR labels for the caller's own units:
// either chosen units ({unitIds}) or a product's serial range ({productId, fromSerial?, toSerial?},
// inclusive, in serial byte order). Layouts are common label stocks (label-sheet.ts). At most
// MAX_LABELS_PER_SHEET (1,000) labels per file, so one request stays a few seconds of work; with
// {plan: true} a range is not printed but counted and cut into batches of that size, as JSON, so the
// app can say what a range holds and how to print it before asking for a file it would refuse.
import { z } from 'zod';
import type { Queryable } from '@tagledger/db';
import { MAX_LABELS_PER_SHEET, type LabelSheetPlan } from '@tagledger/functions-api';
import { LABEL_LAYOUTS, type LabelLayoutId } from '../business/label-layouts.js';
import { unitLabelUrl } from '../business/label-url.js';
import { FunctionError, parseInput } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

const MAX_LABELS = MAX_LABELS_PER_SHEET;

const serial = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'A serial has 1–64 letters, digits, dots, dashes or underscores');
const layout = z.enum(Object.keys(LABEL_LAYOUTS) as [LabelLayoutId, ...LabelLayoutId[]], {
  error: 'layout must be avery-l7160 or avery-5160',
});
const form = z.enum(['digital-link', 'verify'], { error: 'form must be digital-link or verify' }).optional();

const range = {
  productId: z.string().uuid('productId must be a UUID'),
  fromSerial: serial.optional(),
  toSerial: serial.optional(),
};

const bodySchema = z.union([
  z.object({ plan: z.literal(true), ...range }),
  z.object({
    layout,
    form,
    plan: z.literal(false).optional(),
    unitIds: z
      .array(z.string().uuid('unitIds must be UUIDs'))
      .min(1, 'Choose at least one unit')
      .max(MAX_LABELS, `At most ${MAX_LABELS} labels per sheet`),
  }),
  z.object({ layout, form, plan: z.literal(false).optional(), ...range }),
]);

/** The range's units cut into batches of MAX_LABELS, in serial byte order. */
async function planRange(
  db: Queryable,
  productId: string,
  from: string | null,
  to: string | null,
): Promise<LabelSheetPlan> {
  const { rows } = await db.query<{ from_serial: string; to_serial: string; count: number }>(
    `select min(r.serial) as from_serial, max(r.serial) as to_serial, count(*)::int as count
       from (select u.serial collate "C" as serial, row_number() over (order by u.serial collate "C") - 1 as n
               from public.business_units u
              where u.product_id = $1 and ($2::text is null or u.serial collate "C" >= $2)
                and ($3::text is null or u.serial collate "C" <= $3)) r
      group by r.n / $4 order by r.n / $4`,
    [productId, from, to, MAX_LABELS],
  );
  return {
    count: rows.reduce((sum, b) => sum + b.count, 0),
    maxLabels: MAX_LABELS,
    batches: rows.map((b) => ({ fromSerial: b.from_serial, toSerial: b.to_serial, count: b.count })),
  };
}

interface LabelRow {
  serial: string;
  gtin: string | null;
  name: string;
}

export const unitLabelsPdf: ServerFunction<'unit-labels-pdf'> = {
  name: 'unit-labels-pdf',
  verifyJwt: true,
  bodyLimit: 64 * 1024,
  async handler({ ctx, principal, req, reply }) {
    const userId = signedInUserId(principal, 'Sign in to print labels');
    const input = parseInput(bodySchema, req.body);
    const body = input;
    let rows: LabelRow[];
    // One more than the cap tells "too many" apart from "exactly the cap".
    if ('unitIds' in body) {
      ({ rows } = await ctx.db.query<LabelRow>(
        `select u.serial, p.gtin, p.name from public.business_units u
           join public.business_products p on p.id = u.product_id
          where u.id = any($1::uuid[]) and u.business_id = $2 order by p.name, u.serial`,
        [body.unitIds, userId],
      ));
      // Someone else's unit answers exactly like a missing one.
      if (rows.length !== new Set(body.unitIds).size)
        throw new FunctionError(404, 'Some units were not found', { code: 'not_found' });
    } else {
      const { rows: product } = await ctx.db.query<{ business_id: string }>(
        'select business_id from public.business_products where id = $1',
        [body.productId],
      );
      if (product[0]?.business_id !== userId) throw new FunctionError(404, 'Product not found', { code: 'not_found' });
      if (body.fromSerial && body.toSerial && body.fromSerial > body.toSerial)
        throw new FunctionError(400, 'The first serial comes after the last one', { code: 'invalid_range' });
      if (body.plan) return planRange(ctx.db, body.productId, body.fromSerial ?? null, body.toSerial ?? null);
      ({ rows } = await ctx.db.query<LabelRow>(
        `select u.serial, p.gtin, p.name from public.business_units u
           join public.business_products p on p.id = u.product_id
          where u.product_id = $1 and ($2::text is null or u.serial collate "C" >= $2) and ($3::text is null or u.serial collate "C" <= $3)
          order by u.serial collate "C" limit ${MAX_LABELS + 1}`,
        [body.productId, body.fromSerial ?? null, body.toSerial ?? null],
      ));
      if (rows.length === 0) throw new FunctionError(404, 'No units in this range', { code: 'empty_range' });
      if (rows.length > MAX_LABELS)
        throw new FunctionError(
          400,
          `At most ${MAX_LABELS} labels per sheet: print this range in batches, the first from ${rows[0]!.serial} to ${rows[MAX_LABELS - 1]!.serial}, the next from ${rows[MAX_LABELS]!.serial} (ask with "plan": true for every batch)`,
          {
            code: 'too_many_labels',
            maxLabels: MAX_LABELS,
            firstBatch: { fromSerial: rows[0]!.serial, toSerial: rows[MAX_LABELS - 1]!.serial },
            nextFromSerial: rows[MAX_LABELS]!.serial,
          },
        );
    }
    // pdf-lib and qrcode load with the first sheet, not with the server (decision 0110).
    const { renderLabelSheet } = await import('../business/label-sheet.js');
    const pdf = await renderLabelSheet(
      body.layout,
      rows.map((r) => ({ serial: r.serial, productName: r.name, url: unitLabelUrl(ctx.config.siteUrl, r, body.form) })),
    );
    return reply
      .code(200)
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="labels-${body.layout}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  },
};
