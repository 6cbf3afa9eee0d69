// The language a page is sent in (decision 0143). A page request carries no session (supabase-js keeps
// it in the browser's storage), so the server learns the reader's language from a cookie the web app
// writes with every choice — the account's stored language at sign-in and whenever it changes, or a
// visitor's pick in the language menu (apps/web/src/lib/i18n/locales.ts) — and otherwise from the
// browser's Accept-Language, as the app itself does from navigator.languages on a first visit.
import { LANGUAGES, type Language } from '../shared/language.js';

export const LANGUAGE_COOKIE = 'tagledger-locale';
export const DEFAULT_LANGUAGE: Language = 'en';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The first supported language of an Accept-Language header, by weight and then by order; a region
 * counts as its language ("fr-CM" is French), "q=0" refuses a language, "*" names none.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: tag.toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranges.map((r) => r.language).find(isLanguage) ?? null;
}

/** The language cookie's, else the browser's, else English. */
export function pageLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  const chosen = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return languageFromAcceptLanguage(headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

export { isLanguage };
