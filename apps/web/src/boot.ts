// The page's only entry script (index.html), deliberately tiny (decision 0133). A prerendered page
// already shows everything from its HTML; the build marks the ones whose only controls are links and
// the language menu `data-hydrate="on-demand"` (scripts/vite-prerender.ts). On those, a signed-out
// English reader gets no application JavaScript until they interact: links work as plain links (the
// next page is prerendered too), and the first key, focus, or press on a control loads and hydrates the app
// (main.tsx). Everyone else — a stored session, another language, a query or hash to act on, or any
// other page — gets the app at once, exactly as before.
import './index.css';
import { APP_READY_EVENT } from '@/app/app-ready';
import { USE_CASE_LANDINGS } from '@/app/layout/use-case-landings';
import { isLocale, rememberLocale } from '@/lib/i18n/locales';
import { rememberSignupFrom } from '@/lib/signup-context';

const root = document.getElementById('root');
const html = document.documentElement;

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
  void import('./main');
}

// The first sign that the visitor is about to use the page: any key (a keyboard user's Tab), focus on
// a control, or a press on one. A press elsewhere (a finger scrolling a phone's page) is only reading.
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const CONTROL = 'a[href], button, select, input, textarea, summary, label, [tabindex]';

function onInteraction(event: Event): void {
  const pressed = event.type === 'pointerdown' || event.type === 'touchstart';
  if (pressed && !(event.target instanceof Element && event.target.closest(CONTROL))) return;
  startApp();
}

/**
 * The language menu before the app has rendered (on a page that waits for an interaction, its focus
 * already started loading it): remember the choice; the app renders in it, or switches to it right after
 * its first render (main.tsx). A change made while React is still attaching could otherwise be lost.
 */
function chooseLanguage(event: Event): void {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.closest('[data-language-switcher]')) return;
  languageChosen(select);
}

function languageChosen(select: HTMLSelectElement): void {
  if (!isLocale(select.value)) return;
  html.dataset.chosenLocale = select.value;
  rememberLocale(select.value);
  startApp();
}

// index.html's inline script sets data-session (a stored supabase-js session) and data-relang.
const onDemand =
  root?.dataset.hydrate === 'on-demand' &&
  html.dataset.session === undefined &&
  html.dataset.relang === undefined &&
  !location.search &&
  !location.hash;

/**
 * Runs fn once the browser has shown the page as it is: a frame's requestAnimationFrame runs before
 * its paint, so the one of the next frame comes after the first was produced and presented. A page
 * in a background tab paints nothing and gets no frames: it starts at once.
 */
function afterFirstPaint(fn: () => void): void {
  if (document.visibilityState === 'hidden') fn();
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(fn, 0)));
}

if (!onDemand) {
  // A prerendered page that shows (not one hidden for a reader of another language) paints first and
  // then starts the app: loading, running and hydrating it before the first paint would hold the
  // page's paint for the whole app (decision 0138).
  if (root?.dataset.prerendered && html.dataset.relang === undefined) afterFirstPaint(startApp);
  else startApp();
} else {
  // What the layout does on mount for these pages (app-layout.tsx LandingContext), done here because
  // the app may never mount: the use-case landing a later sign-up came from.
  if (USE_CASE_LANDINGS.includes(location.pathname)) rememberSignupFrom(location.pathname.slice(1));
  for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, { capture: true, passive: true });
  // A module script runs once the page is parsed, and a page shows before that: a Tab or a press
  // made meanwhile reached no listener, but it left the focus on a control. That was the first
  // interaction, so the app starts now rather than at the next one.
  if (document.activeElement?.closest(CONTROL)) startApp();
}
// On every page, the language menu until the app has rendered.
document.addEventListener('change', chooseLanguage, true);
// A page shows, and its menu can be used, before this script runs: a language chosen then reached no
// listener, but it left the menu on it. That choice counts as made now (it was lost: a French reader
// who picked English at once kept the French page).
for (const select of document.querySelectorAll<HTMLSelectElement>('[data-language-switcher] select'))
  if ([...select.options].some((o) => o.selected !== o.defaultSelected)) languageChosen(select);
document.addEventListener(APP_READY_EVENT, () => document.removeEventListener('change', chooseLanguage, true), {
  once: true,
});
