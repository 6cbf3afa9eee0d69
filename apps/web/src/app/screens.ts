// The screens of the route table (config/routes.ts) with their loaders: which screen answers a path, its
// chunk and messages loaded ahead, and its first data asked for ahead. No components here: the router
// (router.tsx), the app's start (main.tsx), the auth provider's first data and the prerender share it.
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { appRoutes, matchesRoute, type Access } from '@/config/routes';
import { loadScreenMessages } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';

export type Module = { default: ComponentType; prefetch?: ScreenPrefetch };

// Every screen module, each its own lazy chunk. A screen is named by its path under src without the
// extension; the same name keys its message catalogue (scripts/i18n/catalogue-split.ts), which loads with it.
const screenModules = import.meta.glob<Module>(['../features/*/routes/*-page.tsx', './routes/*-page.tsx']);

/** A row of the route table (config/routes.ts) with its screen's loader. */
export interface ScreenRoute {
  path: string;
  /** The screen module, e.g. features/marketing/routes/faq-page. */
  file: string;
  access: Access;
  load: () => Promise<Module>;
  /** False only for screens that never touch the query cache (keeps TanStack Query off the landing). */
  withQueryClient: boolean;
}

/** The loader of a screen module, named as in the route table. */
export function screenModule(file: string): () => Promise<Module> {
  const key = file.startsWith('app/') ? `./${file.slice(4)}.tsx` : `../${file}.tsx`;
  const load = screenModules[key];
  if (!load) throw new Error(`No screen module ${file}`);
  return load;
}

const screenRoutes: ScreenRoute[] = appRoutes.map((r) => ({
  path: r.path,
  file: r.screen,
  access: r.access,
  load: screenModule(r.screen),
  withQueryClient: r.queryClient !== false,
}));
const withAccess = (access: Access) => screenRoutes.filter((r) => r.access === access);

export const publicRoutes = withAccess('public');
export const signedInRoutes = withAccess('signedIn');
export const businessRoutes = withAccess('business');
export const adminRoutes = withAccess('admin');
export const moderationRoutes = withAccess('moderation');

/** The screen that answers `pathname`, if any. */
export function screenFor(pathname: string): ScreenRoute | undefined {
  return screenRoutes.find((r) => matchesRoute(r.path, pathname));
}

/**
 * Starts downloading the chunk of the screen at `pathname` before React renders, so the request
 * runs in parallel with start-up instead of after the first render.
 */
export function preloadScreen(pathname: string, locale: Locale): Promise<unknown> {
  const route = screenFor(pathname);
  if (!route) return Promise.resolve();
  // Failures are reported by the screen's own lazy load.
  return Promise.all([route.load(), loadScreenMessages(route.file, locale)]).catch(() => undefined);
}

/**
 * Starts the data of the screen at `pathname` for a signed-in user (lib/screen-prefetch.ts): called by
 * the auth provider once a stored session is known, before the profile is read (provider.tsx), and for
 * a link pointed at (router.tsx). Screens without a `prefetch` ask for their data when they render.
 */
export async function prefetchScreenData(pathname: string, userId: string): Promise<void> {
  const route = screenFor(pathname);
  if (!route?.withQueryClient) return;
  try {
    const [screen, { queryClient }] = await Promise.all([route.load(), import('@/lib/query-client')]);
    screen.prefetch?.({ queryClient, userId, params: matchPath(route.path, pathname)?.params ?? {} });
  } catch {
    // The screen's own render loads it again and reports a failure.
  }
}
