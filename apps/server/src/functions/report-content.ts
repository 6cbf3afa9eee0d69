// POST /functions/v1/report-content — a visitor, signed in or not, reports a public asset or a
// product they scanned to the moderators' queue. The limit is keyed on the IP the server sees (its
// trusted-proxy logic), which the caller cannot choose; the database keeps only a hash of that IP
// salted with the day's scan salt, and ignores the same network reporting the same thing twice
// while the first report is open (private.submit_moderation_report). Visitors cannot read reports.
import { z } from 'zod';
import type { FunctionRequest } from '@tagledger/functions-api';
import { clientIp } from '../shared/http.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

const REPORTS_PER_IP = { limit: 10, windowSeconds: 3600 };

const reason = z.enum(['counterfeit', 'stolen', 'inappropriate', 'scam', 'personal_data', 'other'], {
  error: 'Choose a reason from the list',
});
const details = z.string().trim().max(1000, 'The details must be at most 1000 characters').optional();

const bodySchema = z.discriminatedUnion(
  'target',
  [
    z.object({ target: z.literal('asset'), assetId: z.string().uuid('assetId must be an asset id'), reason, details }),
    z.object({
      target: z.literal('product'),
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
      reason,
      details,
    }),
  ],
  { error: 'Report an asset or a product' },
);

export const reportContent: ServerFunction<'report-content'> = {
  name: 'report-content',
  verifyJwt: false,
  bodyLimit: 8 * 1024,
  async handler({ ctx, principal, req }) {
    const input = parseInput(bodySchema, req.body);
    const body = input satisfies FunctionRequest<'report-content'>;
    const ip = clientIp(req);
    if (!(await ctx.rateLimiter.hit(`report-content:ip:${ip}`, REPORTS_PER_IP))) {
      throw new FunctionError(429, 'Too many reports. Please try again later.', { code: 'rate_limited' });
    }
    const reporter = principal.role === 'authenticated' ? (principal.userId ?? null) : null;
    try {
      await ctx.db.query('select private.submit_moderation_report($1, $2, $3, $4, $5, $6, $7, $8)', [
        body.target,
        body.target === 'asset' ? body.assetId : null,
        body.target === 'product' ? (body.gtin ?? null) : null,
        body.target === 'product' ? body.serial : null,
        body.reason,
        body.details ?? null,
        reporter,
        ip,
      ]);
      return { reported: true as const };
    } catch (err) {
      throw functionErrorFromDb(err) ?? err;
    }
  },
};
