// Reports per status, counted in SQL (RPC bug_report_status_counts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { bugReportKeys } from './keys';
import { BUG_STATUSES, type BugStatus } from './types';

export type StatusCounts = Record<BugStatus, number> & { total: number };

export async function getStatusCounts(): Promise<StatusCounts> {
  const rows = unwrap(await supabase.rpc('bug_report_status_counts')) as Array<{
    status: BugStatus;
    count: number | string;
  }>;
  const counts = { total: 0 } as StatusCounts;
  for (const s of BUG_STATUSES) counts[s] = 0;
  for (const r of rows ?? []) {
    counts[r.status] = Number(r.count);
    counts.total += Number(r.count);
  }
  return counts;
}

export const statusCountsQueryOptions = () =>
  queryOptions({ queryKey: bugReportKeys.counts(), queryFn: getStatusCounts });

export function useStatusCounts(enabled: boolean) {
  return useQuery({ ...statusCountsQueryOptions(), enabled });
}
