// Published / draft counts for the management counters, counted by the database (count=exact),
// never from the loaded page. A GET of zero rows rather than a HEAD request: supabase-js never
// reads the (empty) body of a HEAD answer, so Chromium reports each one as an aborted request.
// The count arrives in Content-Range either way.
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
    .select('id', { count: 'exact' })
    .eq('is_published', isPublished)
    .limit(0);
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
