// The fields of a verified Stripe event that private.apply_stripe_event reads, with the types
// Stripe's API reference documents for them. A signature proves who sent an event, not that every
// field has its type; a field that does not is answered 400 (invalid_event) before the database
// is asked, and moves nothing. The database checks the same fields again (stripe_minor,
// stripe_text in migration 20261127000400).
import { z } from 'zod';

/** An amount in the currency's minor unit: a whole number, at most 15 digits. */
const minor = z.number().int().min(0).max(999_999_999_999_999);
const id = z.string().min(1).max(255);
const optionalText = z.string().max(255).nullable().optional();

const session = z.object({
  id,
  client_reference_id: optionalText,
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  amount_total: minor.nullable().optional(),
  currency: optionalText,
  payment_status: optionalText,
  payment_intent: optionalText,
});
/** A completed or succeeded session must say what was paid. */
const paidSession = session.extend({ amount_total: minor, currency: z.string().max(255) });

const charge = z.object({
  payment_intent: optionalText,
  amount_refunded: minor,
  currency: z.string().max(255),
});

const dispute = z.object({
  id,
  payment_intent: optionalText,
  amount: minor,
  currency: z.string().max(255),
  status: z.string().max(255),
});

function schemaFor(type: string): z.ZodType | undefined {
  if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') return paidSession;
  if (type.startsWith('checkout.session.')) return session;
  if (type === 'charge.refunded') return charge;
  if (type === 'charge.dispute.created' || type === 'charge.dispute.closed') return dispute;
  return undefined;
}

/** The first field of the event's object that is missing or of the wrong type, or undefined when all are right. */
export function malformedEventField(type: string, object: object): string | undefined {
  const parsed = schemaFor(type)?.safeParse(object);
  if (!parsed || parsed.success) return undefined;
  return parsed.error.issues[0]?.path.join('.') || 'object';
}
