// A language chosen in the header, the footer or settings: shown at once, remembered in this browser,
// and stored in the signed-in user's settings (public.user_settings.language) so the server writes
// their e-mails and certificates in it too.
import { activateLocale } from '@/lib/i18n/i18n';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { accountKeys } from './keys';

export async function chooseLocale(locale: Locale, userId: string | null): Promise<void> {
  await activateLocale(locale);
  if (!userId) return;
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.from('user_settings').update({ language: locale }).eq('user_id', userId);
  if (error) throw error;
  // The Settings screen reads the same row; let it show the new choice.
  const { queryClient } = await import('@/lib/query-client');
  await queryClient.invalidateQueries({ queryKey: accountKeys.settings(userId) });
}

/** At sign-in: the language stored for the account wins over this browser's. */
export async function adoptAccountLocale(userId: string): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase.from('user_settings').select('language').eq('user_id', userId).maybeSingle();
  const stored = (data as { language?: unknown } | null)?.language;
  if (isLocale(stored)) await activateLocale(stored);
}
