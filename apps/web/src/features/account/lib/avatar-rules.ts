// The avatar rules the avatars bucket enforces on the server, checked early in the browser so the
// user gets a clear message before uploading.
import { i18n } from '@/lib/i18n/i18n';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const AVATAR_ACCEPT = Object.keys(AVATAR_EXTENSIONS).join(',');

/** An error message, or null when the file may be uploaded. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!AVATAR_EXTENSIONS[file.type]) return i18n._('Please choose a JPEG, PNG, WebP or GIF image.');
  if (file.size > AVATAR_MAX_BYTES) return i18n._('The picture must be 2 MB or smaller.');
  if (file.size === 0) return i18n._('That file is empty.');
  return null;
}
