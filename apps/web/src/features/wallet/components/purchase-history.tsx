// Purchase history: status of each purchase and, for paid ones, the receipt (the same lines as
// the e-mailed receipt: reference, date, package, tokens, amount, VAT when configured).
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { PurchaseStatus, TokenPurchase } from '../api/purchases';
import { formatMoney } from '@/utils/format';
import { includedVatMinor } from '../lib/packages';
import { formatTmt } from '@/utils/format';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate, formatDateTime } from '@/lib/i18n/format';

const STATUS: Record<PurchaseStatus, { label: string; tone: NonNullable<BadgeProps['tone']> }> = {
  pending: { label: /*i18n*/ 'Pending', tone: 'warning' },
  paid: { label: /*i18n*/ 'Paid', tone: 'success' },
  failed: { label: /*i18n*/ 'Failed', tone: 'danger' },
  expired: { label: /*i18n*/ 'Expired', tone: 'neutral' },
  cancelled: { label: /*i18n*/ 'Cancelled', tone: 'neutral' },
  refunded: { label: /*i18n*/ 'Refunded', tone: 'info' },
  disputed: { label: /*i18n*/ 'Disputed', tone: 'danger' },
};

function Receipt({ purchase, vatPercent }: { purchase: TokenPurchase; vatPercent: number | null }) {
  const rows: [string, string][] = [
    [i18n._('Reference'), purchase.reference],
    [i18n._('Date'), formatDate(purchase.paid_at!)],
    [i18n._('Package'), purchase.package_name],
    [i18n._('Tokens'), formatTmt(purchase.tokens)],
    [i18n._('Amount paid'), formatMoney(purchase.amount_minor, purchase.currency)],
  ];
  if (vatPercent)
    rows.push([
      i18n._('Includes VAT at {vatPercent}%', { vatPercent }),
      formatMoney(includedVatMinor(purchase.amount_minor, vatPercent), purchase.currency),
    ]);
  if (purchase.debt_settled > 0) rows.push([i18n._('Of which paid a debt'), formatTmt(purchase.debt_settled)]);
  if (purchase.amount_refunded_minor > 0)
    rows.push([i18n._('Refunded'), formatMoney(purchase.amount_refunded_minor, purchase.currency)]);
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-blue-700">{i18n._('Receipt')}</summary>
      <dl
        className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1"
        aria-label={i18n._('Receipt {reference}', { reference: purchase.reference })}
      >
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function PurchaseHistory({ purchases, vatPercent }: { purchases: TokenPurchase[]; vatPercent: number | null }) {
  if (purchases.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Purchases')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm" aria-label={i18n._('Purchases')}>
          {purchases.map((p) => (
            <li key={p.id} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {formatTmt(p.tokens)} · {formatMoney(p.amount_minor, p.currency)}
                </span>
                <Badge tone={STATUS[p.status].tone}>{i18n._(STATUS[p.status].label)}</Badge>
              </div>
              <p className="text-slate-500">
                {formatDateTime(p.created_at)} · {p.reference}
              </p>
              {p.paid_at && <Receipt purchase={p} vatPercent={vatPercent} />}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
