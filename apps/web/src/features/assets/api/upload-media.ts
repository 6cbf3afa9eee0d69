// Uploads one file to the private asset-media bucket with progress (supabase-js has no progress
// events, so this is the same request it makes — POST /storage/v1/object/<bucket>/<path> with the
// session token — sent with XMLHttpRequest). Files go to <uid>/pending/<uuid>.<ext>; the server
// links them to an asset only when register-asset succeeds.
import { i18n } from '@/lib/i18n/i18n';
import { AppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { supabase } from '@/lib/supabase';
import { extensionFor } from '../lib/media-rules';

export interface UploadedMedia {
  name: string;
  file: File;
}

export async function uploadMedia(
  userId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError(i18n._('Your session has ended. Please sign in again.'));
  const name = `${userId}/pending/${crypto.randomUUID()}.${extensionFor(file)}`;
  const url = `${appConfig.supabaseUrl}/storage/v1/object/asset-media/${name.split('/').map(encodeURIComponent).join('/')}`;
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', appConfig.anonKey);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let message = `Upload of ${file.name} failed (${xhr.status})`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; error?: string };
        message = `${file.name}: ${body.message ?? body.error ?? message}`;
      } catch {
        /* keep the generic message */
      }
      reject(new AppError(message, { status: xhr.status }));
    };
    xhr.onerror = () => reject(new AppError(`Upload of ${file.name} failed. Check your connection and try again.`));
    xhr.onabort = () => reject(new AppError(i18n._('Upload cancelled')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
  return { name, file };
}

/** Removes uploads that did not become an asset (the storage policy allows only unregistered ones). */
export async function discardUploads(names: string[]): Promise<void> {
  if (names.length === 0) return;
  await supabase.storage.from('asset-media').remove(names);
}
