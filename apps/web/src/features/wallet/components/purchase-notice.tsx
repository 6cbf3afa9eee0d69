// What the wallet says after returning from checkout (?purchase=<id>&checkout=success|cancelled):
// pending until the webhook has credited the purchase, then the tokens added and the new balance.
import type { TokenPurchase } from '../api/purchases';
import { formatTmt } from '@/utils/format';
import { i18n } from '@/lib/i18n/i18n';

export interface PurchaseNoticeProps {
  checkout: 'success' | 'cancelled';
  purchase: TokenPurchase | undefined;
  balance: number | undefined;
}

export function PurchaseNotice({ checkout, purchase, balance }: PurchaseNoticeProps) {
  const box = 'rounded-md border px-4 py-3 text-sm';
  if (checkout === 'cancelled' && purchase?.status !== 'paid') {
    return (
      <div role="status" className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
        {i18n._('Checkout was cancelled. Nothing was charged.')}
      </div>
    );
  }
  if (!purchase || purchase.status === 'pending') {
    return (
      <div role="status" className={`${box} border-amber-200 bg-amber-50 text-amber-900`}>
        {i18n._(
          'Purchase pending: your tokens are added as soon as the payment is confirmed. This page updates by itself.',
        )}
      </div>
    );
  }
  if (purchase.status === 'paid') {
    return (
      <div role="status" className={`${box} border-green-200 bg-green-50 text-green-900`}>
        {formatTmt(purchase.tokens)} {i18n._('added to your wallet.')}
        {balance !== undefined && i18n._(' Your balance is now {formatTmt}.', { formatTmt: formatTmt(balance) })}
      </div>
    );
  }
  return (
    <div role="alert" className={`${box} border-red-200 bg-red-50 text-red-800`}>
      {i18n._('The payment was not completed (')}
      {purchase.status}
      {i18n._('). Nothing was added to your wallet.')}
    </div>
  );
}
