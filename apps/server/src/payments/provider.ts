// The one interface every payment provider implements (decision 0154): start a payment for a
// purchase the server opened (its price read from the package in the database), say what the
// provider reports about it now — read over the server's own credentials, never taken from the
// browser or from an unverified notification — and refund it where the provider allows. Each
// provider's notifications arrive at their own server function (stripe-webhook, paystack-webhook,
// mtn-momo-callback), which verifies them and then applies them through the database functions
// that credit once (private.apply_stripe_event, private.apply_provider_payment).
import type { Config } from '../config/index.js';
import { ProviderUnavailable, type OpenPurchase } from './checkout-provider.js';
import { mtnMomo } from './mtn-momo.js';
import { paystack } from './paystack.js';
import { stripePayments } from './stripe-payments.js';

export type ProviderName = 'stripe' | 'paystack' | 'mtn_momo';

export interface StartOptions {
  /** Where the buyer comes back to after a hosted page. */
  returnUrl: string;
  cancelUrl: string;
  customerEmail?: string | undefined;
  /** The payer's number in E.164 form (mobile money). */
  payerPhone?: string | undefined;
  lifetimeSeconds: number;
}

export interface StartedPayment {
  /** The provider's id for this payment (Stripe session, Paystack reference, MTN X-Reference-Id). */
  reference: string;
  /** The hosted page the buyer is sent to; null when the payer approves elsewhere (on their phone). */
  redirectUrl: string | null;
  /** When the provider stops accepting payment for it. */
  expiresAt: Date | null;
}

/** What the provider reports about a payment now. Amounts in the currency's minor unit. */
export type PaymentReport =
  | { state: 'pending' }
  | { state: 'failed' | 'expired'; reason?: string | undefined }
  | { state: 'successful'; amountMinor: number; currency: string; paymentId: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Currencies it takes, lower-case ISO 4217 codes; 'package' for each package's own (Stripe). */
  readonly currencies: readonly string[] | 'package';
  start(purchase: OpenPurchase, options: StartOptions): Promise<StartedPayment>;
  /** What the provider says about the payment now (ProviderUnavailable when it does not answer). */
  report(reference: string): Promise<PaymentReport>;
  /**
   * Asks the provider to return the money of a paid purchase; tokens are taken back when the
   * provider's refund notification arrives. Undefined for providers that cannot refund.
   */
  refund?(payment: { reference: string; paymentId: string | null }): Promise<void>;
}

/** The providers this server is configured for, in the order the wallet offers them. */
export function paymentProviders(config: Config): PaymentProvider[] {
  return [stripePayments(config), paystack(config), mtnMomo(config)].filter((p): p is PaymentProvider => !!p);
}

export function paymentProvider(config: Config, name: string): PaymentProvider | undefined {
  return paymentProviders(config).find((p) => p.name === name);
}

export { ProviderUnavailable };
