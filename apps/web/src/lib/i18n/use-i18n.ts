// Components read messages through this hook so they re-render when the language changes. It needs
// no provider: the Lingui instance is a module singleton activated before the first render.
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { Locale } from './locales';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

export function useI18n(): { i18n: typeof i18n; locale: Locale } {
  // The same snapshot on the server (build-time render, src/prerender.tsx) as in the browser.
  const snapshot = () => i18n.locale as Locale;
  const locale = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { i18n, locale };
}
