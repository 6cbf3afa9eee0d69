// POST /functions/v1/scan-unit {gtin?, serial} — no sign-in needed. A visitor's scan of a unit
// label: records the scan and answers with the scan page in one request, as fast as the asset
// check. The caller's IP goes to the database only to be hashed with the day's salt
// (private.record_unit_scan); it is never stored or logged here.
import { z } from 'zod';
import { clientIp } from '../shared/http.js';
import { FunctionError, functionErrorFromDb } from './errors.js';
import type { ServerFunction } from './types.js';
import type { ScanPage } from '@tagledger/functions-api';

const bodySchema = z.object({
  gtin: z
    .string()
    .regex(/^(\d{8}|\d{12,14})$/, 'A GTIN has 8, 12, 13 or 14 digits')
    .nullish(),
  serial: z
    .string({ error: 'Enter a serial number' })
    .regex(
      /^[A-Za-z0-9._-]{1,64}$/,
      'Enter a serial number of letters, digits, dots, dashes or underscores (at most 64)',
    ),
});

export const scanUnit: ServerFunction<'scan-unit'> = {
  name: 'scan-unit',
  verifyJwt: false,
  bodyLimit: 4096,
  async handler({ ctx, req }) {
    const parsed = bodySchema.safeParse(req.body ?? {});
    if (!parsed.success)
      throw new FunctionError(400, parsed.error.issues[0]?.message ?? 'Invalid request', { code: 'invalid' });
    const ip = clientIp(req);
    // Scans feed the copy signals, so one network may not flood them.
    if (!(await ctx.rateLimiter.hit(`scan-unit:ip:${ip}`, { limit: 60, windowSeconds: 60 }))) {
      throw new FunctionError(429, 'Too many scans. Please try again in a minute.', { code: 'rate_limited' });
    }
    try {
      const { rows } = await ctx.db.query<{ page: ScanPage }>('select private.record_unit_scan($1, $2, $3) as page', [
        parsed.data.gtin ?? null,
        parsed.data.serial,
        ip,
      ]);
      return rows[0]!.page;
    } catch (err) {
      throw functionErrorFromDb(err) ?? err;
    }
  },
};
