// POST /functions/v1/paystack-webhook — Paystack's events (decision 0154). The raw body's
// x-paystack-signature (HMAC-SHA512 with the secret key) is checked before anything is read.
//   charge.success: credits only after the server's own verify call (GET /transaction/verify/:ref)
//     says success, and with the amount and currency of the purchase row (apply_provider_payment);
//     a replayed or repeated event finds the purchase credited and moves nothing.
//   refund.processed: takes back the refunded share of the tokens (debt when already spent), each
//     refund once by its id.
//   charge.dispute.create / charge.dispute.resolve: holds the dispute's share of the tokens, and
//     releases it when Paystack resolves the dispute for us (declined) or keeps it when the
//     merchant accepted it — as Stripe's disputes are settled (decision 0141).
// Other events are acknowledged and ignored.
import { z } from 'zod';
import { isPgError, withRequestContext } from '@tagledger/db';
import { applyReport } from '../payments/apply-report.js';
import { ProviderUnavailable } from '../payments/checkout-provider.js';
import { fromHundredths } from '../payments/money.js';
import { paystack } from '../payments/paystack.js';
import { paystackSignatureValid } from '../payments/paystack-client.js';
import { FunctionError } from './errors.js';
import type { ServerFunction } from './types.js';

const text = z.string().min(1).max(100);
const amount = z.union([
  z.number().int().min(0),
  z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
]);
const id = z.union([z.number().int(), text]).transform(String);

const eventSchema = z.object({ event: z.string().max(100), data: z.record(z.string(), z.unknown()) });
const chargeData = z.object({ reference: text });
const refundData = z.object({
  transaction_reference: text,
  amount,
  currency: z.string().max(10),
  id: id.optional(),
  refund_reference: z.string().max(100).nullable().optional(),
});
const disputeData = z.object({
  id,
  currency: z.string().max(10),
  refund_amount: amount.nullable().optional(),
  resolution: z.string().max(100).nullable().optional(),
  transaction: z.object({ reference: text, amount }),
});

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

function invalid(message: string): FunctionError {
  return new FunctionError(400, message, { code: 'invalid_event' });
}

export const paystackWebhook: ServerFunction<'paystack-webhook'> = {
  name: 'paystack-webhook',
  // Paystack sends no JWT: the signature is the authentication.
  verifyJwt: false,
  bodyLimit: 256 * 1024,
  async handler({ ctx, req, rawBody }) {
    if (req.method !== 'POST') throw new FunctionError(405, 'Use POST', { code: 'method_not_allowed' });
    const provider = paystack(ctx.config);
    const secret = ctx.config.paystack.secretKey;
    if (!provider || !secret) {
      throw new FunctionError(503, 'Paystack is not enabled on this server', { code: 'purchases_disabled' });
    }
    const signature = req.headers['x-paystack-signature'];
    if (typeof signature !== 'string' || !rawBody?.length || !paystackSignatureValid(rawBody, signature, secret)) {
      throw new FunctionError(400, 'A Paystack event signed with x-paystack-signature is required', {
        code: 'invalid_signature',
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw invalid('The event is not JSON');
    }
    const event = eventSchema.safeParse(body);
    if (!event.success) throw invalid('The event has no event name or data');
    const { event: type, data } = event.data;

    if (type === 'charge.success') {
      const charge = chargeData.safeParse(data);
      if (!charge.success) throw invalid('The event’s data.reference is missing');
      // The event says a charge succeeded; only Paystack's answer to our own call decides.
      let report;
      try {
        report = await provider.report(charge.data.reference);
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err;
        req.log.warn({ err: err.cause ?? err, reference: charge.data.reference }, 'paystack verify failed');
        // Paystack redelivers events answered with an error.
        throw new FunctionError(502, 'Paystack could not be reached to verify the payment', {
          code: 'provider_unavailable',
        });
      }
      const applied = await applyReport(ctx, req.log, 'paystack', charge.data.reference, report);
      if (applied.outcome.startsWith('rejected')) {
        req.log.warn({ reference: charge.data.reference, outcome: applied.outcome }, 'paystack charge refused');
      }
      return { received: true, outcome: applied.outcome };
    }

    let call: [string, string, bigint | number | null, string, string | null, string] | undefined;
    if (type === 'refund.processed') {
      const refund = refundData.safeParse(data);
      if (!refund.success) throw invalid(`The event's ${refund.error.issues[0]?.path.join('.')} is malformed`);
      const r = refund.data;
      const minor = fromHundredths(r.amount, r.currency);
      if (minor === null) throw invalid('The refund amount is not a whole amount of its currency');
      const key = `refund:${r.id ?? r.refund_reference ?? `${r.transaction_reference}:${r.amount}`}`;
      call = [r.transaction_reference, 'refund', minor, r.currency, null, key];
    } else if (type === 'charge.dispute.create' || type === 'charge.dispute.resolve') {
      const dispute = disputeData.safeParse(data);
      if (!dispute.success) throw invalid(`The event's ${dispute.error.issues[0]?.path.join('.')} is malformed`);
      const d = dispute.data;
      const minor = fromHundredths(d.refund_amount || d.transaction.amount, d.currency);
      if (minor === null) throw invalid('The disputed amount is not a whole amount of its currency');
      let kind = 'dispute_open';
      if (type === 'charge.dispute.resolve') {
        // Paystack: "merchant-accepted" gives the money back to the payer; "declined" keeps it with us.
        if (d.resolution === 'merchant-accepted') kind = 'dispute_lost';
        else if (d.resolution === 'declined') kind = 'dispute_won';
        else return { received: true, outcome: 'ignored_dispute_status' };
      }
      call = [d.transaction.reference, kind, minor, d.currency, d.id, `${type}:${d.id}`];
    }
    if (!call) return { received: true, outcome: 'ignored_type' };

    try {
      const applied = await withRequestContext(
        ctx.db,
        service,
        async (tx) =>
          (
            await tx.query<{ r: { outcome: string } }>(
              `select private.apply_provider_reversal('paystack', $1, $2, $3, $4, $5, $6) as r`,
              call,
            )
          ).rows[0]!.r,
      );
      return { received: true, outcome: applied.outcome };
    } catch (err) {
      if (isPgError(err) && err.code === '22023') throw invalid(err.message);
      throw err;
    }
  },
};
