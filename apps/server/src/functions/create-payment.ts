// POST /functions/v1/create-payment {packageId, provider, currency, phone?} → {purchaseId,
// reference, url, status}. Opens a pending purchase with the package's price in the chosen
// currency, read from the database (never from the request), and starts its payment at the
// chosen provider (payments/provider.ts): a hosted page to redirect to (Stripe, Paystack), or a
// request the payer approves on their phone (MTN MoMo; url null, and the status is then polled
// through the job queue). Nothing is credited here: only a confirmation the server has verified
// with the provider credits (stripe-webhook, paystack-webhook, mtn-momo-callback and the polling
// job). Decision 0154.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { CHECKOUT_LIFETIME_SECONDS } from '../payments/checkout-provider.js';
import { pollMobileMoneyLater } from '../payments/mobile-money-status.js';
import { paymentProvider } from '../payments/provider.js';
import { FunctionError, parsePaymentBody } from './errors.js';
import {
  buyerId,
  limitPurchaseAttempts,
  openPurchaseOr404,
  openTokenPurchase,
  startAtProvider,
  type PurchaseRow,
} from './open-purchase.js';
import type { ServerFunction } from './types.js';

const bodySchema = z
  .object({
    packageId: z.string().uuid('packageId must be a package id'),
    provider: z.enum(['stripe', 'paystack', 'mtn_momo']),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code')
      .transform((c) => c.toLowerCase()),
    phone: z
      .string()
      .transform((p) => p.replace(/[\s().-]/g, ''))
      .pipe(
        z.string().regex(/^\+[1-9][0-9]{6,14}$/, 'phone must be an international number such as +237 6 71 23 45 67'),
      )
      .optional(),
  })
  .strict();

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export const createPayment: ServerFunction<'create-payment'> = {
  name: 'create-payment',
  verifyJwt: true,
  bodyLimit: 4 * 1024,
  async handler({ ctx, principal, req }) {
    const userId = buyerId(principal);
    const body = parsePaymentBody(bodySchema, req.body);
    const { packageId, currency, phone } = body;
    const provider = paymentProvider(ctx.config, body.provider);
    if (!provider) {
      throw new FunctionError(503, 'This payment method is not enabled on this server', { code: 'purchases_disabled' });
    }
    if (provider.currencies !== 'package' && !provider.currencies.includes(currency)) {
      throw new FunctionError(400, `This payment method does not take ${currency.toUpperCase()}`, {
        code: 'currency_not_supported',
      });
    }
    if (provider.name === 'mtn_momo' && !phone) {
      throw new FunctionError(400, 'A mobile-money payment needs the payer’s number', { code: 'phone_required' });
    }
    await limitPurchaseAttempts(ctx, userId);

    const purchase = await openPurchaseOr404(
      () =>
        withRequestContext(ctx.db, service, async (tx) => {
          if (provider.name === 'stripe') {
            const row = await openTokenPurchase(tx, userId, packageId);
            // Stripe charges each package in its own currency.
            if (row.currency !== currency) {
              throw new FunctionError(400, `This package is sold by card in ${row.currency.toUpperCase()}`, {
                code: 'currency_not_supported',
              });
            }
            return row;
          }
          return (
            await tx.query<PurchaseRow>('select * from private.open_provider_purchase($1, $2, $3, $4, $5)', [
              userId,
              packageId,
              provider.name,
              currency,
              provider.name === 'mtn_momo' ? phone : null,
            ])
          ).rows[0]!;
        }),
      'This package is not available in this currency',
    );

    const started = await startAtProvider(
      ctx,
      req,
      principal,
      purchase,
      { message: 'payment start failed', log: { purchase: purchase.id, provider: provider.name } },
      ({ purchase: order, back, customerEmail }) =>
        provider.start(order, {
          returnUrl: back.success,
          cancelUrl: back.cancelled,
          customerEmail,
          payerPhone: phone,
          lifetimeSeconds: CHECKOUT_LIFETIME_SECONDS,
        }),
    );
    await withRequestContext(ctx.db, service, (tx) =>
      provider.name === 'stripe'
        ? tx.query('select private.attach_checkout_session($1, $2, $3)', [
            purchase.id,
            started.reference,
            started.expiresAt,
          ])
        : tx.query('select private.attach_provider_reference($1, $2, $3)', [
            purchase.id,
            started.reference,
            started.expiresAt,
          ]),
    );
    if (provider.name === 'mtn_momo') await pollMobileMoneyLater(ctx, purchase.id);
    return { purchaseId: purchase.id, reference: purchase.reference, url: started.redirectUrl, status: 'pending' };
  },
};
