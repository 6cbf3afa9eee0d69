// POST /functions/v1/unit-labels-pdf — a printable PDF sheet of QR labels for the caller's own units:
// either chosen units ({unitIds}) or a product's serial range ({productId, fromSerial?, toSerial?},
// inclusive, in serial byte order). Layouts are common label stocks (label-sheet.ts). At most
// MAX_LABELS_PER_SHEET (1,000) labels per file, so one request stays a few seconds of work; with
// {plan: true} a range is not printed but counted and its first files of that size listed, as JSON, so
// the app can say what a range holds and how to print it before asking for a file it would refuse.
// Neither reads more units than it shows (business/label-ranges.ts, decision 0172).
import { z } from 'zod';
import { MAX_LABELS_PER_SHEET } from '@tagledger/functions-api';
import { LABEL_LAYOUTS, type LabelLayoutId } from '../business/label-layouts.js';
import { labelRangeRows, planLabelRange, type LabelRow } from '../business/label-ranges.js';
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
      const { rows: product } = await ctx.db.query<{ business_id: string; unit_count: number }>(
        'select business_id, unit_count::float8 as unit_count from public.business_products where id = $1',
        [body.productId],
      );
      if (product[0]?.business_id !== userId) throw new FunctionError(404, 'Product not found', { code: 'not_found' });
      if (body.fromSerial && body.toSerial && body.fromSerial > body.toSerial)
        throw new FunctionError(400, 'The first serial comes after the last one', { code: 'invalid_range' });
      const range = { productId: body.productId, fromSerial: body.fromSerial ?? null, toSerial: body.toSerial ?? null };
      if (body.plan) return planLabelRange(ctx.db, range, product[0].unit_count);
      rows = await labelRangeRows(ctx.db, range);
      if (rows.length === 0) throw new FunctionError(404, 'No units in this range', { code: 'empty_range' });
      if (rows.length > MAX_LABELS)
        throw new FunctionError(
          400,
          `At most ${MAX_LABELS} labels per sheet: print this range in batches, the first from ${rows[0]!.serial} to ${rows[MAX_LABELS - 1]!.serial}, the next from ${rows[MAX_LABELS]!.serial} (ask with "plan": true for the batches)`,
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
