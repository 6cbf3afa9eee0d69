// POST /functions/v1/create-checkout-session {packageId} → {url, purchaseId}. Opens a pending
// purchase with the package's price from the database (never from the request: reference
// product flaws P1/P2/P6) and the provider's checkout (payments/stripe-checkout.ts) that carries
// the purchase id and the user, payable for CHECKOUT_LIFETIME_SECONDS. Nothing is credited here:
// only the verified webhook (stripe-webhook) credits.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { purchasesEnabled } from '../config/index.js';
import { CHECKOUT_LIFETIME_SECONDS } from '../payments/checkout-provider.js';
import { stripeCheckout } from '../payments/stripe-checkout.js';
import { FunctionError, parsePaymentBody } from './errors.js';
import {
  buyerId,
  limitPurchaseAttempts,
  openPurchaseOr404,
  openTokenPurchase,
  startAtProvider,
} from './open-purchase.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ packageId: z.string().uuid('packageId must be a package id') }).strict();

export const createCheckoutSession: ServerFunction<'create-checkout-session'> = {
  name: 'create-checkout-session',
  verifyJwt: true,
  bodyLimit: 4 * 1024,
  async handler({ ctx, principal, req }) {
    const userId = buyerId(principal);
    const provider = stripeCheckout(ctx.config);
    if (!provider || !purchasesEnabled(ctx.config)) {
      throw new FunctionError(503, 'Token purchases are not enabled on this server', { code: 'purchases_disabled' });
    }
    const body = parsePaymentBody(bodySchema, req.body);
    await limitPurchaseAttempts(ctx, userId);
    const service = { role: 'service_role' as const, claims: { role: 'service_role' } };
    const purchase = await openPurchaseOr404(
      () => withRequestContext(ctx.db, service, (tx) => openTokenPurchase(tx, userId, body.packageId)),
      'This package is not available',
    );

    const opened = await startAtProvider(
      ctx,
      req,
      principal,
      purchase,
      { message: 'checkout session failed', log: { purchase: purchase.id } },
      ({ purchase: order, back, customerEmail }) =>
        provider.openCheckout(order, {
          successUrl: back.success,
          cancelUrl: back.cancelled,
          customerEmail,
          lifetimeSeconds: CHECKOUT_LIFETIME_SECONDS,
        }),
    );
    await withRequestContext(ctx.db, service, (tx) =>
      tx.query('select private.attach_checkout_session($1, $2, $3)', [purchase.id, opened.sessionId, opened.expiresAt]),
    );
    return { url: opened.url, purchaseId: purchase.id, reference: purchase.reference };
  },
};
