// POST /functions/v1/unit-label-qr {unitId, format: 'svg' | 'png', form?} — the QR code of one of
// the caller's own units, as an SVG or PNG download, encoding the unit's label URL (label-url.ts).
import { z } from 'zod';
import { unitLabelUrl } from '../business/label-url.js';
import { FunctionError, parseInput } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({
  unitId: z.string().uuid('unitId must be a UUID'),
  format: z.enum(['svg', 'png'], { error: 'format must be svg or png' }),
  form: z.enum(['digital-link', 'verify'], { error: 'form must be digital-link or verify' }).optional(),
});

export const unitLabelQr: ServerFunction<'unit-label-qr'> = {
  name: 'unit-label-qr',
  verifyJwt: true,
  async handler({ ctx, principal, req, reply }) {
    const userId = signedInUserId(principal, 'Sign in to download labels');
    const input = parseInput(bodySchema, req.body);
    const { rows } = await ctx.db.query<{ serial: string; gtin: string | null; business_id: string }>(
      `select u.serial, p.gtin, u.business_id from public.business_units u
         join public.business_products p on p.id = u.product_id where u.id = $1`,
      [input.unitId],
    );
    const unit = rows[0];
    // Someone else's unit answers exactly like a missing one.
    if (!unit || unit.business_id !== userId) throw new FunctionError(404, 'Unit not found', { code: 'not_found' });
    const url = unitLabelUrl(ctx.config.siteUrl, unit, input.form);
    // The QR library loads on the first label, not with every idle server.
    const { default: QRCode } = await import('qrcode');
    const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
    const filename = `label-${unit.serial}.${input.format}`;
    reply
      .code(200)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    if (input.format === 'svg') {
      return reply.type('image/svg+xml').send(await QRCode.toString(url, { ...options, type: 'svg' }));
    }
    return reply.type('image/png').send(await QRCode.toBuffer(url, { ...options, type: 'png', width: 512 }));
  },
};
