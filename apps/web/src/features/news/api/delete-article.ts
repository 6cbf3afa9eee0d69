// Delete one article. Asks for the deleted id back so that "nothing deleted" (not allowed, or
// already gone) is reported as a failure instead of a silent success.
import { i18n } from '@/lib/i18n/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { newsKeys } from './keys';

export async function deleteArticle(id: string): Promise<void> {
  const rows = unwrap(await supabase.from('news_articles').delete().eq('id', id).select('id'));
  if (!rows || rows.length === 0) throw new AppError(i18n._('Failed to delete article'));
}

export function useDeleteArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSettled: () => qc.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
