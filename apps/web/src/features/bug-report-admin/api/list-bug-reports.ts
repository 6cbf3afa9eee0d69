// One page of bug reports, newest first, with search and filters applied by the database and the
// total matching count (count=exact) for the pager.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { sanitizeSearch } from '../lib/search';
import { bugReportKeys } from './keys';
import { BUG_PAGE_SIZE, SUMMARY_COLUMNS, type BugReportFilters, type BugReportSummary } from './types';

export async function listBugReports(f: BugReportFilters): Promise<{ rows: BugReportSummary[]; total: number }> {
  let query = supabase.from('bug_reports').select(SUMMARY_COLUMNS, { count: 'exact' });
  if (f.status) query = query.eq('status', f.status);
  if (f.priority) query = query.eq('priority', f.priority);
  const term = sanitizeSearch(f.search);
  if (term) {
    const like = `*${term}*`;
    query = query.or(
      ['error_message', 'user_email', 'user_name', 'page_url'].map((c) => `${c}.ilike.${like}`).join(','),
    );
  }
  const from = f.page * BUG_PAGE_SIZE;
  const { data, count, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + BUG_PAGE_SIZE - 1);
  if (error) throw toAppError(error);
  return { rows: (data ?? []) as BugReportSummary[], total: count ?? 0 };
}

export const bugReportsQueryOptions = (f: BugReportFilters) =>
  queryOptions({
    queryKey: bugReportKeys.list(f),
    queryFn: () => listBugReports(f),
    placeholderData: keepPreviousData,
  });

export function useBugReports(f: BugReportFilters, enabled: boolean) {
  return useQuery({ ...bugReportsQueryOptions(f), enabled });
}
