// Short-lived signed URLs for media in the private bucket. Storage policies decide: the owner
// always, others only for media of public assets.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { userFileUrl } from '@/lib/user-files';
import { assetKeys } from './keys';
import { galleryTransform, type GalleryTransform } from '../lib/gallery-photo';
import type { AssetMedia } from './types';

export const SIGNED_URL_SECONDS = 300;

export async function fetchSignedUrls(names: string[]): Promise<Record<string, string>> {
  if (names.length === 0) return {};
  const rows = unwrap(await supabase.storage.from('asset-media').createSignedUrls(names, SIGNED_URL_SECONDS)) as {
    path: string | null;
    signedUrl: string;
    error: string | null;
  }[];
  const out: Record<string, string> = {};
  for (const r of rows) {
    if (r.path && r.signedUrl && !r.error) {
      out[r.path] = userFileUrl(r.signedUrl);
    }
  }
  return out;
}

export const signedUrlsQueryOptions = (names: string[]) =>
  queryOptions({
    queryKey: assetKeys.media(names),
    queryFn: () => fetchSignedUrls(names),
    enabled: names.length > 0,
    // Refresh well before the URLs expire.
    staleTime: (SIGNED_URL_SECONDS - 60) * 1000,
    refetchInterval: (SIGNED_URL_SECONDS - 60) * 1000,
  });

export function useSignedUrls(names: string[]) {
  return useQuery(signedUrlsQueryOptions(names));
}

/** One signed render URL per photo (createSignedUrls has no transformation in supabase-js). */
async function signedPhotoUrls(photos: AssetMedia[], transform: GalleryTransform): Promise<Record<string, string>> {
  const signed = await Promise.all(
    photos.map(async (m) => {
      const { data } = await supabase.storage
        .from('asset-media')
        .createSignedUrl(m.object_name, SIGNED_URL_SECONDS, { transform });
      return [m.object_name, data?.signedUrl ? userFileUrl(data.signedUrl) : undefined] as const;
    }),
  );
  const out: Record<string, string> = {};
  for (const [name, url] of signed) if (url) out[name] = url;
  return out;
}

/** Display-size photos for the owner's asset page, by object name (photos only). */
export const galleryUrlsQueryOptions = (media: AssetMedia[]) => {
  const photos = media.filter((m) => m.kind === 'photo');
  return queryOptions({
    queryKey: [...assetKeys.media(photos.map((m) => m.object_name)), 'gallery'],
    queryFn: () => signedPhotoUrls(photos, galleryTransform()),
    enabled: photos.length > 0,
    staleTime: (SIGNED_URL_SECONDS - 60) * 1000,
    refetchInterval: (SIGNED_URL_SECONDS - 60) * 1000,
  });
};

export function useGalleryUrls(media: AssetMedia[]) {
  return useQuery(galleryUrlsQueryOptions(media));
}

/**
 * URLs that came with the asset (the my-asset function: `files`, every file; `photos`, the photos at
 * galleryPhotoWidth), put where the asset page's URL queries look for them, so it does not ask again.
 */
export function seedAssetUrls(
  queryClient: QueryClient,
  media: AssetMedia[],
  urls: { files: Record<string, string>; photos: Record<string, string> },
): void {
  const forApp = (signed: Record<string, string>) =>
    Object.fromEntries(Object.entries(signed).map(([name, url]) => [name, userFileUrl(url)]));
  queryClient.setQueryData(signedUrlsQueryOptions(media.map((m) => m.object_name)).queryKey, forApp(urls.files));
  if (media.some((m) => m.kind === 'photo'))
    queryClient.setQueryData(galleryUrlsQueryOptions(media).queryKey, forApp(urls.photos));
}
