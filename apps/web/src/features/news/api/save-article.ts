// Create (as the signed-in admin) or update an article and its versions in one call
// (save_news_article), and publish or unpublish every version of an article at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import type { Json } from '@tagledger/db/types';
import { newsKeys } from './keys';
import type { ArticleInput, NewsStatus } from './types';

export async function saveArticle(id: string | null, input: ArticleInput): Promise<string> {
  const result = await supabase.rpc('save_news_article', {
    p_id: id,
    p_category: input.news_category,
    p_image_url: input.image_url,
    p_versions: input.versions as unknown as Json,
  });
  return unwrap(result) as string;
}

/** Sets the status of every version the article has; returns the new status. */
export async function setArticleStatus(id: string, status: NewsStatus): Promise<NewsStatus> {
  const rows = unwrap(
    await supabase.from('news_article_versions').update({ status }).eq('article_id', id).select('language'),
  );
  if (!rows || rows.length === 0) throw new AppError('Failed to update article status');
  return status;
}

export function useSaveArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: ArticleInput }) => saveArticle(v.id ?? null, v.input),
    onSettled: () => qc.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useSetPublished() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; isPublished: boolean }) =>
      setArticleStatus(v.id, v.isPublished ? 'published' : 'draft'),
    onSettled: () => qc.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
