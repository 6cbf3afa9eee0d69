// POST /functions/v1/create-checkout-session {packageId} → {url, purchaseId}. Opens a pending
// purchase with the package's price from the database (never from the request: reference
// product flaws P1/P2/P6) and a Stripe Checkout Session that carries the purchase id and the
// user. Nothing is credited here: only the verified webhook (stripe-webhook) credits.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { purchasesEnabled } from '../config/index.js';
import { stripeClient } from '../payments/stripe-client.js';
import { FunctionError } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ packageId: z.string().uuid('packageId must be a package id') }).strict();

/** Opening sessions costs a provider call each; a person needs few. */
const CHECKOUTS_PER_HOUR = { limit: 30, windowSeconds: 3600 };

interface PurchaseRow {
  id: string;
  user_id: string;
  package_name: string;
  tokens: string;
  amount_minor: string;
  currency: string;
  reference: string;
}

export const createCheckoutSession: ServerFunction<'create-checkout-session'> = {
  name: 'create-checkout-session',
  verifyJwt: true,
  bodyLimit: 4 * 1024,
  async handler({ ctx, principal, req }) {
    if (principal.role !== 'authenticated' || !principal.userId) {
      throw new FunctionError(401, 'Sign in to buy tokens', { code: 'not_signed_in' });
    }
    const stripe = stripeClient(ctx.config);
    if (!stripe || !purchasesEnabled(ctx.config)) {
      throw new FunctionError(503, 'Token purchases are not enabled on this server', { code: 'purchases_disabled' });
    }
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) {
      throw new FunctionError(400, parsed.error.issues[0]?.message ?? 'Invalid request', { code: 'invalid_request' });
    }
    if (!(await ctx.rateLimiter.hit(`checkout:${principal.userId}`, CHECKOUTS_PER_HOUR))) {
      throw new FunctionError(429, 'Too many checkout attempts. Please try again later.', { code: 'rate_limited' });
    }
    const service = { role: 'service_role' as const, claims: { role: 'service_role' } };
    let purchase: PurchaseRow;
    try {
      purchase = await withRequestContext(
        ctx.db,
        service,
        async (tx) =>
          (
            await tx.query<PurchaseRow>('select * from private.open_token_purchase($1, $2)', [
              principal.userId,
              parsed.data.packageId,
            ])
          ).rows[0]!,
      );
    } catch (err) {
      if ((err as { code?: string }).code === 'P0002') {
        throw new FunctionError(404, 'This package is not available', { code: 'package_not_found' });
      }
      throw err;
    }

    const returnUrl = `${ctx.config.siteUrl}/wallet?purchase=${purchase.id}`;
    let session: { id: string; url: string | null };
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: purchase.id,
          metadata: { purchase_id: purchase.id, user_id: purchase.user_id },
          payment_intent_data: { metadata: { purchase_id: purchase.id, user_id: purchase.user_id } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: purchase.currency,
                unit_amount: Number(purchase.amount_minor),
                product_data: {
                  name: `${Number(purchase.tokens).toLocaleString('en-GB')} TMT (${purchase.package_name})`,
                },
              },
            },
          ],
          ...(typeof principal.claims.email === 'string' && principal.claims.email
            ? { customer_email: principal.claims.email }
            : {}),
          success_url: `${returnUrl}&checkout=success`,
          cancel_url: `${returnUrl}&checkout=cancelled`,
        },
        // A retried request must not open a second session for the same purchase.
        { idempotencyKey: `purchase-${purchase.id}` },
      );
    } catch (err) {
      req.log.warn({ err, purchase: purchase.id }, 'stripe checkout session failed');
      throw new FunctionError(502, 'The payment provider could not be reached. Please try again.', {
        code: 'provider_unavailable',
      });
    }
    if (!session.url) {
      throw new FunctionError(502, 'The payment provider did not return a checkout page', {
        code: 'provider_unavailable',
      });
    }
    await withRequestContext(ctx.db, service, (tx) =>
      tx.query('select private.attach_checkout_session($1, $2)', [purchase.id, session.id]),
    );
    return { url: session.url, purchaseId: purchase.id, reference: purchase.reference };
  },
};
