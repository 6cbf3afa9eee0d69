// Short-lived signed URLs for media in the private bucket. Storage policies decide: the owner
// always, others only for media of public assets.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { userFileUrl } from '@/lib/user-files';
import { assetKeys } from './keys';
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

/** The CSS pixels around the asset page's photo on a narrow screen: the page's padding (16 each side),
 * the card's border (1) and its content's padding (20). */
const VIEWER_GUTTER = 2 * (16 + 1 + 20);
/** The display photo's quality: lower than the storage default of 80, which is for originals' copies;
 * at a phone's size the difference does not show, and the bytes are the screen's wait (issue 29). */
const GALLERY_QUALITY = 70;

/** The owner's asset page shows one photo at most 720 CSS px wide; a signed render URL names one size
 * (no srcset), so it is this screen's: the photo's drawn width in device pixels in steps of 160, 1280 at
 * most (a 2x desktop). A phone of 412 px at 1.75x draws it 338 px wide and gets 640 px (it got 800, sized
 * by the window, and waited for them at 1.6 Mbit/s). The original opens only on request. */
function galleryTransform(): Transform {
  const cssWidth = Math.min(Math.max((window.innerWidth || 720) - VIEWER_GUTTER, 160), 720);
  const width = Math.min(1280, Math.ceil((cssWidth * (window.devicePixelRatio || 1)) / 160) * 160);
  return { width, resize: 'contain', quality: GALLERY_QUALITY };
}

type Transform = { width: number; resize: 'contain'; quality: number };

/** One signed render URL per photo (createSignedUrls has no transformation in supabase-js). */
async function signedPhotoUrls(photos: AssetMedia[], transform: Transform): Promise<Record<string, string>> {
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

/** The displayed photo's width on this screen, in device pixels, as galleryUrlsQueryOptions asks for it. */
export function galleryPhotoWidth(): number {
  return galleryTransform().width;
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
