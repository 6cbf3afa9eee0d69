// The interface languages and how the first one is chosen. Pure (no catalogue imports), so the
// header, the sign-up form and the server-facing code can share it without loading messages.
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, so a reader of the other language still finds their own. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

const STORAGE_KEY = 'tagledger.locale';

/**
 * The same choice as a cookie, so the server can send a page in the reader's language from its first
 * byte (apps/server/src/plugins/page-language.ts, decision 0143). Written with every choice, including
 * the account's stored language adopted at sign-in, so it carries that language while signed in.
 */
export const LOCALE_COOKIE = 'tagledger-locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language among the browser's preferences ("fr-CM" counts as French). */
export function localeFromBrowser(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Sign-out clears the browser's storage (lib/auth.tsx), the language cookie with it. */
export function forgetLocaleCookie(): void {
  if (typeof document !== 'undefined') document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** A returning visitor keeps their choice; a first visit follows the browser's languages. */
export function initialLocale(): Locale {
  return storedLocale() ?? localeFromBrowser(typeof navigator === 'undefined' ? [] : navigator.languages);
}
