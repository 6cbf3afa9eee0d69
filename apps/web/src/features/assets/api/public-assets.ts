// The public gallery and public detail: one function call each (server: functions/public-assets.ts)
// answers only what owners chose to share, with the short-lived URLs of the files shown, so a page
// fills with one request (issue 18).
import { i18n } from '@/lib/i18n/i18n';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/api-error';
import { assetKeys } from './keys';
import { commonListRequest, type CommonListFilters } from './list-request';
import type { Page, PublicAsset } from './types';

// call-function (and supabase-js) loads with the first request, which the page makes once hydrated:
// the pages paint and hydrate from their prerendered frames without it, it cannot load in the
// build-time render (src/prerender.tsx), and loading it during hydration would update the auth
// provider under a screen still hydrating (see verify-serial.ts).
const api = () => import('@/lib/call-function');

/** The file URLs expire after 5 minutes (public-asset-media's rule); the data is re-read before. */
const URL_REFRESH_MS = 4 * 60 * 1000;

export type PublicFilters = CommonListFilters<'created_at' | 'title'>;

/** A page of the gallery and, by media id, the URL of each card's first file. */
export type PublicAssetsResult = Page<PublicAsset> & { urls: Record<string, string> };

export async function searchPublicAssets(f: PublicFilters): Promise<PublicAssetsResult> {
  const { callFunction } = await api();
  const res = await callFunction('public-assets', commonListRequest(f));
  return { ...res.page, urls: res.urls };
}

export const publicAssetsQueryOptions = (f: PublicFilters) =>
  queryOptions({
    queryKey: assetKeys.publicList(f),
    queryFn: () => searchPublicAssets(f),
    placeholderData: keepPreviousData,
    staleTime: URL_REFRESH_MS,
    refetchInterval: URL_REFRESH_MS,
  });
export function usePublicAssets(f: PublicFilters) {
  return useQuery(publicAssetsQueryOptions(f));
}

/** One public asset and, by media id, its files' URLs. */
export interface PublicAssetResult {
  asset: PublicAsset;
  urls: Record<string, string>;
}

export async function fetchPublicAsset(id: string): Promise<PublicAssetResult> {
  const { callFunction } = await api();
  const res = await callFunction('public-asset', { assetId: id });
  if (!res.asset) throw new AppError(i18n._('This asset is not public or does not exist.'), { status: 404 });
  return { asset: res.asset, urls: res.urls };
}
export function usePublicAsset(id: string) {
  return useQuery({
    queryKey: assetKeys.publicDetail(id),
    queryFn: () => fetchPublicAsset(id),
    retry: false,
    staleTime: URL_REFRESH_MS,
    refetchInterval: URL_REFRESH_MS,
  });
}
