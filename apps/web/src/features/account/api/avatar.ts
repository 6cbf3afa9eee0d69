// Avatar upload and removal. Files live in the public avatars bucket as <random uuid>.<ext> (a
// public URL never shows whose picture it is); the storage policies tie each file to its uploader
// and let them list and delete only their own. The server enforces type (JPEG, PNG, WebP, GIF) and
// size (2 MB) from the bucket. A new upload gets a new name (so caches never show the old picture),
// then the previous files are deleted; removing deletes every own file and clears avatar_url.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap, toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { userFileUrl } from '@/lib/user-files';
import { AVATAR_EXTENSIONS } from '../lib/avatar-rules';
import { accountKeys } from './keys';
import { i18n } from '@/lib/i18n/i18n';

const BUCKET = 'avatars';

async function removeOthers(keep?: string): Promise<void> {
  // The listing holds only the caller's own files (storage policy), all at the top level.
  const listed = unwrap(await supabase.storage.from(BUCKET).list('', { limit: 100 }));
  const names = (listed ?? []).map((o) => o.name).filter((n) => n !== keep);
  if (names.length) unwrap(await supabase.storage.from(BUCKET).remove(names));
}

export async function uploadAvatar(userId: string, file: File): Promise<string> {
  const ext = AVATAR_EXTENSIONS[file.type] ?? 'img';
  const name = `${crypto.randomUUID()}.${ext}`;
  const { error } = await supabase.storage.from(BUCKET).upload(name, file, { contentType: file.type, upsert: false });
  if (error) throw toAppError(error, i18n._('Failed to upload the picture'));
  const url = userFileUrl(supabase.storage.from(BUCKET).getPublicUrl(name).data.publicUrl);
  const { error: saveError } = await supabase.from('user_profiles').update({ avatar_url: url }).eq('id', userId);
  if (saveError) {
    await supabase.storage.from(BUCKET).remove([name]);
    throw toAppError(saveError, i18n._('Failed to save the picture'));
  }
  // The new picture is saved; an old file left behind is only clutter, never shown.
  await removeOthers(name).catch((err: unknown) => console.warn('Could not remove the previous avatar:', err));
  return url;
}

export async function removeAvatar(userId: string): Promise<void> {
  await removeOthers();
  unwrap(await supabase.from('user_profiles').update({ avatar_url: null }).eq('id', userId));
}

function useAvatarMutation<T>(userId: string, fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: accountKeys.profile(userId) });
      await refreshProfile();
    },
  });
}

export function useUploadAvatar(userId: string) {
  return useAvatarMutation(userId, (file: File) => uploadAvatar(userId, file));
}

export function useRemoveAvatar(userId: string) {
  return useAvatarMutation(userId, () => removeAvatar(userId));
}
