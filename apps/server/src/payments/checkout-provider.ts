// What the server asks of a payment provider's hosted checkout, whichever provider it is: open one
// for a pending purchase, say what became of it, and end it while it is still open. The answers
// come from the provider's API over the server's own credentials — never from the browser, whose
// return URL (success or cancel) only says where the buyer clicked. Crediting is not here: each
// provider credits only through its own verified notification (Stripe: functions/stripe-webhook.ts).
//
// Stripe is the one provider today (stripe-checkout.ts); another (issue 32) implements the same
// interface and is chosen per purchase.

/** A purchase the server has opened (private.open_token_purchase), as the checkout needs it. */
export interface OpenPurchase {
  id: string;
  user_id: string;
  package_name: string;
  tokens: number;
  amount_minor: number;
  currency: string;
}

export interface OpenedCheckout {
  /** The provider's id for this checkout (a Stripe Checkout Session id). */
  sessionId: string;
  /** The page the buyer is sent to. */
  url: string;
  /** When the provider stops accepting payment for it, as the provider says. */
  expiresAt: Date | null;
}

/**
 * open: the buyer can still pay; complete: they paid, or a delayed payment is under way (the
 * provider's notification decides); expired: it can no longer be paid.
 */
export type CheckoutState = 'open' | 'complete' | 'expired';

export interface CheckoutProvider {
  readonly name: string;
  openCheckout(
    purchase: OpenPurchase,
    options: { successUrl: string; cancelUrl: string; customerEmail?: string | undefined; lifetimeSeconds: number },
  ): Promise<OpenedCheckout>;
  /** What the provider says about a checkout now. */
  checkoutState(sessionId: string): Promise<CheckoutState>;
  /** Ends an open checkout so that it can no longer be paid; answers its state afterwards. */
  expireCheckout(sessionId: string): Promise<CheckoutState>;
}

/** The provider could not be reached or refused the call: the caller answers 502 or retries later. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

/**
 * How long a checkout stays payable. Stripe accepts 30 minutes to 24 hours; an hour is ample to
 * pay, and a purchase nobody finishes shows as expired the same hour instead of the next day.
 */
export const CHECKOUT_LIFETIME_SECONDS = 60 * 60;
