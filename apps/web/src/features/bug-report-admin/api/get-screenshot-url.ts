// A short-lived signed URL for a screenshot in the private bug-screenshots bucket (admins only,
// by the bucket's storage policy).
import { i18n } from '@/lib/i18n/i18n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { userFileUrl } from '@/lib/user-files';
import { bugReportKeys } from './keys';

export const SCREENSHOT_BUCKET = 'bug-screenshots';
const URL_TTL_SECONDS = 600;

export async function getScreenshotUrl(path: string): Promise<string> {
  const data = unwrap(await supabase.storage.from(SCREENSHOT_BUCKET).createSignedUrl(path, URL_TTL_SECONDS));
  if (!data?.signedUrl) throw new AppError(i18n._('The screenshot could not be loaded.'));
  return userFileUrl(data.signedUrl);
}

export function useScreenshotUrl(path: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: bugReportKeys.screenshot(path ?? ''), queryFn: () => getScreenshotUrl(path!) }),
    enabled: path !== null,
    // Refresh well before the signed URL expires.
    staleTime: (URL_TTL_SECONDS / 2) * 1000,
  });
}
