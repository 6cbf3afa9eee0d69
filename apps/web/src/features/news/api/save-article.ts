// Create (as the signed-in admin) or update an article, returning the row with its author.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { newsKeys } from './keys';
import { ARTICLE_SELECT, type ArticleInput, type NewsArticle } from './types';

export async function createArticle(input: ArticleInput, authorId: string): Promise<NewsArticle> {
  const result = await supabase
    .from('news_articles')
    .insert({ ...input, author_id: authorId })
    .select(ARTICLE_SELECT)
    .single();
  return unwrap(result);
}

export async function updateArticle(id: string, input: Partial<ArticleInput>): Promise<NewsArticle> {
  const result = await supabase.from('news_articles').update(input).eq('id', id).select(ARTICLE_SELECT).single();
  return unwrap(result);
}

export function useSaveArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: ArticleInput; authorId: string }) =>
      v.id ? updateArticle(v.id, v.input) : createArticle(v.input, v.authorId),
    onSettled: () => qc.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useSetPublished() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; isPublished: boolean }) => updateArticle(v.id, { is_published: v.isPublished }),
    onSettled: () => qc.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
