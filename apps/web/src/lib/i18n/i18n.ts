// The one Lingui instance. Catalogues are split (scripts/i18n/catalogue-split.ts, built by
// scripts/vite-catalogues.ts): the shell's messages load before the first render, each screen's with the
// screen, and only for the language in use. Switching language reloads the shell and every screen
// seen so far in the new language, in parallel, before the switch shows.
import { i18n, type Messages } from '@lingui/core';
import { fetchCatalogue } from 'virtual:catalogues';
import { type Locale, rememberLocale } from './locales';

// English catalogues leave out messages that are their own id (plain text): show the id as it is. A
// plain text is a valid compiled message (Lingui returns a string message unchanged); the cast says so.
i18n.setMessagesCompiler((message) => message as unknown as ReturnType<Parameters<typeof i18n.setMessagesCompiler>[0]>);

/** Screens whose messages have been asked for, so a language switch brings theirs too. */
const screens = new Set<string>();

/** Each piece is fetched once per language (a failed fetch may be tried again). */
const pieces = new Map<string, Promise<Messages>>();
function piece(locale: Locale, key: string): Promise<Messages> {
  const id = `${locale}/${key}`;
  let messages = pieces.get(id);
  if (!messages) {
    messages = fetchCatalogue(locale, key) as Promise<Messages>;
    messages.catch(() => pieces.delete(id));
    pieces.set(id, messages);
  }
  return messages;
}

async function fetchMessages(locale: Locale, keys: string[]): Promise<Messages> {
  const parts = await Promise.all(keys.map((key) => piece(locale, key)));
  return Object.assign({}, ...parts) as Messages;
}

/**
 * The language being activated or active: before the first activation completes, i18n.locale is
 * still empty, and a screen's messages asked for meanwhile must come in the language on its way.
 */
let target: Locale | undefined;

/** Loads the language's messages (once), makes it current and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  target = locale;
  if (i18n.locale !== locale) {
    i18n.load(locale, await fetchMessages(locale, ['shell', ...screens]));
    i18n.activate(locale);
  }
  rememberLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Loads a screen's own messages (its key: its path under src, without extension) in the current
 * language, or the one being activated. Safe to call before activation (it then only starts the
 * download for `locale`). Before any activation there is no language to load: an empty one made a
 * request for `catalogues/<version>//<screen>.json` (a 404 that dropped /faq's prerendered screen
 * for a fresh render, closing the question a visitor had just opened).
 */
export async function loadScreenMessages(key: string, locale?: Locale): Promise<void> {
  screens.add(key);
  locale ??= (i18n.locale as Locale | '') || target;
  if (!locale) throw new Error(`messages of ${key} asked for before any language was chosen`);
  i18n.load(locale, await piece(locale, key));
}

export { i18n };
