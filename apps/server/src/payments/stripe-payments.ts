// Stripe behind the PaymentProvider interface, without a change of behaviour: a payment is the
// Checkout Session stripe-checkout.ts opens (in the package's own currency and price), its report
// is the session's state (Stripe's signed webhook remains what credits), and a refund is Stripe's
// refund of the session's payment intent, whose charge.refunded event takes the tokens back.
import { purchasesEnabled, type Config } from '../config/index.js';
import { ProviderUnavailable, type OpenPurchase } from './checkout-provider.js';
import type { PaymentProvider, PaymentReport, StartOptions, StartedPayment } from './provider.js';
import { stripeCheckout } from './stripe-checkout.js';
import { stripeClient } from './stripe-client.js';

export function stripePayments(config: Config): PaymentProvider | undefined {
  const checkout = stripeCheckout(config);
  const stripe = stripeClient(config);
  if (!checkout || !stripe || !purchasesEnabled(config)) return undefined;
  return {
    name: 'stripe',
    currencies: 'package',
    async start(purchase: OpenPurchase, options: StartOptions): Promise<StartedPayment> {
      const opened = await checkout.openCheckout(purchase, {
        successUrl: options.returnUrl,
        cancelUrl: options.cancelUrl,
        customerEmail: options.customerEmail,
        lifetimeSeconds: options.lifetimeSeconds,
      });
      return { reference: opened.sessionId, redirectUrl: opened.url, expiresAt: opened.expiresAt };
    },
    async report(reference: string): Promise<PaymentReport> {
      const state = await checkout.checkoutState(reference);
      // A complete session's amount is checked by apply_stripe_event when its event arrives.
      return state === 'open' || state === 'complete' ? { state: 'pending' } : { state: 'expired' };
    },
    async refund(payment) {
      if (!payment.paymentId) throw new ProviderUnavailable('The Stripe payment has no payment intent yet');
      try {
        await stripe.refunds.create(
          { payment_intent: payment.paymentId },
          { idempotencyKey: `refund-${payment.reference}` },
        );
      } catch (err) {
        throw new ProviderUnavailable('Stripe did not refund the payment', err);
      }
    },
  };
}
