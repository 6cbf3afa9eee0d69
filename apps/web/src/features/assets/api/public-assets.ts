// The public gallery and public detail: rpcs that return only what owners chose to share.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrapJson } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
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
  const row = unwrapJson<PublicAsset | null>(await supabase.rpc('get_public_asset', { p_asset_id: id }));
  if (!row) throw new AppError('This asset is not public or does not exist.', { status: 404 });
  return row;
}
export function usePublicAsset(id: string) {
  return useQuery({ queryKey: assetKeys.publicDetail(id), queryFn: () => fetchPublicAsset(id), retry: false });
}
