// POST /functions/v1/stripe-webhook — the only path that credits purchased tokens. The raw
// body's signature is checked with STRIPE_WEBHOOK_SECRET (300 s tolerance) before anything is
// read from it; the fields the database reads are then checked for their documented types
// (payments/stripe-events.ts: a malformed event is a 400, never a 500), and the event is applied
// by private.apply_stripe_event in one transaction, which is idempotent by event id and by
// purchase and checks the session against the purchase row (reference product flaws P1, P3, P4).
import type Stripe from 'stripe';
import { isPgError, withRequestContext } from '@tagledger/db';
import { sendReceipt } from '../payments/receipt.js';
import { stripeClient } from '../payments/stripe-client.js';
import { malformedEventField } from '../payments/stripe-events.js';
import { FunctionError } from './errors.js';
import type { ServerFunction } from './types.js';

/** SQLSTATEs of a field the database could not read as its type (apply_stripe_event's own checks). */
const MALFORMED_FIELD = new Set(['22023', '22P02', '22003']);

const SIGNATURE_TOLERANCE_SECONDS = 300;

export const stripeWebhook: ServerFunction<'stripe-webhook'> = {
  name: 'stripe-webhook',
  // Stripe sends no JWT: the signature is the authentication.
  verifyJwt: false,
  bodyLimit: 512 * 1024,
  async handler({ ctx, req, rawBody }) {
    if (req.method !== 'POST') {
      throw new FunctionError(405, 'Use POST', { code: 'method_not_allowed' });
    }
    const stripe = stripeClient(ctx.config);
    const secret = ctx.config.stripe.webhookSecret;
    if (!stripe || !secret) {
      throw new FunctionError(503, 'Token purchases are not enabled on this server', { code: 'purchases_disabled' });
    }
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature || !rawBody?.length) {
      throw new FunctionError(400, 'A signed Stripe event is required', { code: 'invalid_signature' });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      throw new FunctionError(400, 'The Stripe signature is invalid or too old', { code: 'invalid_signature' });
    }
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object || typeof object !== 'object') {
      throw new FunctionError(400, 'The event has no id, type or object', { code: 'invalid_event' });
    }
    const malformed = malformedEventField(event.type, object);
    if (malformed) {
      req.log.warn({ event: event.id, type: event.type, field: malformed }, 'stripe event with a malformed field');
      throw new FunctionError(400, `The event's ${malformed} is missing or not of its documented type`, {
        code: 'invalid_event',
      });
    }
    let result: { outcome: string; purchase_id: string | null };
    try {
      result = await withRequestContext(
        ctx.db,
        { role: 'service_role', claims: { role: 'service_role' } },
        async (tx) =>
          (
            await tx.query<{ r: { outcome: string; purchase_id: string | null } }>(
              'select private.apply_stripe_event($1, $2, $3::jsonb) as r',
              [event.id, event.type, JSON.stringify(object)],
            )
          ).rows[0]!.r,
      );
    } catch (err) {
      // Nothing was recorded (the transaction rolled back), so a corrected delivery still applies.
      if (isPgError(err) && err.code && MALFORMED_FIELD.has(err.code)) {
        req.log.warn({ event: event.id, type: event.type, err: err.message }, 'stripe event refused by the database');
        throw new FunctionError(400, err.message, { code: 'invalid_event' });
      }
      throw err;
    }
    if (result.outcome.startsWith('rejected')) {
      req.log.warn({ event: event.id, type: event.type, outcome: result.outcome }, 'stripe event refused');
    }
    if (result.outcome === 'credited' && result.purchase_id) {
      // The credit is committed; a mail failure must not make Stripe redeliver the event.
      await sendReceipt(ctx, result.purchase_id).catch((err: unknown) =>
        req.log.error({ err, purchase: result.purchase_id }, 'receipt mail failed'),
      );
    }
    return { received: true, outcome: result.outcome };
  },
};
