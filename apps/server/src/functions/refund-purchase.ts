// POST /functions/v1/refund-purchase {purchaseId} → {requested: true} — an admin asks the provider
// that took a purchase's money to return it (decision 0154): Stripe and Paystack refund; MTN MoMo
// Collection has no refund (refund_unsupported). The tokens are taken back when the provider's
// refund notification arrives (stripe-webhook, paystack-webhook), as for a refund made in the
// provider's dashboard: balance first, then debt.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { ProviderUnavailable } from '../payments/checkout-provider.js';
import { paymentProvider } from '../payments/provider.js';
import { FunctionError, parsePaymentBody } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ purchaseId: z.string().uuid('purchaseId must be a purchase id') }).strict();

interface Row {
  provider: string;
  status: string;
  paid_at: string | null;
  stripe_session_id: string | null;
  stripe_payment_intent: string | null;
  provider_reference: string | null;
}

export const refundPurchase: ServerFunction<'refund-purchase'> = {
  name: 'refund-purchase',
  verifyJwt: true,
  bodyLimit: 4 * 1024,
  async handler({ ctx, principal, req }) {
    if (principal.role !== 'authenticated' || !principal.userId) {
      throw new FunctionError(401, 'No valid session', { code: 'not_signed_in' });
    }
    const body = parsePaymentBody(bodySchema, req.body);
    // Read in the caller's own context: only an admin is answered (RLS and private.is_admin).
    const purchase = await withRequestContext(
      ctx.db,
      { role: 'authenticated', claims: principal.claims as Record<string, unknown> },
      async (tx) => {
        const admin = (await tx.query<{ ok: boolean }>('select private.is_admin() as ok')).rows[0]?.ok;
        if (!admin) throw new FunctionError(403, 'Only admins can refund purchases', { code: 'forbidden' });
        return (
          await tx.query<Row>(
            `select provider, status, paid_at, stripe_session_id, stripe_payment_intent, provider_reference
               from public.token_purchases where id = $1`,
            [body.purchaseId],
          )
        ).rows[0];
      },
    );
    if (!purchase) throw new FunctionError(404, 'Purchase not found', { code: 'purchase_not_found' });
    if (!purchase.paid_at || purchase.status === 'refunded') {
      throw new FunctionError(409, 'Only a paid purchase can be refunded', { code: 'not_refundable' });
    }
    const provider = paymentProvider(ctx.config, purchase.provider);
    if (!provider?.refund) {
      throw new FunctionError(409, 'This payment method cannot refund; return the money another way', {
        code: 'refund_unsupported',
      });
    }
    const reference = purchase.provider === 'stripe' ? purchase.stripe_session_id : purchase.provider_reference;
    try {
      await provider.refund({
        reference: reference ?? body.purchaseId,
        paymentId: purchase.provider === 'stripe' ? purchase.stripe_payment_intent : null,
      });
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      req.log.warn({ err: err.cause ?? err, purchase: body.purchaseId }, 'refund failed');
      throw new FunctionError(502, 'The payment provider did not refund. Please try again.', {
        code: 'provider_unavailable',
      });
    }
    return { requested: true };
  },
};
