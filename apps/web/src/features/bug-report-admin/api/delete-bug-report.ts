// Deletes a report and its stored screenshot: the object first (so no screenshot outlives its
// report), then the row — both allowed to admins only by RLS.
import { i18n } from '@/lib/i18n/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, toAppError, unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { SCREENSHOT_BUCKET } from './get-screenshot-url';
import { bugReportKeys } from './keys';

export async function deleteBugReport(report: { id: string; screenshot_path: string | null }): Promise<void> {
  if (report.screenshot_path) {
    const { error } = await supabase.storage.from(SCREENSHOT_BUCKET).remove([report.screenshot_path]);
    if (error) throw toAppError(error);
  }
  const rows = unwrap(await supabase.from('bug_reports').delete().eq('id', report.id).select('id'));
  if (!rows || rows.length === 0) throw new AppError(i18n._('Failed to delete bug report'));
}

export function useDeleteBugReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteBugReport,
    onSettled: () => qc.invalidateQueries({ queryKey: bugReportKeys.all }),
  });
}
