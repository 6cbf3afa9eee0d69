// Applies what a provider reported about a payment — always a report the server read from the
// provider itself (Paystack's verify call, MTN's request-to-pay status), never the notification's
// own claim — through the database functions that credit once and check amount and currency
// against the purchase row (migration 20261127001300). A credit sends the receipt, in the currency
// paid. The notification key is the report's state and the provider's reference, so the webhook,
// the callback and the polling job reporting the same outcome apply it once.
import { withRequestContext } from '@tagledger/db';
import type { AppContext } from '../shared/context.js';
import type { PaymentReport } from './provider.js';
import { sendReceipt } from './receipt.js';

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export interface Applied {
  outcome: string;
  purchase_id: string | null;
}

export async function applyReport(
  ctx: AppContext,
  log: { error(obj: object, msg: string): void },
  provider: 'paystack' | 'mtn_momo',
  reference: string,
  report: PaymentReport,
): Promise<Applied> {
  if (report.state === 'pending') return { outcome: 'awaiting_payment', purchase_id: null };
  if (report.state === 'expired') {
    return withRequestContext(ctx.db, service, async (tx) => {
      const { rows } = await tx.query<{ id: string; status: string }>(
        `select p.id, private.close_token_purchase(p.id, null, 'expired') as status
           from public.token_purchases p where p.provider = $1 and p.provider_reference = $2`,
        [provider, reference],
      );
      return rows[0]
        ? {
            outcome: rows[0].status === 'expired' ? 'expired' : `ignored_status_${rows[0].status}`,
            purchase_id: rows[0].id,
          }
        : { outcome: 'rejected_unknown_purchase', purchase_id: null };
    });
  }
  const applied = await withRequestContext(
    ctx.db,
    service,
    async (tx) =>
      (
        await tx.query<{ r: Applied }>('select private.apply_provider_payment($1, $2, $3, $4, $5, $6, $7) as r', [
          provider,
          reference,
          report.state,
          report.state === 'successful' ? report.amountMinor : null,
          report.state === 'successful' ? report.currency : null,
          report.state === 'successful' ? report.paymentId || null : null,
          `${report.state}:${reference}`,
        ])
      ).rows[0]!.r,
  );
  if (applied.outcome === 'credited' && applied.purchase_id) {
    // The credit is committed; a mail failure must not undo or repeat it.
    await sendReceipt(ctx, applied.purchase_id).catch((err: unknown) =>
      log.error({ err, purchase: applied.purchase_id }, 'receipt mail failed'),
    );
  }
  return applied;
}
