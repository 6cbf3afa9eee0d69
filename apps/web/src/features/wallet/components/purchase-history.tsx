// Purchase history: status of each purchase and, for paid ones, the receipt (the same lines as
// the e-mailed receipt: reference, date, package, tokens, amount, VAT when configured).
import { format } from 'date-fns';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { PurchaseStatus, TokenPurchase } from '../api/purchases';
import { formatMoney, includedVatMinor } from '../lib/packages';
import { formatTmt } from '../lib/format';

const STATUS: Record<PurchaseStatus, { label: string; tone: NonNullable<BadgeProps['tone']> }> = {
  pending: { label: 'Pending', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'info' },
  disputed: { label: 'Disputed', tone: 'danger' },
};

function Receipt({ purchase, vatPercent }: { purchase: TokenPurchase; vatPercent: number | null }) {
  const rows: [string, string][] = [
    ['Reference', purchase.reference],
    ['Date', format(new Date(purchase.paid_at!), 'd MMM yyyy')],
    ['Package', purchase.package_name],
    ['Tokens', formatTmt(purchase.tokens)],
    ['Amount paid', formatMoney(purchase.amount_minor, purchase.currency)],
  ];
  if (vatPercent) rows.push([`Includes VAT at ${vatPercent}%`, formatMoney(includedVatMinor(purchase.amount_minor, vatPercent), purchase.currency)]);
  if (purchase.amount_refunded_minor > 0) rows.push(['Refunded', formatMoney(purchase.amount_refunded_minor, purchase.currency)]);
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-blue-700">Receipt</summary>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1" aria-label={`Receipt ${purchase.reference}`}>
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
        <CardTitle>Purchases</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Purchases">
          {purchases.map((p) => (
            <li key={p.id} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {formatTmt(p.tokens)} · {formatMoney(p.amount_minor, p.currency)}
                </span>
                <Badge tone={STATUS[p.status].tone}>{STATUS[p.status].label}</Badge>
              </div>
              <p className="text-slate-500">
                {format(new Date(p.created_at), 'd MMM yyyy, HH:mm')} · {p.reference}
              </p>
              {p.paid_at && <Receipt purchase={p} vatPercent={vatPercent} />}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
