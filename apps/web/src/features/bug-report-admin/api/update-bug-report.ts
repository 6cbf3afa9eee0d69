// Admins change status, priority and notes (the only columns the API lets them write).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { bugReportKeys } from './keys';
import type { BugPriority, BugReport, BugStatus } from './types';

export type BugReportChanges = Partial<{ status: BugStatus; priority: BugPriority; admin_notes: string | null }>;

export async function updateBugReport(id: string, changes: BugReportChanges): Promise<BugReport> {
  return unwrap(await supabase.from('bug_reports').update(changes).eq('id', id).select('*').single()) as BugReport;
}

export function useUpdateBugReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; changes: BugReportChanges }) => updateBugReport(v.id, v.changes),
    onSuccess: (row) => qc.setQueryData(bugReportKeys.detail(row.id), row),
    onSettled: () => qc.invalidateQueries({ queryKey: bugReportKeys.all }),
  });
}
