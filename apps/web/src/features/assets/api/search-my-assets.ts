// The signed-in user's assets, one page at a time, with each card's picture: one call of the
// my-assets function (server: functions/my-assets.ts), which reads search_my_assets as the caller
// (RLS limits it to their own assets) and signs each card's first file in the same round trip, so
// the first photo starts downloading one request after the screen asks (issue 29).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { callFunction } from '@/lib/call-function';
import { userFileUrl } from '@/lib/user-files';
import { assetKeys } from './keys';
import { myAssetsRequest } from './first-requests';
import type { CommonListFilters } from './list-request';
import type { Asset, AssetPrivacy, Page } from './types';

/** The files' URLs work for 5 minutes (the function's rule): the page is read again before. */
const URL_REFRESH_MS = 4 * 60 * 1000;

export interface AssetFilters extends CommonListFilters<'created_at' | 'title' | 'value'> {
  privacy: AssetPrivacy | '';
  status?: Asset['status'] | '';
}

/** A page of the caller's assets and, by object name, the URL of each card's first file. */
export type MyAssetsResult = Page<Asset> & { urls: Record<string, string> };

export async function searchMyAssets(f: AssetFilters): Promise<MyAssetsResult> {
  const res = await callFunction('my-assets', myAssetsRequest(f));
  const urls: Record<string, string> = {};
  for (const [name, url] of Object.entries(res.urls)) urls[name] = userFileUrl(url);
  // The rows are search_my_assets' own, typed by the database (./types) rather than the contract.
  return { ...(res.page as unknown as Page<Asset>), urls };
}

export const myAssetsQueryOptions = (userId: string | undefined, f: AssetFilters) =>
  queryOptions({
    queryKey: assetKeys.list(userId, f),
    queryFn: () => searchMyAssets(f),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    staleTime: URL_REFRESH_MS,
    refetchInterval: URL_REFRESH_MS,
  });

export function useMyAssets(f: AssetFilters) {
  const { user } = useAuth();
  return useQuery(myAssetsQueryOptions(user?.id, f));
}
