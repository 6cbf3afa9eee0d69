// The public gallery and public detail: rpcs that return only what owners chose to share.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrapJson } from '@/lib/api-error';

// supabase-js loads on first use, not with the screen: the pages paint and hydrate from their
// prerendered frames without it, and it cannot load in the build-time render (src/prerender.tsx).
const client = () => import('@/lib/supabase');
if (typeof window !== 'undefined') void client().catch(() => undefined);
import { assetKeys } from './keys';
import type { AssetKind, MediaKind, Page, PublicAsset } from './types';

export interface PublicFilters {
  query: string;
  kind: AssetKind | '';
  media: MediaKind | '';
  sort: 'created_at' | 'title';
  ascending: boolean;
  page: number;
  pageSize: number;
}

export async function searchPublicAssets(f: PublicFilters): Promise<Page<PublicAsset>> {
  const { supabase } = await client();
  return unwrapJson<Page<PublicAsset>>(
    await supabase.rpc('search_public_assets', {
      p_query: f.query.trim() || undefined,
      p_kind: f.kind || undefined,
      p_media: f.media || undefined,
      p_sort: f.sort,
      p_ascending: f.ascending,
      p_limit: f.pageSize,
      p_offset: f.page * f.pageSize,
    }),
  );
}

export const publicAssetsQueryOptions = (f: PublicFilters) =>
  queryOptions({
    queryKey: assetKeys.publicList(f),
    queryFn: () => searchPublicAssets(f),
    placeholderData: keepPreviousData,
  });
export function usePublicAssets(f: PublicFilters) {
  return useQuery(publicAssetsQueryOptions(f));
}

export async function fetchPublicAsset(id: string): Promise<PublicAsset> {
  const { supabase } = await client();
  const row = unwrapJson<PublicAsset | null>(await supabase.rpc('get_public_asset', { p_asset_id: id }));
  if (!row) throw new AppError('This asset is not public or does not exist.', { status: 404 });
  return row;
}
export function usePublicAsset(id: string) {
  return useQuery({ queryKey: assetKeys.publicDetail(id), queryFn: () => fetchPublicAsset(id), retry: false });
}
