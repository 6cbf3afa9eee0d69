// POST /functions/v1/create-checkout-session {packageId} → {url, purchaseId}. Opens a pending
// purchase with the package's price from the database (never from the request: reference
// product flaws P1/P2/P6) and the provider's checkout (payments/stripe-checkout.ts) that carries
// the purchase id and the user, payable for CHECKOUT_LIFETIME_SECONDS. Nothing is credited here:
// only the verified webhook (stripe-webhook) credits.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { purchasesEnabled } from '../config/index.js';
import { CHECKOUT_LIFETIME_SECONDS, type OpenedCheckout } from '../payments/checkout-provider.js';
import { stripeCheckout } from '../payments/stripe-checkout.js';
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
    const provider = stripeCheckout(ctx.config);
    if (!provider || !purchasesEnabled(ctx.config)) {
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
    let opened: OpenedCheckout;
    try {
      opened = await provider.openCheckout(
        {
          id: purchase.id,
          user_id: purchase.user_id,
          package_name: purchase.package_name,
          tokens: Number(purchase.tokens),
          amount_minor: Number(purchase.amount_minor),
          currency: purchase.currency,
        },
        {
          successUrl: `${returnUrl}&checkout=success`,
          // The wallet then asks cancel-checkout to end the purchase (after asking the provider).
          cancelUrl: `${returnUrl}&checkout=cancelled`,
          customerEmail:
            typeof principal.claims.email === 'string' && principal.claims.email ? principal.claims.email : undefined,
          lifetimeSeconds: CHECKOUT_LIFETIME_SECONDS,
        },
      );
    } catch (err) {
      // The purchase stays pending without a session; the expiry job closes it (decision 0141).
      req.log.warn({ err, purchase: purchase.id }, 'checkout session failed');
      throw new FunctionError(502, 'The payment provider could not be reached. Please try again.', {
        code: 'provider_unavailable',
      });
    }
    await withRequestContext(ctx.db, service, (tx) =>
      tx.query('select private.attach_checkout_session($1, $2, $3)', [purchase.id, opened.sessionId, opened.expiresAt]),
    );
    return { url: opened.url, purchaseId: purchase.id, reference: purchase.reference };
  },
};
