// POST /functions/v1/scan-unit {gtin?, serial} — no sign-in needed. A visitor's scan of a unit
// label: records the scan and answers with the scan page in one request, as fast as the asset
// check. The caller's IP goes to the database only to be hashed with the day's salt
// (private.record_unit_scan); it is never stored or logged here.
//
// A GTIN may come in any of its lengths (8, 12, 13, 14 digits); it is checked first — a wrong length
// or check digit is "not a valid barcode number" (code invalid_gtin), never a counterfeit warning —
// and compared in its 14-digit form. With a GTIN the serial is what a GS1 Digital Link carries after
// /21/, decoded: GS1's 82 characters (decision 0140).
import { z } from 'zod';
import { gtin14, gtinCheckDigitOk, MAX_LINK_SERIAL, type ScanPage } from '@tagledger/functions-api';
import { clientIp } from '../shared/http.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import type { AppContext } from '../shared/context.js';
import type { ServerFunction } from './types.js';

/** The serials a unit label can carry (private.record_unit_scan refuses others). */
export const UNIT_SERIAL = /^[A-Za-z0-9._-]{1,64}$/;
/** The serials a GS1 Digital Link may carry after /21/, decoded (GS1's 82 characters). */
const LINK_SERIAL = new RegExp(`^[A-Za-z0-9!"%&'()*+,\\-./:;<=>?_]{1,${MAX_LINK_SERIAL}}$`);

const bodySchema = z.object({
  gtin: z.string().max(100).nullish(),
  serial: z.string({ error: 'Enter a serial number' }),
});

/** A GTIN as the scan compares it (14 digits), or the refusal a visitor reads. */
function checkedGtin(value: string): string {
  const gtin = gtin14(value);
  if (!gtin || !gtinCheckDigitOk(gtin)) {
    throw new FunctionError(400, 'This is not a valid barcode number (GTIN): check the digits under the barcode', {
      code: 'invalid_gtin',
    });
  }
  return gtin;
}

export const scanUnit: ServerFunction<'scan-unit'> = {
  name: 'scan-unit',
  verifyJwt: false,
  bodyLimit: 4096,
  async handler({ ctx, req }) {
    const input = parseInput(bodySchema, req.body);
    const gtin = input.gtin ? checkedGtin(input.gtin) : null;
    if (!(gtin ? LINK_SERIAL : UNIT_SERIAL).test(input.serial)) {
      throw new FunctionError(
        400,
        gtin
          ? 'A serial number has 1 to 64 letters, digits or the symbols GS1 allows in one'
          : 'Enter a serial number of letters, digits, dots, dashes or underscores (at most 64)',
        { code: 'invalid' },
      );
    }
    const page = await recordUnitScan(ctx, clientIp(req), gtin, input.serial);
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
