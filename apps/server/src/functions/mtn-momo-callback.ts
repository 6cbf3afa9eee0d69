// PUT or POST /functions/v1/mtn-momo-callback — MTN's callback for a request-to-pay (decision 0154).
// MTN does not sign callbacks, so the body is read only for which purchase it names (externalId,
// our purchase id, or referenceId): the status is then read from MTN with the server's own
// credentials and applied as the polling job applies it (payments/mobile-money-status.ts), once. A
// forged or replayed callback therefore moves nothing that MTN does not confirm. Reads per
// purchase are rate-limited, and only pending purchases cost an MTN call.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { applyReport } from '../payments/apply-report.js';
import { ProviderUnavailable } from '../payments/checkout-provider.js';
import { checkMobileMoney } from '../payments/mobile-money-status.js';
import { mtnMomo } from '../payments/mtn-momo.js';
import { FunctionError } from './errors.js';
import type { ServerFunction } from './types.js';

const callbackSchema = z
  .object({ externalId: z.string().max(100).optional(), referenceId: z.string().max(100).optional() })
  .passthrough();

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** MTN calls back once or twice per request; more is someone else. */
const CALLBACKS_PER_HOUR = { limit: 20, windowSeconds: 3600 };

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export const mtnMomoCallback: ServerFunction<'mtn-momo-callback'> = {
  name: 'mtn-momo-callback',
  // MTN sends no JWT and no signature: nothing in the body is believed.
  verifyJwt: false,
  bodyLimit: 16 * 1024,
  async handler({ ctx, req }) {
    if (req.method !== 'POST' && req.method !== 'PUT') {
      throw new FunctionError(405, 'Use PUT or POST', { code: 'method_not_allowed' });
    }
    if (!mtnMomo(ctx.config)) {
      throw new FunctionError(503, 'MTN Mobile Money is not enabled on this server', { code: 'purchases_disabled' });
    }
    const parsed = callbackSchema.safeParse(req.body);
    if (!parsed.success)
      throw new FunctionError(400, 'The callback is not a request-to-pay', { code: 'invalid_event' });
    const { externalId, referenceId } = parsed.data;
    const purchase = await withRequestContext(
      ctx.db,
      service,
      async (tx) =>
        (
          await tx.query<{ id: string; status: string; provider_reference: string | null }>(
            `select p.id, p.status, p.provider_reference from public.token_purchases p
              where p.provider = 'mtn_momo'
                and (p.id = $1::uuid or p.provider_reference = $2)`,
            [externalId && uuid.test(externalId) ? externalId : null, referenceId ?? null],
          )
        ).rows[0],
    );
    const purchaseId = purchase?.id;
    if (!purchase || !purchaseId) return { received: true, outcome: 'ignored_unknown_payment' };
    if (!(await ctx.rateLimiter.hit(`momo-callback:${purchaseId}`, CALLBACKS_PER_HOUR))) {
      throw new FunctionError(429, 'Too many callbacks for this payment', { code: 'rate_limited' });
    }
    if ((purchase.status === 'expired' || purchase.status === 'cancelled') && purchase.provider_reference) {
      // Approved after the five minutes: money MTN confirms is credited all the same (decision 0141).
      const provider = mtnMomo(ctx.config)!;
      const report = await provider.report(purchase.provider_reference).catch((err: unknown) => {
        if (err instanceof ProviderUnavailable) return { state: 'pending' as const };
        throw err;
      });
      if (report.state !== 'successful') return { received: true, outcome: 'ignored_not_pending' };
      const applied = await applyReport(ctx, req.log, 'mtn_momo', purchase.provider_reference, report);
      return { received: true, outcome: applied.outcome };
    }
    const run = await checkMobileMoney(ctx, req.log, { purchaseId });
    const outcome = run.credited
      ? 'credited'
      : run.failed
        ? 'failed'
        : run.expired
          ? 'expired'
          : run.pending || run.unanswered
            ? 'awaiting_payment'
            : 'ignored_not_pending';
    return { received: true, outcome };
  },
};
