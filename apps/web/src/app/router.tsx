// The router, made from the route table (config/routes.ts, SPEC §2). Every screen is its own lazily loaded chunk; guards are layout routes
// (route-guard.tsx) so one component decides access for a whole group. Each screen has its own
// error boundary, so a crash shows a recoverable error view inside the normal layout.
//
// Declarative <Routes> rather than createBrowserRouter: the data router adds ~16 KB gzip to the
// landing page's initial JavaScript and we use none of its loaders/actions
// (docs/decisions/0007-web-router-mode-and-initial-bundle.md).
import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { redirects, routes } from '@/config/routes';
import { useAuth } from '@/lib/auth';
import { pendingDone, replayEarlyActions } from '@/lib/early-actions';
import { i18n, loadScreenMessages } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { hydrationEnded } from '@/lib/use-hydrated';
import { AppLayout } from './layout/app-layout';
import { ErrorBoundary } from './route-error';
import { LoadingScreen, RouteGuard } from './route-guard';
import {
  adminRoutes,
  businessRoutes,
  moderationRoutes,
  prefetchScreenData,
  preloadScreen,
  publicRoutes,
  screenFor,
  signedInRoutes,
  type ScreenRoute,
} from './screens';

const lazyScreens = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * A screen ready to render: its chunk, its messages and, unless it opts out, the query-cache wrapper,
 * loaded together (all cached after the first visit).
 */
async function loadScreen(route: ScreenRoute, locale?: Locale): Promise<ComponentType> {
  const messages = loadScreenMessages(route.file, locale);
  if (route.withQueryClient === false) return (await Promise.all([route.load(), messages]))[0].default;
  const [screenModule, boundary] = await Promise.all([route.load(), import('@/lib/query-boundary'), messages]);
  return boundary.withQueryClient(screenModule.default);
}

/**
 * The first screen, loaded before the app's first render (main.tsx) so that its boundary never
 * suspends:
 * - a prerendered page is hydrated with it. A boundary still waiting while hydrating is dropped for its
 *   fallback, and rendered afresh, as soon as any update reaches it (the auth state, the language): a
 *   disclosure the visitor had opened closed again, and /auth's footer jumped off screen and back
 *   (CLS 0.073);
 * - a signed-in screen shows with its data, not after it: content that replaces a Suspense fallback is
 *   revealed no sooner than 300 ms after the last fallback React showed (lib/deferred-component.tsx),
 *   which held a phone's dashboard back by 150–250 ms (issue 29).
 */
const readyScreens = new Map<string, ComponentType>();
export async function loadFirstScreen(pathname: string, locale: Locale): Promise<void> {
  const route = screenFor(pathname);
  if (!route) return;
  // A failed load is left to the screen's lazy load, whose boundary reports it.
  const screen = await loadScreen(route, locale).catch(() => null);
  if (screen) readyScreens.set(route.path, screen);
}

/** Screens reached by navigation load when first rendered, behind their boundary's fallback. */
function lazyScreen(route: ScreenRoute): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(route.path);
  if (!component) {
    component = lazy(async () => ({ default: await loadScreen(route) }));
    lazyScreens.set(route.path, component);
  }
  return component;
}

/**
 * The screen is on screen: a page index.html hid while it was prerendered in another language is
 * shown (see main.tsx), and a prerendered screen has finished hydrating. React hydrates the screen's
 * boundary after the layout around it, so this, not the app's first commit, ends hydration for
 * lib/use-hydrated.ts.
 */
function ScreenShown({ screen }: { screen: string }) {
  // What the visitor did before the app attached its handlers, told to it before anything can render
  // the page's fields again (lib/early-actions.ts).
  useLayoutEffect(() => replayEarlyActions(), []);
  useEffect(() => {
    delete document.documentElement.dataset.relang;
    hydrationEnded();
  }, []);
  // Screens of one layout share this element (React keeps it from one route to the next), so the
  // location it was rendered for is its input: each screen shown, or shown again for another address
  // (another asset), ends the pending bar.
  const { key } = useLocation();
  useEffect(() => pendingDone(), [screen, key]);
  return null;
}

/** The next screen's code is on its way: its place shows a spinner, and the window the pending bar. */
function ScreenLoading() {
  useLayoutEffect(() => {
    document.documentElement.dataset.pending = '';
  }, []);
  return (
    <div data-testid="screen-loading">
      <LoadingScreen fullHeight />
    </div>
  );
}

function Screen({ route }: { route: ScreenRoute }) {
  const location = useLocation();
  const Component = readyScreens.get(route.path) ?? lazyScreen(route);
  return (
    // A new navigation (even to the same path, e.g. "Try again") gets a fresh boundary.
    <ErrorBoundary resetKey={location.key}>
      <Suspense fallback={<ScreenLoading />}>
        <Component />
        <ScreenShown screen={route.path} />
      </Suspense>
    </ErrorBoundary>
  );
}

function screens(list: ScreenRoute[]) {
  return list.map((r) => <Route key={r.path} path={r.path} element={<Screen route={r} />} />);
}

/**
 * A link the visitor points at, focuses or touches: its screen's code and messages start loading, so a
 * click usually finds them there instead of waiting behind the screen's spinner; for a signed-in
 * user, its first data too (the screen's `prefetch`, lib/screen-prefetch.ts; fresh data is not asked
 * for again).
 */
function usePrefetchOnIntent(userId: string | undefined) {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = inAppLink(event.target);
      if (!link) return;
      void preloadScreen(link.pathname, i18n.locale as Locale);
      if (userId) void prefetchScreenData(link.pathname, userId);
    };
    const types = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const type of types) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of types) document.removeEventListener(type, onIntent);
    };
  }, [userId]);
}

function inAppLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin ? link : null;
}

/**
 * A click that took the app to another address (a link, a button that navigates) shows the pending bar
 * in the click's own frame. Navigations are transitions (app/provider.tsx): the screen on show stays
 * while the next one renders, and without the bar nothing would say the click was taken. The next
 * screen shown ends it (ScreenShown). The router moves the address during the click, so the address
 * before (capture) and after (bubble) tell whether this click navigated.
 */
function usePendingOnNavigation() {
  useEffect(() => {
    let before = '';
    const onCapture = () => {
      before = window.location.href;
    };
    const onBubble = () => {
      if (before && window.location.href !== before) document.documentElement.dataset.pending = '';
      before = '';
    };
    document.addEventListener('click', onCapture, true);
    document.addEventListener('click', onBubble);
    return () => {
      document.removeEventListener('click', onCapture, true);
      document.removeEventListener('click', onBubble);
    };
  }, []);
}

export function AppRoutes() {
  usePrefetchOnIntent(useAuth().user?.id);
  usePendingOnNavigation();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {screens(publicRoutes)}
        <Route element={<RouteGuard />}>{screens(signedInRoutes)}</Route>
        <Route element={<RouteGuard business />}>{screens(businessRoutes)}</Route>
        <Route element={<RouteGuard adminOnly />}>{screens(adminRoutes)}</Route>
        <Route element={<RouteGuard moderation />}>{screens(moderationRoutes)}</Route>
        {Object.entries(redirects).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={routes[to].path} replace />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
