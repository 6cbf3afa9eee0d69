// Distinct categories of published articles, sorted (RPC published_news_categories). A failure
// is only logged (SPEC §8): the screens then work with no extra categories.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { newsKeys } from './keys';

export async function getPublishedCategories(): Promise<string[]> {
  const { data, error } = await supabase.rpc('published_news_categories');
  if (error) {
    console.error('Failed to load news categories:', error.message);
    return [];
  }
  return (data as string[] | null) ?? [];
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: newsKeys.categories(), queryFn: getPublishedCategories });

export function usePublishedCategories(enabled = true) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
