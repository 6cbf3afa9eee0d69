// Stripe Checkout behind the CheckoutProvider interface: a Checkout Session per purchase (the
// price from the purchase row, the purchase id and the user in it, idempotency key
// purchase-<id>), its status read back from Stripe, and the API's expire call.
import type Stripe from 'stripe';
import type { Config } from '../config/index.js';
import {
  ProviderUnavailable,
  type CheckoutProvider,
  type CheckoutState,
  type OpenPurchase,
  type OpenedCheckout,
} from './checkout-provider.js';
import { stripeClient } from './stripe-client.js';

function stateOf(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>): CheckoutState {
  if (session.status === 'complete') return 'complete';
  if (session.status === 'expired') return 'expired';
  // Sessions of old API versions carry no status: a paid one is complete.
  if (!session.status && session.payment_status !== 'unpaid') return 'complete';
  return 'open';
}

class StripeCheckout implements CheckoutProvider {
  readonly name = 'stripe';
  constructor(private readonly stripe: Stripe) {}

  async openCheckout(
    purchase: OpenPurchase,
    options: { successUrl: string; cancelUrl: string; customerEmail?: string | undefined; lifetimeSeconds: number },
  ): Promise<OpenedCheckout> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
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
                unit_amount: purchase.amount_minor,
                product_data: { name: `${purchase.tokens.toLocaleString('en-GB')} TMT (${purchase.package_name})` },
              },
            },
          ],
          ...(options.customerEmail ? { customer_email: options.customerEmail } : {}),
          expires_at: Math.floor(Date.now() / 1000) + options.lifetimeSeconds,
          success_url: options.successUrl,
          cancel_url: options.cancelUrl,
        },
        // A retried request must not open a second session for the same purchase.
        { idempotencyKey: `purchase-${purchase.id}` },
      );
    } catch (err) {
      throw new ProviderUnavailable('Stripe did not create the Checkout Session', err);
    }
    if (!session.url) throw new ProviderUnavailable('Stripe returned a Checkout Session without a page');
    return {
      sessionId: session.id,
      url: session.url,
      expiresAt: typeof session.expires_at === 'number' ? new Date(session.expires_at * 1000) : null,
    };
  }

  async checkoutState(sessionId: string): Promise<CheckoutState> {
    try {
      return stateOf(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (err) {
      throw new ProviderUnavailable('Stripe did not answer for the Checkout Session', err);
    }
  }

  async expireCheckout(sessionId: string): Promise<CheckoutState> {
    try {
      return stateOf(await this.stripe.checkout.sessions.expire(sessionId));
    } catch {
      // Stripe expires only open sessions: it was paid or lapsed in the meantime. Ask what it is now.
      return this.checkoutState(sessionId);
    }
  }
}

const providers = new WeakMap<Stripe, StripeCheckout>();

/** Stripe Checkout for this configuration; undefined when purchases are off (no secret key). */
export function stripeCheckout(config: Config): CheckoutProvider | undefined {
  const stripe = stripeClient(config);
  if (!stripe) return undefined;
  let provider = providers.get(stripe);
  if (!provider) providers.set(stripe, (provider = new StripeCheckout(stripe)));
  return provider;
}
