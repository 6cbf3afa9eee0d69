// The full report (console logs, metadata, notes) for the detail view.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { bugReportKeys } from './keys';
import type { BugReport } from './types';

export async function getBugReport(id: string): Promise<BugReport> {
  return unwrap(await supabase.from('bug_reports').select('*').eq('id', id).single()) as BugReport;
}

export const bugReportQueryOptions = (id: string) =>
  queryOptions({ queryKey: bugReportKeys.detail(id), queryFn: () => getBugReport(id) });

export function useBugReport(id: string | null) {
  return useQuery({ ...bugReportQueryOptions(id ?? ''), enabled: id !== null });
}
