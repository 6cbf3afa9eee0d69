// The route table (SPEC §2). Every screen is its own lazily loaded chunk; guards are layout routes
// (route-guard.tsx) so one component decides access for a whole group. Each screen has its own
// error boundary, so a crash shows a recoverable error view inside the normal layout.
//
// Declarative <Routes> rather than createBrowserRouter: the data router adds ~16 KB gzip to the
// landing page's initial JavaScript and we use none of its loaders/actions
// (docs/decisions/0007-web-router-mode-and-initial-bundle.md).
import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PRIMARY_KEYS } from '@tagledger/functions-api';
import { pendingDone, replayEarlyActions } from '@/lib/early-actions';
import { i18n, loadScreenMessages } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { toasterReady } from '@/lib/toaster-ready';
import { hydrationEnded } from '@/lib/use-hydrated';
import { AppLayout } from './layout/app-layout';
import { ErrorBoundary } from './route-error';
import { LoadingScreen, RouteGuard } from './route-guard';

type Module = { default: ComponentType };

// Every screen module, each its own lazy chunk. A screen is named by its path under src without the
// extension; the same name keys its message catalogue (scripts/i18n/catalogue-split.ts), which loads with it.
const screenModules = import.meta.glob<Module>(['../features/*/routes/*-page.tsx', './routes/*-page.tsx']);

export interface ScreenRoute {
  path: string;
  /** The screen module, e.g. features/marketing/routes/faq-page. */
  file: string;
  load: () => Promise<Module>;
  /** False only for screens that never touch the query cache (keeps TanStack Query off the landing). */
  withQueryClient?: boolean;
}

function page(file: string): { file: string; load: () => Promise<Module> } {
  const key = file.startsWith('app/') ? `./${file.slice(4)}.tsx` : `../${file}.tsx`;
  const load = screenModules[key];
  if (!load) throw new Error(`No screen module ${file}`);
  return { file, load };
}

function screen(
  path: string,
  module: { file: string; load: () => Promise<Module> },
  opts: { withQueryClient?: boolean } = {},
): ScreenRoute {
  return { path, ...module, withQueryClient: opts.withQueryClient ?? true };
}

const marketing = {
  landing: page('features/marketing/routes/landing-page'),
  generalTagging: page('features/marketing/routes/general-tagging-page'),
  nftTagging: page('features/marketing/routes/nft-tagging-page'),
  mywillTagging: page('features/marketing/routes/mywill-tagging-page'),
  businessTagging: page('features/marketing/routes/business-tagging-page'),
  launch: page('features/marketing/routes/launch-page'),
  dao: page('features/marketing/routes/dao-page'),
  unauthorized: page('features/marketing/routes/unauthorized-page'),
  businessUpgrade: page('features/marketing/routes/business-upgrade-page'),
};

const authPage = page('features/auth/routes/auth-page');
const unitScanPage = page('features/assets/routes/unit-scan-page');
// Auth screens read no cached server data; without the query wrapper they need fewer chunks.
const noQuery = { withQueryClient: false };

