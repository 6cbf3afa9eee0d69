// Revenue on the admin dashboard: gross, refunds, net, and income per day for the last 30 days,
// drawn by the shared daily bar chart.
import { format, parseISO } from 'date-fns';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DailyBarChart } from '@/components/ui/daily-bar-chart';
import { formatMoney } from '@/features/wallet/lib/packages';
import type { RevenueStats } from '../api/payments';

export function RevenueChart({ data, currency }: { data: RevenueStats['by_day']; currency: string }) {
  const total = data.reduce((s, d) => s + d.gross_minor, 0);
  const bars = data.map((d) => ({
    day: d.day,
    value: d.gross_minor,
    title: `${format(parseISO(d.day), 'MMM d')}: ${formatMoney(d.gross_minor, currency)}${d.refunds_minor ? `, refunds ${formatMoney(d.refunds_minor, currency)}` : ''}`,
  }));
  return (
    <DailyBarChart
      bars={bars}
      label={`Gross revenue per day, last ${data.length} days: ${formatMoney(total, currency)} in total.`}
      barTestId="revenue-bar"
      barClassName="fill-green-600"
    />
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
