// A language chosen in the header, the footer or settings: shown at once, remembered in this browser,
// and stored in the signed-in user's settings (public.user_settings.language) so the server writes
// their e-mails and certificates in it too.
import { appConfig } from '@/lib/app-config';
import { activateLocale } from '@/lib/i18n/i18n';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { authStorageKey } from '@/lib/supabase-ready';
import { accountKeys } from './keys';

/**
 * A choice whose save has not been confirmed yet, kept in this browser until it is. A page left
 * while the save is on its way (a link followed at once) cancels the request; without this note the
 * next page would adopt the account's older language and undo what the person chose.
 */
const UNSAVED_KEY = 'tagledger.locale-unsaved';

/** Choices made on this page: a stored language that arrives after one of them is out of date. */
let choicesMade = 0;

/** Whether this browser holds a session, known before the app has checked whose it is. */
function sessionStored(): boolean {
  try {
    return localStorage.getItem(authStorageKey(appConfig.supabaseUrl)) !== null;
  } catch {
    return false;
  }
}

function unsavedChoice(userId: string): Locale | null {
  try {
    const note = JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? 'null') as { userId?: unknown; locale?: unknown };
    // A note without a user was written before the app knew who is signed in here.
    return (note?.userId === userId || note?.userId === null) && isLocale(note.locale) ? note.locale : null;
  } catch {
    return null;
  }
}

function noteUnsaved(userId: string | null, locale: Locale | null): void {
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
  // Until the session is checked, the header and footer do not know who is signed in: a choice made
  // then by a signed-in person is saved once the app knows whose it is (adoptAccountLocale).
  if (!userId && sessionStored()) noteUnsaved(null, locale);
  await activateLocale(locale);
  if (userId) await saveAccountLocale(userId, locale);
}

/**
 * When the signed-in header first shows: the language stored for the account wins over this
 * browser's, unless the person has chosen one while it was being asked for, before the app knew
 * who was signed in, or on a page left before that choice's save was confirmed (saved now instead).
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
