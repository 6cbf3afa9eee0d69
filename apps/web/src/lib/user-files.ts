// User files (avatars, asset media, screenshots) are served from the storage origin: the server's
// STORAGE_PUBLIC_URL when an operator set one, so that an uploaded file never runs as a page of the
// app's origin. supabase-js builds file URLs on the API origin; this moves them to the storage one.
import { appConfig } from './app-config';

const STORAGE_PATH = '/storage/v1/';

/** The URL of a user file on the storage origin (absolute API URLs and server-relative paths). */
export function userFileUrl(url: string): string {
  const api = `${appConfig.supabaseUrl}${STORAGE_PATH}`;
  if (url.startsWith(api)) return `${appConfig.storageUrl}${STORAGE_PATH}${url.slice(api.length)}`;
  if (url.startsWith(STORAGE_PATH)) return `${appConfig.storageUrl}${url}`;
  return url;
}
