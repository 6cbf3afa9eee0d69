// Revenue on the admin dashboard: gross, refunds, net, and income per day for the last 30 days,
// drawn by the shared daily bar chart.
import { parseISO } from 'date-fns';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DailyBarChart } from '@/components/ui/daily-bar-chart';
import { formatMoney } from '@/utils/format';
import type { RevenueStats } from '../api/payments';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate, intlLocale } from '@/lib/i18n/format';

export function RevenueChart({ data, currency }: { data: RevenueStats['by_day']; currency: string }) {
  const total = data.reduce((s, d) => s + d.gross_minor, 0);
  const bars = data.map((d) => ({
    day: d.day,
    value: d.gross_minor,
    title: `${formatDate(parseISO(d.day), { year: false })}: ${formatMoney(d.gross_minor, currency)}${d.refunds_minor ? i18n._(', refunds {formatMoney}', { formatMoney: formatMoney(d.refunds_minor, currency) }) : ''}`,
  }));
  return (
    <DailyBarChart
      bars={bars}
      label={i18n._('Gross revenue per day, last {length} days: {formatMoney} in total.', {
        length: data.length,
        formatMoney: formatMoney(total, currency),
      })}
      barTestId="revenue-bar"
      barClassName="fill-green-600"
    />
  );
}

export function RevenueCard({ stats }: { stats: RevenueStats }) {
  const figures: [string, string][] = [
    [i18n._('Gross'), formatMoney(stats.gross_minor, stats.currency)],
    [i18n._('Refunds'), formatMoney(stats.refunds_minor, stats.currency)],
    [i18n._('Net'), formatMoney(stats.net_minor, stats.currency)],
    [i18n._('Paid purchases'), stats.paid_count.toLocaleString(intlLocale())],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Revenue')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={i18n._('Revenue figures')}>
          {figures.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs text-slate-500">{k}</dt>
              <dd className="text-lg font-semibold text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        {stats.disputed_minor > 0 && (
          <p className="text-sm text-red-700">
            {formatMoney(stats.disputed_minor, stats.currency)} {i18n._('is disputed or was lost in disputes.')}
          </p>
        )}
        <RevenueChart data={stats.by_day} currency={stats.currency} />
      </CardContent>
    </Card>
  );
}
