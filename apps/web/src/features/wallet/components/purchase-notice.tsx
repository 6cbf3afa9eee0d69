// What the wallet says after returning from checkout (?purchase=<id>&checkout=success|cancelled):
// pending until the webhook has credited the purchase, then the tokens added, what of them paid a
// debt, and the new balance. After a cancel, the server first confirms it with the provider
// (cancel-checkout): "cancelling" meanwhile, "cancelled" once it is, a retry if it could not ask.
// A mobile-money request (?checkout=phone) waits for the payer to approve it on their phone.
import type { PurchaseStatus, TokenPurchase } from '../api/purchases';
import { Button } from '@/components/ui/button';
import { formatMoney, formatTmt } from '@/utils/format';
import { i18n } from '@/lib/i18n/i18n';

/** The server confirming a cancel with the provider: under way, or failed with a message. */
export type CancelState = { state: 'working' } | { state: 'failed'; message: string; onRetry(): void };

export interface PurchaseNoticeProps {
  checkout: 'success' | 'cancelled' | 'phone';
  purchase: TokenPurchase | undefined;
  balance: number | undefined;
  cancel?: CancelState | undefined;
}

const ENDED: Partial<Record<PurchaseStatus, string>> = {
  failed: /*i18n*/ 'The payment failed',
  expired: /*i18n*/ 'The checkout expired',
};
const NOT_COMPLETED = /*i18n*/ 'The payment was not completed';

export function PurchaseNotice({ checkout, purchase, balance, cancel }: PurchaseNoticeProps) {
  const box = 'rounded-md border px-4 py-3 text-sm';
  const status = purchase?.status;
  if (status === 'cancelled' || (checkout === 'cancelled' && status === 'expired')) {
    return (
      <div role="status" className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
        {i18n._('Checkout was cancelled. Nothing was charged.')}
      </div>
    );
  }
  if (checkout === 'cancelled' && status === 'pending' && cancel?.state === 'failed') {
    return (
      <div
        role="alert"
        className={`${box} flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50 text-red-800`}
      >
        <span>
          {i18n._('We could not confirm the cancellation with the payment provider: {message}', {
            message: cancel.message,
          })}
        </span>
        <Button variant="outline" size="sm" onClick={cancel.onRetry}>
          {i18n._('Try again')}
        </Button>
      </div>
    );
  }
  if (checkout === 'cancelled' && (!purchase || status === 'pending') && cancel?.state === 'working') {
    return (
      <div role="status" className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
        {i18n._('Cancelling your checkout…')}
      </div>
    );
  }
  if (checkout === 'phone' && purchase && status === 'pending') {
    return (
      <div role="status" className={`${box} border-amber-200 bg-amber-50 text-amber-900`}>
        {i18n._(
          'Approve the payment of {amount} on your phone ({phone}). Your tokens are added as soon as MTN confirms it; this page updates by itself.',
          { amount: formatMoney(purchase.amount_minor, purchase.currency), phone: purchase.payer_phone ?? '' },
        )}
      </div>
    );
  }
  if (checkout === 'phone' && status === 'expired') {
    return (
      <div role="alert" className={`${box} border-red-200 bg-red-50 text-red-800`}>
        {i18n._('The request was not approved within 5 minutes. Nothing was charged; you can try again.')}
      </div>
    );
  }
  if (!purchase || status === 'pending') {
    return (
      <div role="status" className={`${box} border-amber-200 bg-amber-50 text-amber-900`}>
        {i18n._(
          'Purchase pending: your tokens are added as soon as the payment is confirmed. This page updates by itself.',
        )}
      </div>
    );
  }
  if (purchase.paid_at) {
    const tokens = formatTmt(purchase.tokens);
    const added =
      purchase.debt_settled > 0
        ? i18n._('{tokens} added to your wallet; {settled} of it paid what you owed.', {
            tokens,
            settled: formatTmt(purchase.debt_settled),
          })
        : i18n._('{tokens} added to your wallet.', { tokens });
    return (
      <div role="status" className={`${box} border-green-200 bg-green-50 text-green-900`}>
        {added}
        {balance !== undefined && i18n._(' Your balance is now {formatTmt}.', { formatTmt: formatTmt(balance) })}
      </div>
    );
  }
  return (
    <div role="alert" className={`${box} border-red-200 bg-red-50 text-red-800`}>
      {i18n._('{reason}. Nothing was added to your wallet.', {
        reason: i18n._(ENDED[purchase.status] ?? NOT_COMPLETED),
      })}
    </div>
  );
}
