// POST /functions/v1/scan-unit {gtin?, serial} — no sign-in needed. A visitor's scan of a unit
// label: records the scan and answers with the scan page in one request, as fast as the asset
// check. The caller's IP goes to the database only to be hashed with the day's salt
// (private.record_unit_scan); it is never stored or logged here.
import { z } from 'zod';
import { clientIp } from '../shared/http.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import type { AppContext } from '../shared/context.js';
import type { ServerFunction } from './types.js';
import type { ScanPage } from '@tagledger/functions-api';

/** The serials a unit label can carry (private.record_unit_scan refuses others). */
export const UNIT_SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

const bodySchema = z.object({
  gtin: z
    .string()
    .regex(/^(\d{8}|\d{12,14})$/, 'A GTIN has 8, 12, 13 or 14 digits')
    .nullish(),
  serial: z
    .string({ error: 'Enter a serial number' })
    .regex(UNIT_SERIAL, 'Enter a serial number of letters, digits, dots, dashes or underscores (at most 64)'),
});

export const scanUnit: ServerFunction<'scan-unit'> = {
  name: 'scan-unit',
  verifyJwt: false,
  bodyLimit: 4096,
  async handler({ ctx, req }) {
    const input = parseInput(bodySchema, req.body);
    const page = await recordUnitScan(ctx, clientIp(req), input.gtin ?? null, input.serial);
    if (!page) throw new FunctionError(429, 'Too many scans. Please try again in a minute.', { code: 'rate_limited' });
    return page;
  },
};

/**
 * Records one scan and returns its page; null when this network has scanned too much this minute
 * (scans feed the copy signals, so one network may not flood them). Shared with verify-serial.
 */
export async function recordUnitScan(
  ctx: AppContext,
  ip: string,
  gtin: string | null,
  serial: string,
): Promise<ScanPage | null> {
  if (!(await ctx.rateLimiter.hit(`scan-unit:ip:${ip}`, { limit: 60, windowSeconds: 60 }))) return null;
  try {
    const { rows } = await ctx.db.query<{ page: ScanPage }>('select private.record_unit_scan($1, $2, $3) as page', [
      gtin,
      serial,
      ip,
    ]);
    return rows[0]!.page;
  } catch (err) {
    throw functionErrorFromDb(err) ?? err;
  }
}
