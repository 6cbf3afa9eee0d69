// Published / draft counts for the management counters, counted by the database (head requests
// with count=exact), never from the loaded page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { newsKeys } from './keys';

export interface ArticleCounts {
  published: number;
  drafts: number;
  total: number;
}

async function countWhere(isPublished: boolean): Promise<number> {
  const { count, error } = await supabase
    .from('news_articles')
    .select('id', { count: 'exact', head: true })
    .eq('is_published', isPublished);
  if (error) throw toAppError(error);
  return count ?? 0;
}

export async function getArticleCounts(): Promise<ArticleCounts> {
  const [published, drafts] = await Promise.all([countWhere(true), countWhere(false)]);
  return { published, drafts, total: published + drafts };
}

export const articleCountsQueryOptions = () => queryOptions({ queryKey: newsKeys.counts(), queryFn: getArticleCounts });

export function useArticleCounts(enabled: boolean) {
  return useQuery({ ...articleCountsQueryOptions(), enabled });
}
