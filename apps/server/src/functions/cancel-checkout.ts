// POST /functions/v1/cancel-checkout {purchaseId} → {status}. The wallet calls it when the buyer
// comes back from the provider's cancel link (?checkout=cancelled). The URL proves nothing, so the
// server checks for itself: the purchase must be the caller's own; while it is pending, the
// provider is asked what became of its checkout, and an open one is ended there first, so that it
// can no longer be paid behind the purchase's back. Only then is the purchase marked cancelled.
// A checkout the provider reports complete stays pending: its payment's notification credits it.
// Decision 0141.
import { z } from 'zod';
import type { PurchaseStatus } from '@tagledger/functions-api';
import { withRequestContext } from '@tagledger/db';
import { purchasesEnabled } from '../config/index.js';
import { applyReport } from '../payments/apply-report.js';
import { ProviderUnavailable, type CheckoutProvider } from '../payments/checkout-provider.js';
import { paymentProvider } from '../payments/provider.js';
import type { AppContext } from '../shared/context.js';
import { stripeCheckout } from '../payments/stripe-checkout.js';
import { FunctionError, parsePaymentBody } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ purchaseId: z.string().uuid('purchaseId must be a purchase id') }).strict();

/** Each call may cost two provider calls; a buyer cancels a few times an hour at most. */
const CANCELS_PER_HOUR = { limit: 60, windowSeconds: 3600 };

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export const cancelCheckout: ServerFunction<'cancel-checkout'> = {
  name: 'cancel-checkout',
  verifyJwt: true,
  bodyLimit: 4 * 1024,
  async handler({ ctx, principal, req }) {
    if (principal.role !== 'authenticated' || !principal.userId) {
      throw new FunctionError(401, 'Sign in to manage your purchases', { code: 'not_signed_in' });
    }
    const userId = principal.userId;
    const body = parsePaymentBody(bodySchema, req.body);
    if (!(await ctx.rateLimiter.hit(`checkout-cancel:${userId}`, CANCELS_PER_HOUR))) {
      throw new FunctionError(429, 'Too many requests. Please try again later.', { code: 'rate_limited' });
    }
    const { purchaseId } = body;
    const purchase = await withRequestContext(
      ctx.db,
      service,
      async (tx) =>
        (
          await tx.query<{
            status: PurchaseStatus;
            stripe_session_id: string | null;
            provider: 'stripe' | 'paystack' | 'mtn_momo';
            provider_reference: string | null;
          }>(
            `select status, stripe_session_id, provider, provider_reference
               from public.token_purchases where id = $1 and user_id = $2`,
            [purchaseId, userId],
          )
        ).rows[0],
    );
    // Someone else's purchase is answered exactly as a missing one.
    if (!purchase) throw new FunctionError(404, 'Purchase not found', { code: 'purchase_not_found' });
    if (purchase.status !== 'pending' && purchase.status !== 'expired') return { status: purchase.status };

    if (purchase.provider !== 'stripe') {
      // Paystack and MTN MoMo (decision 0154): the provider's own report decides, as for Stripe.
      const other = paymentProvider(ctx.config, purchase.provider);
      if (!other) {
        throw new FunctionError(503, 'This payment method is not enabled on this server', {
          code: 'purchases_disabled',
        });
      }
      if (purchase.provider_reference && purchase.status === 'pending') {
        let report;
        try {
          report = await other.report(purchase.provider_reference);
        } catch (err) {
          if (!(err instanceof ProviderUnavailable)) throw err;
          throw new FunctionError(502, 'The payment provider could not be reached. Please try again.', {
            code: 'provider_unavailable',
          });
        }
        // Still payable (a request the payer may yet approve on their phone): it stays pending.
        if (report.state === 'pending') return { status: 'pending' };
        if (report.state !== 'expired') {
          await applyReport(ctx, req.log, purchase.provider, purchase.provider_reference, report);
          return { status: await statusOf(ctx, purchaseId) };
        }
      }
    } else {
      const stripe = stripeCheckout(ctx.config);
      if (!stripe || !purchasesEnabled(ctx.config)) {
        throw new FunctionError(503, 'Token purchases are not enabled on this server', { code: 'purchases_disabled' });
      }
      const closed = await endStripeCheckout(stripe, purchase, purchaseId, req.log);
      if (closed) return closed;
    }

    const status = await withRequestContext(
      ctx.db,
      service,
      async (tx) =>
        (
          await tx.query<{ status: PurchaseStatus }>(
            `select private.close_token_purchase($1, $2, 'cancelled') as status`,
            [purchaseId, userId],
          )
        ).rows[0]!.status,
    );
    return { status };
  },
};

async function statusOf(ctx: AppContext, purchaseId: string): Promise<PurchaseStatus> {
  return withRequestContext(
    ctx.db,
    service,
    async (tx) =>
      (
        await tx.query<{ status: PurchaseStatus }>('select status from public.token_purchases where id = $1', [
          purchaseId,
        ])
      ).rows[0]!.status,
  );
}

/** Ends a Stripe checkout that is still open; answers the status to report when the purchase stays as it is. */
async function endStripeCheckout(
  provider: CheckoutProvider,
  purchase: { status: PurchaseStatus; stripe_session_id: string | null },
  purchaseId: string,
  log: { warn(obj: object, msg: string): void },
): Promise<{ status: PurchaseStatus } | undefined> {
  if (purchase.stripe_session_id && purchase.status === 'pending') {
    try {
      let state = await provider.checkoutState(purchase.stripe_session_id);
      if (state === 'open') state = await provider.expireCheckout(purchase.stripe_session_id);
      // Paid (or a delayed payment under way): the provider's notification decides, not this page.
      if (state !== 'expired') return { status: 'pending' };
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      log.warn({ err: err.cause ?? err, purchase: purchaseId }, 'checkout state unavailable');
      throw new FunctionError(502, 'The payment provider could not be reached. Please try again.', {
        code: 'provider_unavailable',
      });
    }
  }
  return undefined;
}
