// POST /functions/v1/verify-serial {serial} — no sign-in needed. Everything /verify/{serial} shows
// in one request (issue 18): the database's public verdict (public.verify_serial, the same answer
// the anonymous rpc gives: never the owner's identity) and, when the serial is one a business
// label can carry, the unit's scan page, recording that scan exactly as scan-unit does. Before, the
// page made these two requests one after the other on a phone's network. The verdict is read on a
// read replica when there is one (DATABASE_READ_URL); the scan is written on the primary.
import { z } from 'zod';
import type { VerifySerialPage } from '@tagledger/functions-api';
import { clientIp } from '../shared/http.js';
import { functionErrorFromDb, parseInput } from './errors.js';
import { recordUnitScan, UNIT_SERIAL } from './scan-unit.js';
import type { ServerFunction } from './types.js';
import { liveProofs } from '../assets/transparency-log.js';

const bodySchema = z.object({
  // verify_serial checks the rest (an empty or over-long serial is refused there with its message).
  serial: z.string({ error: 'Enter a serial number' }).max(1000, 'Enter a serial number'),
  // The newest log size this browser verified: the answer proves the log still extends it.
  knownSize: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const verifySerial: ServerFunction<'verify-serial'> = {
  name: 'verify-serial',
  verifyJwt: false,
  bodyLimit: 4096,
  async handler({ ctx, req }) {
    const input = parseInput(bodySchema, req.body);
    const { serial } = input;
    let verdict: VerifySerialPage['verdict'];
    try {
      const { rows } = await ctx.db.queryReplica<{ verdict: VerifySerialPage['verdict'] }>(
        'select public.verify_serial($1) as verdict',
        [serial],
      );
      verdict = rows[0]!.verdict;
    } catch (err) {
      throw functionErrorFromDb(err) ?? err;
    }
    // A rate-limited network still gets the verdict; only the unit's scan is left out, as the page
    // did when its separate scan-unit call was refused.
    const unit = UNIT_SERIAL.test(serial) ? await recordUnitScan(ctx, clientIp(req), null, serial) : null;
    return { verdict, unit, proofs: await liveProofs(ctx, verdict.matches, input.knownSize) };
  },
};
