// POST /functions/v1/stripe-webhook — the only path that credits purchased tokens. The raw
// body's signature is checked with STRIPE_WEBHOOK_SECRET (300 s tolerance) before anything is
// read from it; the event is then applied by private.apply_stripe_event in one transaction,
// which is idempotent by event id and by purchase and checks the session against the purchase
// row (reference product flaws P1, P3, P4).
import type Stripe from 'stripe';
import { withRequestContext } from '../db/request-context.js';
import { sendReceipt } from '../payments/receipt.js';
import { stripeClient } from '../payments/stripe-client.js';
import type { ServerFunction } from './types.js';

const SIGNATURE_TOLERANCE_SECONDS = 300;

export const stripeWebhook: ServerFunction = {
  name: 'stripe-webhook',
  // Stripe sends no JWT: the signature is the authentication.
  verifyJwt: false,
  bodyLimit: 512 * 1024,
  async handler({ ctx, req, reply, rawBody }) {
    if (req.method !== 'POST') {
      return reply.code(405).send({ code: 'method_not_allowed', error: 'Use POST' });
    }
    const stripe = stripeClient(ctx.config);
    const secret = ctx.config.stripe.webhookSecret;
    if (!stripe || !secret) {
      return reply.code(503).send({ code: 'purchases_disabled', error: 'Token purchases are not enabled on this server' });
    }
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature || !rawBody?.length) {
      return reply.code(400).send({ code: 'invalid_signature', error: 'A signed Stripe event is required' });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      return reply.code(400).send({ code: 'invalid_signature', error: 'The Stripe signature is invalid or too old' });
    }
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object || typeof object !== 'object') {
      return reply.code(400).send({ code: 'invalid_event', error: 'The event has no id, type or object' });
    }
    const result = await withRequestContext(ctx.db, { role: 'service_role', claims: { role: 'service_role' } }, async (tx) =>
      (await tx.query<{ r: { outcome: string; purchase_id: string | null } }>(
        'select private.apply_stripe_event($1, $2, $3::jsonb) as r',
        [event.id, event.type, JSON.stringify(object)],
      )).rows[0]!.r,
    );
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
