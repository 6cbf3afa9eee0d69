// A language chosen in the header, the footer or settings: shown at once, remembered in this browser,
// and stored in the signed-in user's settings (public.user_settings.language) so the server writes
// their e-mails and certificates in it too.
import { activateLocale } from '@/lib/i18n/i18n';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { accountKeys } from './keys';

/**
 * A choice whose save has not been confirmed yet, kept in this browser until it is. A page left
 * while the save is on its way (a link followed at once) cancels the request; without this note the
 * next page would adopt the account's older language and undo what the person chose.
 */
const UNSAVED_KEY = 'tagledger.locale-unsaved';

/** Choices made on this page: a stored language that arrives after one of them is out of date. */
let choicesMade = 0;

function unsavedChoice(userId: string): Locale | null {
  try {
    const note = JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? 'null') as { userId?: unknown; locale?: unknown };
    return note?.userId === userId && isLocale(note.locale) ? note.locale : null;
  } catch {
    return null;
  }
}

function noteUnsaved(userId: string, locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(UNSAVED_KEY, JSON.stringify({ userId, locale }));
    else localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // Private mode without storage: the save is not retried on the next page.
  }
}

async function saveAccountLocale(userId: string, locale: Locale): Promise<void> {
  noteUnsaved(userId, locale);
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.from('user_settings').update({ language: locale }).eq('user_id', userId);
  if (error) throw error;
  // A later choice may have replaced the note meanwhile; it is its own save's to clear.
  if (unsavedChoice(userId) === locale) noteUnsaved(userId, null);
  // The Settings screen reads the same row; let it show the new choice.
  const { queryClient } = await import('@/lib/query-client');
  await queryClient.invalidateQueries({ queryKey: accountKeys.settings(userId) });
}

export async function chooseLocale(locale: Locale, userId: string | null): Promise<void> {
  choicesMade += 1;
  await activateLocale(locale);
  if (userId) await saveAccountLocale(userId, locale);
}

/**
 * When the signed-in header first shows: the language stored for the account wins over this
 * browser's, unless the person has chosen one while it was being asked for, or on a page left
 * before that choice's save was confirmed (saved now instead).
 */
export async function adoptAccountLocale(userId: string): Promise<void> {
  const chosen = unsavedChoice(userId);
  if (chosen) {
    await activateLocale(chosen);
    return saveAccountLocale(userId, chosen);
  }
  const choicesBefore = choicesMade;
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase.from('user_settings').select('language').eq('user_id', userId).maybeSingle();
  const stored = (data as { language?: unknown } | null)?.language;
  if (choicesMade !== choicesBefore) return;
  if (isLocale(stored)) await activateLocale(stored);
}
