// A screen module may export `prefetch`: the queries it asks for first, started before it renders.
// On a page load with a stored session the router calls it as soon as the session is known
// (app/screens.ts, prefetchScreenData), so the screen's data travels while the profile is read and the
// guard decides, instead of one round trip after the other (issue 29). It must ask with the very
// query options (keys) the screen's hooks use, or the screen would ask again.
import type { QueryClient } from '@tanstack/react-query';

export interface ScreenPrefetchContext {
  queryClient: QueryClient;
  userId: string;
  /** The route's parameters, e.g. `id` of /assets/:id. */
  params: Readonly<Record<string, string | undefined>>;
}

export type ScreenPrefetch = (context: ScreenPrefetchContext) => void;
