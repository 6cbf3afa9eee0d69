// Signed URLs for files of public assets, by media id (object names stay on the server).
import { useQuery } from '@tanstack/react-query';
import { assetKeys } from './keys';

export async function fetchPublicMediaUrls(assetIds: string[], firstOnly: boolean): Promise<Record<string, string>> {
  if (assetIds.length === 0) return {};
  // Loaded on first use (see public-assets.ts).
  const { callFunction } = await import('@/lib/call-function');
  const res = await callFunction('public-asset-media', { assetIds, firstOnly });
  return res.urls;
}

export function usePublicMediaUrls(assetIds: string[], firstOnly = false) {
  return useQuery({
    queryKey: [...assetKeys.all, 'public-media', firstOnly, ...assetIds],
    queryFn: () => fetchPublicMediaUrls(assetIds, firstOnly),
    enabled: assetIds.length > 0,
    staleTime: 4 * 60 * 1000,
    refetchInterval: 4 * 60 * 1000,
  });
}