export const publicRoutes: ScreenRoute[] = [
  // The landing is the page with the size budget; it reads no server data.
  screen('/', marketing.landing, { withQueryClient: false }),
  screen('/auth', authPage, noQuery),
  screen('/login', authPage, noQuery),
  screen('/signup', authPage, noQuery),
  screen('/business-auth', authPage, noQuery),
  screen('/influencer-signup', authPage, noQuery),
  screen('/auth/callback', page('features/auth/routes/auth-callback-page'), noQuery),
  screen('/check-email', page('features/auth/routes/check-email-page'), noQuery),
  screen('/forgot-password', page('features/auth/routes/forgot-password-page'), noQuery),
  screen('/reset-password', page('features/auth/routes/reset-password-page'), noQuery),
  screen('/unauthorized', marketing.unauthorized),
  screen('/business-upgrade', marketing.businessUpgrade),
  screen('/launch', marketing.launch),
  screen('/dao', marketing.dao),
  screen('/general-tagging', marketing.generalTagging),
  screen('/nft-tagging', marketing.nftTagging),
  screen('/mywill-tagging', marketing.mywillTagging),
  screen('/business-tagging', marketing.businessTagging),
  screen('/privacy-policy', page('features/marketing/routes/privacy-policy-page')),
  screen('/terms-of-service', page('features/marketing/routes/terms-of-service-page')),
  screen('/cookie-policy', page('features/marketing/routes/cookie-policy-page')),
  screen('/gdpr-compliance', page('features/marketing/routes/gdpr-compliance-page')),
  screen('/data-processing-agreement', page('features/marketing/routes/data-processing-agreement-page')),
  screen('/support', page('features/marketing/routes/support-page')),
  screen('/faq', page('features/marketing/routes/faq-page')),
  screen('/about-us', page('features/marketing/routes/about-us-page')),
  screen('/careers', page('features/marketing/routes/careers-page')),
  screen('/documentation', page('features/marketing/routes/documentation-page')),
  screen('/public-assets', page('features/assets/routes/public-assets-page')),
  screen('/public-assets/:id', page('features/assets/routes/public-asset-page')),
  // One function call and no query cache (api/verify-serial.ts): the page skips TanStack Query.
  screen('/verify/:serialNumber', page('features/assets/routes/verify-page'), noQuery),
  // GS1 Digital Link paths (decision 0140): /01/{gtin}[/22/…][/10/…][/21/{serial}] and the
  // standard's other primary keys, which the page answers as not supported rather than a redirect.
  ...PRIMARY_KEYS.map((key) => screen(`/${key}/*`, unitScanPage)),
  screen('/start-tagging', page('features/assets/routes/start-tagging-page')),
  screen('/contact/confirm', page('features/assets/routes/contact-confirm-page')),
  // Links in mails to people who may have no account yet: each shows what it is about, signed in or
  // not, and sends a signed-out visitor to sign in or up and back.
  screen('/nok/accept', page('features/inheritance/routes/accept-invite-page')),
  screen('/transfers/:id', page('features/assets/routes/transfer-offer-page')),
  screen('/mail-preferences', page('features/inheritance/routes/mail-preferences-page')),
];

/** Signed in, any role. /news is listed as public in SPEC §2 but wrapped in the guard, so it needs sign-in. */
export const signedInRoutes: ScreenRoute[] = [
  screen('/dashboard', page('app/routes/dashboard-page')),
  screen('/news', page('features/news/routes/news-page')),
  screen('/tag', page('features/assets/routes/tag-page')),
  screen('/assets', page('features/assets/routes/assets-page')),
  screen('/assets/:id', page('features/assets/routes/asset-detail-page')),
  screen('/wallet', page('features/wallet/routes/wallet-page')),
  screen('/profile', page('features/account/routes/profile-page')),
  screen('/settings', page('features/account/routes/settings-page')),
  screen('/nok', page('features/inheritance/routes/nok-page')),
  screen('/legacy', page('features/inheritance/routes/legacy-page')),
  screen('/referrals', page('features/referrals/routes/referrals-page')),
  screen('/contact/block', page('features/assets/routes/contact-block-page')),
  screen('/contact/report', page('features/assets/routes/contact-report-page')),
];

export const businessRoutes: ScreenRoute[] = [
  screen('/business-dashboard', page('features/business/routes/business-dashboard-page')),
  screen('/business/profile', page('features/business/routes/business-profile-page')),
  screen('/business/products', page('features/business/routes/products-page')),
  screen('/business/products/new', page('features/business/routes/product-edit-page')),
  screen('/business/products/:id', page('features/business/routes/product-page')),
  screen('/business/products/:id/edit', page('features/business/routes/product-edit-page')),
  screen('/business/analytics', page('features/business/routes/scan-analytics-page')),
];

export const adminRoutes: ScreenRoute[] = [
  screen('/admin-influencer-dashboard', page('features/admin/routes/admin-dashboard-page')),
  screen('/bug-reports', page('features/bug-report-admin/routes/bug-reports-page')),
  screen('/news-management', page('features/news/routes/news-management-page')),
  screen('/admin', page('features/panels/routes/admin-panel-page')),
];

export const moderationRoutes: ScreenRoute[] = [
  screen('/moderator', page('features/moderation/routes/moderator-page')),
];

const allScreens = (): ScreenRoute[] => [
  ...publicRoutes,
  ...signedInRoutes,
  ...businessRoutes,
  ...adminRoutes,
  ...moderationRoutes,
];

/** Old addresses the app still answers by sending the visitor on. */
const REDIRECTS: Record<string, string> = { '/influencer-referrals': '/referrals' };

/**
 * Every path pattern the app answers. The build writes them to dist/prerendered/routes.json
 * (scripts/vite-prerender.ts), so the server redirects any other path to / itself (SPEC §2: an
 * unknown path redirects to /) instead of sending the app only for it to do so.
 */
