// Published articles, newest first, optionally in one category — page by page (SPEC §7).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { newsKeys } from './keys';
import { ARTICLE_SELECT, NEWS_PAGE_SIZE, type NewsArticle } from './types';

export async function getPublishedArticles(category: string | null, page: number): Promise<NewsArticle[]> {
  let query = supabase.from('news_articles').select(ARTICLE_SELECT).eq('is_published', true);
  if (category) query = query.eq('news_category', category);
  const from = page * NEWS_PAGE_SIZE;
  const result = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + NEWS_PAGE_SIZE - 1);
  // language and status are checked by the database (en|fr, draft|published).
  return unwrap(result) as NewsArticle[];
}

export const publishedArticlesQueryOptions = (category: string | null) =>
  infiniteQueryOptions({
    queryKey: newsKeys.published(category),
    queryFn: ({ pageParam }) => getPublishedArticles(category, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: NewsArticle[], pages) => (last.length < NEWS_PAGE_SIZE ? undefined : pages.length),
  });

export function usePublishedArticles(category: string | null, enabled: boolean) {
  return useInfiniteQuery({ ...publishedArticlesQueryOptions(category), enabled });
}
