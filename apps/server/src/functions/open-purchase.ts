// What create-checkout-session (Stripe's hosted checkout) and create-payment (any provider,
// decision 0154) both do around a provider: open the pending purchase at the database's price,
// hand it to the provider in the provider's terms, and send the buyer back to the wallet.
import type { Queryable } from '@tagledger/db';
import type { FastifyRequest } from 'fastify';
import type { Identity as Principal } from '../shared/identify.js';
import type { AppContext } from '../shared/context.js';
import type { OpenPurchase } from '../payments/checkout-provider.js';
import { FunctionError } from './errors.js';

/** A row of private.open_token_purchase or private.open_provider_purchase (bigints come as text). */
export interface PurchaseRow {
  id: string;
  user_id: string;
  package_name: string;
  tokens: string;
  amount_minor: string;
  currency: string;
  reference: string;
}

/** Opens a purchase of the package in its own currency at its own price (the card checkout's). */
export async function openTokenPurchase(tx: Queryable, userId: string, packageId: string): Promise<PurchaseRow> {
  return (await tx.query<PurchaseRow>('select * from private.open_token_purchase($1, $2)', [userId, packageId]))
    .rows[0]!;
}

/**
 * Opens the purchase; the database's "no such row" (P0002: the package is not on sale, or not in
 * that currency) answers 404 package_not_found with the given message.
 */
export async function openPurchaseOr404(open: () => Promise<PurchaseRow>, notFound: string): Promise<PurchaseRow> {
  try {
    return await open();
  } catch (err) {
    if ((err as { code?: string }).code === 'P0002') {
      throw new FunctionError(404, notFound, { code: 'package_not_found' });
    }
    throw err;
  }
}

/** The purchase as a provider is given it. */
function forProvider(purchase: PurchaseRow): OpenPurchase {
  return {
    id: purchase.id,
    user_id: purchase.user_id,
    package_name: purchase.package_name,
    tokens: Number(purchase.tokens),
    amount_minor: Number(purchase.amount_minor),
    currency: purchase.currency,
  };
}

/**
 * Where the provider sends the buyer back: the wallet, which shows the purchase; after a cancel it
 * asks cancel-checkout to end the purchase (after asking the provider).
 */
function walletReturnUrls(ctx: AppContext, purchaseId: string): { success: string; cancelled: string } {
  const returnUrl = `${ctx.config.siteUrl}/wallet?purchase=${purchaseId}`;
  return { success: `${returnUrl}&checkout=success`, cancelled: `${returnUrl}&checkout=cancelled` };
}

/** The signed-in buyer's user id; anyone else is asked to sign in. */
export function buyerId(principal: Principal): string {
  if (principal.role !== 'authenticated' || !principal.userId) {
    throw new FunctionError(401, 'Sign in to buy tokens', { code: 'not_signed_in' });
  }
  return principal.userId;
}

/** Opening a purchase costs a provider call each; a person needs few. Both functions count together. */
const PURCHASES_PER_HOUR = { limit: 30, windowSeconds: 3600 };

export async function limitPurchaseAttempts(ctx: AppContext, userId: string): Promise<void> {
  if (!(await ctx.rateLimiter.hit(`checkout:${userId}`, PURCHASES_PER_HOUR))) {
    throw new FunctionError(429, 'Too many checkout attempts. Please try again later.', { code: 'rate_limited' });
  }
}

/** The caller's e-mail address from the token, to fill in the provider's payment page. */
function callerEmail(principal: Principal): string | undefined {
  return typeof principal.claims.email === 'string' && principal.claims.email ? principal.claims.email : undefined;
}

/** What a provider is given to start a purchase's payment. */
export interface PaymentStart {
  /** The purchase in the provider's terms. */
  purchase: OpenPurchase;
  /** Where the provider sends the buyer back: the wallet (walletReturnUrls). */
  back: { success: string; cancelled: string };
  /** The caller's e-mail address, to fill in the provider's payment page. */
  customerEmail: string | undefined;
}

/**
 * Asks the provider to start the purchase's payment. When it cannot be reached the purchase stays
 * pending without a reference, the expiry job closes it (decision 0141), and the buyer is told to
 * try again.
 */
export async function startAtProvider<T>(
  ctx: AppContext,
  req: FastifyRequest,
  principal: Principal,
  purchase: PurchaseRow,
  failure: { message: string; log: Record<string, unknown> },
  start: (payment: PaymentStart) => Promise<T>,
): Promise<T> {
  const payment = {
    purchase: forProvider(purchase),
    back: walletReturnUrls(ctx, purchase.id),
    customerEmail: callerEmail(principal),
  };
  try {
    return await start(payment);
  } catch (err) {
    req.log.warn({ err, ...failure.log }, failure.message);
    throw new FunctionError(502, 'The payment provider could not be reached. Please try again.', {
      code: 'provider_unavailable',
    });
  }
}
