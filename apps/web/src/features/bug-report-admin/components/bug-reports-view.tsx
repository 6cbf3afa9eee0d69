// The /bug-reports listing (admins): counts by status, search, status and priority filters and a
// list paged by cursor (Previous, "Page n", Next; decision 0169), driven by props.
import { Camera } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { Select } from '@/components/ui/select';
import type { StatusCounts } from '../api/get-status-counts';
import {
  BUG_PRIORITIES,
  BUG_STATUSES,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type BugReportFilters,
  type BugReportSummary,
} from '../api/types';
import { PriorityBadge, StatusBadge } from './status-badges';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';

export interface BugReportsViewProps {
  counts: StatusCounts | undefined;
  filters: BugReportFilters;
  /** New filters or search: the owner starts again at page 1. */
  onFiltersChange(next: BugReportFilters): void;
  rows: BugReportSummary[];
  /** Zero-based page shown, and whether one comes after it. */
  page: number;
  hasNext: boolean;
  onPage(page: number): void;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  onOpen(report: BugReportSummary): void;
}

export function BugReportsView(p: BugReportsViewProps) {
  const set = (patch: Partial<BugReportFilters>) => p.onFiltersChange({ ...p.filters, ...patch });
  const stats: Array<[string, number | undefined]> = [
    [i18n._('Total'), p.counts?.total],
    ...BUG_STATUSES.map((s) => [i18n._(STATUS_LABELS[s]), p.counts?.[s]] as [string, number | undefined]),
  ];

  let list;
  if (p.loading) {
    list = <LoadingBlock label={i18n._('Loading bug reports...')} />;
  } else if (p.error !== null) {
    list = <ErrorRetry message={p.error} onRetry={p.onRetry} />;
  } else if (p.rows.length === 0) {
    list = (
      <EmptyState
        title={i18n._('No bug reports found')}
        description={i18n._('Reports sent with the Report a Bug button appear here.')}
      />
    );
  } else {
    list = (
      <ul className="divide-y divide-slate-200">
        {p.rows.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              onClick={() => p.onOpen(r)}
              className="flex w-full flex-col gap-1 px-5 py-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <span className="flex flex-wrap items-center gap-2">
                <PriorityBadge priority={r.priority} />
                <StatusBadge status={r.status} />
                {r.screenshot_path && (
                  <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                    <Camera className="h-3.5 w-3.5" aria-hidden="true" /> {i18n._('Screenshot available')}
                  </span>
                )}
              </span>
              <span className="line-clamp-2 font-medium text-slate-900">{r.error_message}</span>
              <span className="text-xs text-slate-500">
                {[r.user_name, r.user_email, r.page_url].filter(Boolean).join(' · ')} ·{' '}
                <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{i18n._('Bug Reports')}</h1>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {stats.map(([label, value]) => (
          <Card key={label} className="px-4 py-3">
            <p className="text-xs text-slate-600">{label}</p>
            <p className="text-xl font-bold text-slate-900" data-testid={`bug-count-${label}`}>
              {value ?? '–'}
            </p>
          </Card>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto]">
        <Input
          type="search"
          aria-label={i18n._('Search bug reports')}
          placeholder={i18n._('Search description, e-mail, name or page')}
          value={p.filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <Select
          aria-label={i18n._('Filter by status')}
          value={p.filters.status}
          onChange={(e) => set({ status: e.target.value as BugReportFilters['status'] })}
          placeholder={i18n._('All statuses')}
          options={BUG_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
        />
        <Select
          aria-label={i18n._('Filter by priority')}
          value={p.filters.priority}
          onChange={(e) => set({ priority: e.target.value as BugReportFilters['priority'] })}
          placeholder={i18n._('All priorities')}
          options={[...BUG_PRIORITIES].reverse().map((s) => ({ value: s, label: i18n._(PRIORITY_LABELS[s]) }))}
        />
      </div>
      <Card>{list}</Card>
      <Pager page={p.page} hasNext={p.hasNext} onPage={p.onPage} className="" />
    </div>
  );
}
