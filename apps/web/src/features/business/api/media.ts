// Brand media (logo, product images) in the public business-media bucket, under the business's own
// folder (storage policy). The bucket accepts JPEG, PNG or WebP up to 2 MB; the server checks the
// type and size, the form checks first to say so sooner.
import { supabase } from '@/lib/supabase';
import { toAppError } from '@/lib/api-error';
import { publicImage, type SizedImage } from '@/lib/public-image';
import { i18n } from '@/lib/i18n/i18n';

export const MEDIA_BUCKET = 'business-media';
export const MEDIA_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;

/** What is wrong with a picture before upload, or null. */
export function mediaProblem(file: File): string | null {
  if (!MEDIA_TYPES[file.type]) return i18n._('Choose a JPEG, PNG or WebP image');
  if (file.size > MEDIA_MAX_BYTES) return i18n._('The image is larger than 2 MB');
  return null;
}

export async function uploadBusinessMedia(userId: string, file: File): Promise<string> {
  const path = `${userId}/${crypto.randomUUID()}.${MEDIA_TYPES[file.type] ?? 'img'}`;
  const { error } = await supabase.storage
    .from(MEDIA_BUCKET)
    .upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toAppError(error, i18n._('Failed to upload the picture'));
  return path;
}

/** A stored picture as a `size`-pixel square thumbnail (never the full upload). */
export function mediaThumbnail(path: string, size: number): SizedImage {
  return publicImage(MEDIA_BUCKET, path, size);
}
