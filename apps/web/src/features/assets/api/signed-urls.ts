// Short-lived signed URLs for media in the private bucket. Storage policies decide: the owner
// always, others only for media of public assets.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { userFileUrl } from '@/lib/user-files';
import { assetKeys } from './keys';

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

export function useSignedUrls(names: string[]) {
  return useQuery({
    queryKey: assetKeys.media(names),
    queryFn: () => fetchSignedUrls(names),
    enabled: names.length > 0,
    // Refresh well before the URLs expire.
    staleTime: (SIGNED_URL_SECONDS - 60) * 1000,
    refetchInterval: (SIGNED_URL_SECONDS - 60) * 1000,
  });
}
