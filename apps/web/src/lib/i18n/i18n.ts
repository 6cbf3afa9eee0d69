// The one Lingui instance. Catalogues are separate chunks, imported only for the language in use.
import { i18n } from '@lingui/core';
import { type Locale, rememberLocale } from './locales';

const catalogues: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en.po'),
  fr: () => import('../../locales/fr.po'),
};

/** Loads the language's messages (once), makes it current and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await catalogues[locale]();
    i18n.load(locale, messages as Parameters<typeof i18n.load>[1]);
    i18n.activate(locale);
  }
  rememberLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { i18n };
