// Every article (drafts too), newest first, page by page — admins only; RLS decides (SPEC §7).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { newsKeys } from './keys';
import { ARTICLE_SELECT, NEWS_PAGE_SIZE, type NewsArticle } from './types';

export const ADMIN_PAGE_SIZE = NEWS_PAGE_SIZE * 2;

export async function getAdminArticles(page: number): Promise<NewsArticle[]> {
  const from = page * ADMIN_PAGE_SIZE;
  const result = await supabase
    .from('news_articles')
    .select(ARTICLE_SELECT)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  // language and status are checked by the database (en|fr, draft|published).
  return unwrap(result) as NewsArticle[];
}

export const adminArticlesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: newsKeys.admin(),
    queryFn: ({ pageParam }) => getAdminArticles(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: NewsArticle[], pages) => (last.length < ADMIN_PAGE_SIZE ? undefined : pages.length),
  });

export function useAdminArticles(enabled: boolean) {
  return useInfiniteQuery({ ...adminArticlesQueryOptions(), enabled });
}
