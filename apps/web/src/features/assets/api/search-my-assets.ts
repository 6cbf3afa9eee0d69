// The signed-in user's assets, one page at a time (search_my_assets: RLS limits it to the caller).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import type { PageCursor } from '@tagledger/functions-api';
import type { Asset, AssetKind, AssetPrivacy, MediaKind, Page } from './types';

export interface AssetFilters {
  query: string;
  kind: AssetKind | '';
  privacy: AssetPrivacy | '';
  media: MediaKind | '';
  status?: string;
  sort: 'created_at' | 'title' | 'value';
  ascending: boolean;
  /** Where the page starts: the previous page's `next`, null for the first (decision 0165). */
  after: PageCursor | null;
  pageSize: number;
}

export async function searchMyAssets(f: AssetFilters): Promise<Page<Asset>> {
  return unwrap(
    await supabase.rpc('search_my_assets', {
      p_query: f.query.trim() || undefined,
      p_kind: f.kind || undefined,
      p_privacy: f.privacy || undefined,
      p_media: f.media || undefined,
      p_status: f.status || undefined,
      p_sort: f.sort,
      p_ascending: f.ascending,
      p_limit: f.pageSize,
      p_after: f.after ?? undefined,
    }),
  );
}

export const myAssetsQueryOptions = (userId: string | undefined, f: AssetFilters) =>
  queryOptions({
    queryKey: assetKeys.list(userId, f),
    queryFn: () => searchMyAssets(f),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export function useMyAssets(f: AssetFilters) {
  const { user } = useAuth();
  return useQuery(myAssetsQueryOptions(user?.id, f));
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    search_my_assets: Page<Asset>;
  }
}
