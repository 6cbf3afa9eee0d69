// Revenue on the admin dashboard: gross, refunds, net, and income per day for the last 30 days,
// drawn like the sign-ups chart (inline SVG bars with titles and a text summary).
import { format, parseISO } from 'date-fns';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/features/wallet/lib/packages';
import type { RevenueStats } from '../api/payments';

const WIDTH = 600;
const HEIGHT = 160;
const PAD_BOTTOM = 2;

export function RevenueChart({ data, currency }: { data: RevenueStats['by_day']; currency: string }) {
  const max = Math.max(1, ...data.map((d) => d.gross_minor));
  const total = data.reduce((s, d) => s + d.gross_minor, 0);
  const slot = data.length ? WIDTH / data.length : WIDTH;
  const label = `Gross revenue per day, last ${data.length} days: ${formatMoney(total, currency)} in total.`;
  return (
    <figure className="w-full">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-40 w-full" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - PAD_BOTTOM} x2={WIDTH} y2={HEIGHT - PAD_BOTTOM} stroke="#cbd5e1" strokeWidth="1" />
        {data.map((d, i) => {
          const h = ((HEIGHT - PAD_BOTTOM - 4) * d.gross_minor) / max;
          return (
            <rect
              key={d.day}
              data-testid="revenue-bar"
              x={i * slot + slot * 0.15}
              y={HEIGHT - PAD_BOTTOM - h}
              width={slot * 0.7}
              height={Math.max(h, 0)}
              rx="2"
              className="fill-green-600"
            >
              <title>{`${format(parseISO(d.day), 'MMM d')}: ${formatMoney(d.gross_minor, currency)}${d.refunds_minor ? `, refunds ${formatMoney(d.refunds_minor, currency)}` : ''}`}</title>
            </rect>
          );
        })}
      </svg>
      {data.length > 0 && (
        <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{format(parseISO(data[0]!.day), 'MMM d')}</span>
          <span>{format(parseISO(data[data.length - 1]!.day), 'MMM d')}</span>
        </div>
      )}
    </figure>
  );
}

export function RevenueCard({ stats }: { stats: RevenueStats }) {
  const figures: [string, string][] = [
    ['Gross', formatMoney(stats.gross_minor, stats.currency)],
    ['Refunds', formatMoney(stats.refunds_minor, stats.currency)],
    ['Net', formatMoney(stats.net_minor, stats.currency)],
    ['Paid purchases', stats.paid_count.toLocaleString('en-GB')],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Revenue</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Revenue figures">
          {figures.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs text-slate-500">{k}</dt>
              <dd className="text-lg font-semibold text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        {stats.disputed_minor > 0 && (
          <p className="text-sm text-red-700">{formatMoney(stats.disputed_minor, stats.currency)} is disputed or was lost in disputes.</p>
        )}
        <RevenueChart data={stats.by_day} currency={stats.currency} />
      </CardContent>
    </Card>
  );
}
