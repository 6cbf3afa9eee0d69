// The job that ends checkouts nobody finished (decision 0141). Every few minutes it takes the
// pending purchases whose checkout is over by the application clock (private.due_checkout_expiries:
// past the session's expiry at the provider, or an hour without a session) and, for each, asks the
// provider what became of it: an expired (or still open, which it then ends) checkout makes the
// purchase expired; a complete one stays pending for the payment's own notification, which is the
// only thing that credits. Without provider settings nothing can be asked, and the purchase is
// expired all the same — a payment that still arrives credits an expired purchase.
import type { FastifyBaseLogger } from 'fastify';
import { withRequestContext } from '@tagledger/db';
import type { AppContext } from '../shared/context.js';
import { ProviderUnavailable, type CheckoutProvider } from './checkout-provider.js';
import { stripeCheckout } from './stripe-checkout.js';

export const EXPIRE_CHECKOUTS_JOB = 'payments.expire-checkouts';

/** Purchases looked at per run; the next run takes the rest. */
const BATCH = 100;

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export interface ExpiryRun {
  expired: number;
  /** Complete at the provider: left for the payment's notification. */
  awaitingNotification: number;
  /** The provider did not answer: tried again on the next run. */
  unanswered: number;
}

function asService<T extends object>(ctx: AppContext, sql: string, params: unknown[]): Promise<T[]> {
  return withRequestContext(ctx.db, service, async (tx) => (await tx.query<T>(sql, params)).rows);
}

export async function expireStaleCheckouts(
  ctx: AppContext,
  provider: CheckoutProvider | undefined = stripeCheckout(ctx.config),
): Promise<ExpiryRun> {
  const run: ExpiryRun = { expired: 0, awaitingNotification: 0, unanswered: 0 };
  const due = await asService<{ id: string; stripe_session_id: string | null }>(
    ctx,
    'select id, stripe_session_id from private.due_checkout_expiries($1)',
    [BATCH],
  );
  for (const purchase of due) {
    if (purchase.stripe_session_id && provider) {
      try {
        let state = await provider.checkoutState(purchase.stripe_session_id);
        if (state === 'open') state = await provider.expireCheckout(purchase.stripe_session_id);
        if (state === 'complete') {
          run.awaitingNotification++;
          continue;
        }
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err;
        run.unanswered++;
        continue;
      }
    }
    const [closed] = await asService<{ status: string }>(
      ctx,
      `select private.close_token_purchase($1, null, 'expired') as status`,
      [purchase.id],
    );
    if (closed?.status === 'expired') run.expired++;
  }
  return run;
}

export async function registerPaymentJobs(ctx: AppContext, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  await ctx.jobs.define(EXPIRE_CHECKOUTS_JOB, async () => {
    const run = await expireStaleCheckouts(ctx);
    if (run.awaitingNotification || run.unanswered) {
      log.warn({ ...run }, 'checkouts past their expiry are paid or unanswered at the provider; left pending');
    }
  });
  await ctx.jobs.every(EXPIRE_CHECKOUTS_JOB, '*/5 * * * *');
}
