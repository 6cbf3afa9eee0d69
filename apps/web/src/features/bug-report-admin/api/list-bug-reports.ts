// One page of bug reports, newest first, with search and filters applied by the database, paged by
// cursor (decision 0169): the reports after the last one shown by time and id, one more than the
// page to know whether a next page exists, and no count — a deep page reads what it shows from the
// index (created_at desc, id desc), or (status | priority, created_at desc, id desc) when filtered.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageCursor } from '@tagledger/functions-api';
import { toAppError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { sanitizeSearch } from '../lib/search';
import { bugReportKeys } from './keys';
import { BUG_PAGE_SIZE, SUMMARY_COLUMNS, type BugReportFilters, type BugReportSummary } from './types';

export interface BugReportsPage {
  rows: BugReportSummary[];
  /** Where the page after this one starts; null on the last page. */
  next: PageCursor | null;
}

export async function listBugReports(f: BugReportFilters, after: PageCursor | null): Promise<BugReportsPage> {
  let query = supabase.from('bug_reports').select(SUMMARY_COLUMNS);
  if (f.status) query = query.eq('status', f.status);
  if (f.priority) query = query.eq('priority', f.priority);
  const term = sanitizeSearch(f.search);
  if (term) {
    const like = `*${term}*`;
    query = query.or(
      ['error_message', 'user_email', 'user_name', 'page_url'].map((c) => `${c}.ilike.${like}`).join(','),
    );
  }
  if (after) {
    // (created_at, id) < (after): the range bound lets the index start at the cursor's time, and
    // the or() (ANDed with the search's) orders the reports of that same instant by id.
    query = query.lte('created_at', after.k).or(`created_at.lt.${JSON.stringify(after.k)},id.lt.${after.id}`);
  }
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(BUG_PAGE_SIZE + 1);
  if (error) throw toAppError(error);
  const all = (data ?? []) as BugReportSummary[];
  const rows = all.slice(0, BUG_PAGE_SIZE);
  const last = rows.at(-1);
  return { rows, next: all.length > BUG_PAGE_SIZE && last ? { k: last.created_at, id: last.id } : null };
}

export const bugReportsQueryOptions = (f: BugReportFilters, after: PageCursor | null) =>
  queryOptions({
    queryKey: bugReportKeys.list(f, after),
    queryFn: () => listBugReports(f, after),
    placeholderData: keepPreviousData,
  });

export function useBugReports(f: BugReportFilters, after: PageCursor | null, enabled: boolean) {
  return useQuery({ ...bugReportsQueryOptions(f, after), enabled });
}
