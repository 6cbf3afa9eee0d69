// Scan analytics for the business: scans per day (chart), per product, the most scanned units, the
// flagged ones (more than 10 different scanners today and yesterday, UTC days, decision 0173;
// serials never issued), with a CSV export of those four tables, and the serials other brands also
// use (decision 0140).
import type { ReactNode } from 'react';
import { DailyBarChart } from '@/components/ui/daily-bar-chart';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';
import type { ScanAnalytics } from '../api/analytics';
import { toCsv } from '@/utils/csv';
import { downloadFile } from '@/lib/download-file';

const REASONS = {
  many_scans: /*i18n*/ 'More than 10 different scanners today and yesterday (UTC)',
  never_issued: /*i18n*/ 'Serial never issued',
};

export function analyticsCsv(a: ScanAnalytics): string {
  return toCsv(
    ['section', 'day_or_name', 'serial', 'detail', 'scans'],
    [
      ...a.daily.map((d) => ['day', d.day, '', '', d.count]),
      ...a.products.map((p) => ['product', p.name, '', p.gtin ?? '', p.count]),
      ...a.top_units.map((u) => ['top_unit', u.product, u.serial, u.status, u.count]),
      ...a.flagged.map((f) => ['flagged', f.product ?? '', f.serial, f.reason, f.count]),
    ],
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-900">{caption}</caption>
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            {head.map((h) => (
              <th key={h} className="py-1 pr-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export function ScanAnalyticsView({ analytics }: { analytics: ScanAnalytics }) {
  const a = analytics;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg text-slate-900" data-testid="scan-total">
          {i18n._('{count, plural, one {# scan} other {# scans}} in the last {days} days', {
            count: a.total,
            days: a.days,
          })}
        </p>
        <Button
          variant="outline"
          onClick={() => downloadFile(`scan-analytics-${a.days}d.csv`, analyticsCsv(a), 'text/csv')}
        >
          {i18n._('Export CSV')}
        </Button>
      </div>
      <Card>
        <CardContent>
          <DailyBarChart
            bars={a.daily.map((d) => ({ day: d.day, value: d.count }))}
            label={i18n._('Scans per day: {total} in {days, plural, one {# day} other {# days}}', {
              total: a.total,
              days: a.days,
            })}
            barTestId="scan-day-bar"
            barClassName="fill-blue-600"
            caption={i18n._('Scans per day')}
          />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardContent>
            <Table caption={i18n._('Scans per product')} head={[i18n._('Product'), i18n._('Scans')]}>
              {a.products.length === 0 ? (
                <tr>
                  <td colSpan={2} className="py-2 text-slate-500">
                    {i18n._('No scans yet.')}
                  </td>
                </tr>
              ) : (
                a.products.map((p) => (
                  <tr key={p.product_id}>
                    <td className="py-1 pr-3">{p.name}</td>
                    <td className="py-1">{formatNumber(p.count)}</td>
                  </tr>
                ))
              )}
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Table caption={i18n._('Most scanned units')} head={[i18n._('Serial'), i18n._('Product'), i18n._('Scans')]}>
              {a.top_units.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-2 text-slate-500">
                    {i18n._('No scans yet.')}
                  </td>
                </tr>
              ) : (
                a.top_units.map((u) => (
                  <tr key={u.unit_id}>
                    <td className="py-1 pr-3 font-mono">{u.serial}</td>
                    <td className="py-1 pr-3">{u.product}</td>
                    <td className="py-1">{formatNumber(u.count)}</td>
                  </tr>
                ))
              )}
            </Table>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardContent>
          <Table
            caption={i18n._('Flagged units')}
            head={[i18n._('Serial'), i18n._('Product'), i18n._('Why'), i18n._('Scans')]}
          >
            {a.flagged.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-2 text-slate-500">
                  {i18n._('Nothing suspicious.')}
                </td>
              </tr>
            ) : (
              a.flagged.map((f) => (
                <tr key={`${f.reason}-${f.serial}-${f.gtin ?? ''}-${f.product ?? ''}`}>
                  <td className="py-1 pr-3 font-mono">
                    {f.serial}
                    {f.gtin ? <span className="block text-xs text-slate-500">{f.gtin}</span> : null}
                  </td>
                  <td className="py-1 pr-3">{f.product ?? '—'}</td>
                  <td className="py-1 pr-3">
                    <Badge tone="warning">{i18n._(REASONS[f.reason])}</Badge>
                  </td>
                  <td className="py-1">{formatNumber(f.count)}</td>
                </tr>
              ))
            )}
          </Table>
        </CardContent>
      </Card>
      {a.shared_serials.length > 0 && (
        <Card data-testid="shared-serials">
          <CardContent className="space-y-3">
            <Table
              caption={i18n._('Serials other brands also use')}
              head={[i18n._('Serial'), i18n._('Product'), i18n._('Other brands')]}
            >
              {a.shared_serials.map((s) => (
                <tr key={`${s.serial}-${s.product}`}>
                  <td className="py-1 pr-3 font-mono">{s.serial}</td>
                  <td className="py-1 pr-3">{s.product}</td>
                  <td className="py-1">{formatNumber(s.other_brands)}</td>
                </tr>
              ))}
            </Table>
            <p className="text-sm text-slate-600">
              {i18n._(
                'Visitors checked these serials at /verify and found them on other brands’ items too, so the page lists every brand that issued them and the moderators look at them. Labels with your GTIN (the QR code of the GS1 form) name your product and are never ambiguous.',
              )}
            </p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
