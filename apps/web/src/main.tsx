import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { APP_READY_EVENT, languageChosenBeforeStart } from '@/app/app-ready';
import { AppProvider } from '@/app/provider';
import { loadFirstScreen } from '@/app/router';
import { preloadScreen } from '@/app/screens';
import { installConsoleCapture } from '@/features/report-bug/console-capture';
import { loadAppConfig } from '@/lib/app-config';
import { hydrationStarts } from '@/lib/use-hydrated';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { initialLocale, isLocale, type Locale } from '@/lib/i18n/locales';

// Start recording console activity first, so bug reports include what happened during start-up.
installConsoleCapture();

const locale = initialLocale();
// The screen's chunk and its messages start downloading now, in parallel with the shell's.
const screenReady = preloadScreen(window.location.pathname, locale);

const container = document.getElementById('root')!;

function chosenBeforeStart(): Locale | null {
  const chosen = languageChosenBeforeStart();
  return isLocale(chosen) ? chosen : null;
}

/**
 * After the first commit: a language chosen in the menu while the app was still loading (boot.ts
 * notes it) wins over the one this render used, and the bootstrap stops answering the menu.
 */
function AfterFirstRender() {
  useEffect(() => {
    const chosen = chosenBeforeStart();
    if (chosen && chosen !== i18n.locale) void activateLocale(chosen);
    delete document.documentElement.dataset.chosenLocale;
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}

// Public pages arrive rendered (src/prerender.tsx, in English, signed out). A reader of that language
// gets them hydrated; anyone else gets a fresh render in their language, and until it shows, the
// prerendered page stays hidden (index.html) so it never flashes in the wrong language.
let hydrate = container.dataset.prerendered === locale;

// The configuration, the shell's messages in the visitor's language and the screen load in parallel;
// the first render needs all three (a hydrated page hydrates in one go, and a signed-in screen is not
// held behind a Suspense fallback: see loadFirstScreen).
Promise.all([
  loadAppConfig(),
  activateLocale(locale),
  screenReady.then(() => loadFirstScreen(window.location.pathname, locale)),
])
  .then(async () => {
    // The language menu of a page that waited for a first interaction (boot.ts) may have changed the
    // language while this loaded: render in the new one rather than hydrate the English page.
    const now = chosenBeforeStart() ?? locale;
    if (now !== locale) {
      await activateLocale(now);
      hydrate = false;
    }
    const app = (
      <StrictMode>
        <AppProvider />
        <AfterFirstRender />
      </StrictMode>
    );
    if (hydrate) {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole page: the page already shows, so nothing waits for it, and a
      // visitor's first tap is handled between slices (issue 18: total blocking time).
      hydrationStarts();
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      // As a transition too: the first render of a signed-in screen (~100 ms at 4x CPU) yields to the
      // browser every few milliseconds, so the screen's early answer is read, and its photo asked for,
      // as soon as it arrives rather than after the render (app/first-requests.ts; issue 29, decision 0182).
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
  })
  .catch((err: unknown) => {
    console.error(err);
    delete container.dataset.prerendered;
    createRoot(container).render(
      <p role="alert" style={{ padding: 24 }}>
        {i18n._('The app could not start: its configuration is missing. Reload the page to try again.')}
      </p>,
    );
  });