export const routePatterns = (): string[] => [...allScreens().map((r) => r.path), ...Object.keys(REDIRECTS)];

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pattern === '/') return pattern === pathname;
  // A final "*" takes whatever follows (the GS1 Digital Link paths).
  if (a.at(-1) === '*') return b.length >= a.length - 1 && a.slice(0, -1).every((seg, i) => seg === b[i]);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/**
 * Starts downloading the chunk of the screen at `pathname` before React renders, so the request
 * runs in parallel with start-up instead of after the first render.
 */
export function screenFor(pathname: string): ScreenRoute | undefined {
  return allScreens().find((r) => matches(r.path, pathname));
}

export function preloadScreen(pathname: string, locale: Locale): Promise<unknown> {
  const route = screenFor(pathname);
  if (!route) return Promise.resolve();
  // Failures are reported by the screen's own lazy load.
  return Promise.all([route.load(), loadScreenMessages(route.file, locale)]).catch(() => undefined);
}

const lazyScreens = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * A screen ready to render: its chunk, its messages and, unless it opts out, the query-cache wrapper,
 * loaded together (all cached after the first visit). `ready` is what else it must wait for.
 */
async function loadScreen(route: ScreenRoute, ready: Promise<unknown>, locale?: Locale): Promise<ComponentType> {
  const messages = loadScreenMessages(route.file, locale);
  if (route.withQueryClient === false) return (await Promise.all([route.load(), ready, messages]))[0].default;
  const [screenModule, boundary] = await Promise.all([route.load(), import('@/lib/query-boundary'), ready, messages]);
  return boundary.withQueryClient(screenModule.default);
}

/**
 * The screen a prerendered page is hydrated with, loaded before hydration starts (main.tsx) so that
 * its boundary never suspends. A boundary still waiting while hydrating is dropped for its fallback,
 * and rendered afresh, as soon as any update reaches it (the auth state, the language): a disclosure
 * the visitor had opened closed again, and /auth's footer jumped off screen and back (CLS 0.073).
 * It toasts only after the visitor acts, so it does not wait for the toaster either.
 */
const hydratedScreens = new Map<string, ComponentType>();
export async function loadScreenForHydration(pathname: string, locale: Locale): Promise<void> {
  const route = screenFor(pathname);
  if (!route) return;
  // A failed load is left to the screen's lazy load, whose boundary reports it.
  const screen = await loadScreen(route, Promise.resolve(), locale).catch(() => null);
  if (screen) hydratedScreens.set(route.path, screen);
}

/** Screens reached by navigation load when first rendered, behind their boundary's fallback. */
function lazyScreen(route: ScreenRoute): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(route.path);
  if (!component) {
    // Screens may toast as soon as they mount; the landing never does and must not wait.
    // (A build-time render has no effects, so no toaster to wait for.)
    const ready = route.path === '/' || typeof window === 'undefined' ? Promise.resolve() : toasterReady();
    component = lazy(async () => ({ default: await loadScreen(route, ready) }));
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
  // screen it stands for is its input: each screen shown ends the pending bar.
  useEffect(() => pendingDone(), [screen]);
  return null;
}

/** The next screen's code is on its way: its place shows a spinner, and the window the pending bar. */
function ScreenLoading() {
  useLayoutEffect(() => {
    document.documentElement.dataset.pending = '';
  }, []);
  return <LoadingScreen fullHeight />;
}

function Screen({ route }: { route: ScreenRoute }) {
  const location = useLocation();
  const Component = hydratedScreens.get(route.path) ?? lazyScreen(route);
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
 * click usually finds them there instead of waiting behind the screen's spinner.
 */
function usePrefetchOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      void preloadScreen(link.pathname, i18n.locale as Locale);
    };
    const types = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const type of types) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of types) document.removeEventListener(type, onIntent);
    };
  }, []);
}

export function AppRoutes() {
  usePrefetchOnIntent();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {screens(publicRoutes)}
        <Route element={<RouteGuard />}>{screens(signedInRoutes)}</Route>
        <Route element={<RouteGuard business />}>{screens(businessRoutes)}</Route>
        <Route element={<RouteGuard adminOnly />}>{screens(adminRoutes)}</Route>
        <Route element={<RouteGuard moderation />}>{screens(moderationRoutes)}</Route>
        {Object.entries(REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
