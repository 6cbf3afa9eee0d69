// What the bootstrap (src/boot.ts) and the app (main.tsx) tell each other: the app's first render is on
// screen (an event on document), and a language chosen before that. Until then the bootstrap answers
// the language menu itself.
export const APP_READY_EVENT = 'tagledger:app-ready';

/**
 * A language chosen in the menu before the app rendered (boot.ts writes it on <html>). Kept apart from
 * the stored choice, which the app's own start-up may still overwrite with the language it began in.
 */
export function languageChosenBeforeStart(): string | undefined {
  return document.documentElement.dataset.chosenLocale;
}
