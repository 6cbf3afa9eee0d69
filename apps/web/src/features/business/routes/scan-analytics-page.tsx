// /business/analytics — scans of the business's labels over 7, 30 or 90 days.
import { useState } from 'react';
import { PageMeta } from '@/components/page-meta';
import { FormField } from '@/components/ui/form-field';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { Select } from '@/components/ui/select';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { useScanAnalytics } from '../api/analytics';
import { BusinessNav } from '../components/business-nav';
import { ScanAnalyticsView } from '../components/scan-analytics-view';

export default function ScanAnalyticsPage() {
  const [days, setDays] = useState(30);
  const analytics = useScanAnalytics(days);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Scan analytics')} />
      <BusinessNav />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Scan analytics')}</h1>
        <FormField label={i18n._('Period')} className="w-48 space-y-1">
          <Select value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
            <option value="7">{i18n._('Last 7 days')}</option>
            <option value="30">{i18n._('Last 30 days')}</option>
            <option value="90">{i18n._('Last 90 days')}</option>
          </Select>
        </FormField>
      </div>
      <div className="mt-6">
        {analytics.isLoading ? (
          <LoadingBlock label={i18n._('Loading...')} />
        ) : analytics.isError ? (
          <ErrorRetry message={toAppError(analytics.error).message} onRetry={() => void analytics.refetch()} />
        ) : (
          <ScanAnalyticsView analytics={analytics.data!} />
        )}
      </div>
    </div>
  );
}
