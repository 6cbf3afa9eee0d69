// What the build writes to dist/prerendered/routes.json (scripts/vite-prerender.ts): the route
// table (config/routes.ts) with the facts only checks need, which stay out of the browser's code:
// how e2e/tests/layout.spec.ts visits each screen. Imported by src/prerender.tsx (the build's Node
// pass) and by tests, never by the app.
import { appRoutes, redirects, routePatterns, routes, type AppRoute, type RouteName } from './routes';

/**
 * How e2e/tests/layout.spec.ts visits a screen. By default a route without a parameter is visited
 * at its path by its own access (public routes signed out); `url` names the address for one with a
 * parameter, `signedIn` visits a public screen signed in instead, `alsoSignedIn` signed in too, and
 * `skip` says why it is not visited.
 */
/**
 * How the layout test visits a route. `notFound`: the address names nothing on purpose and the server
 * answers its data request with 404 (which the browser logs); the screen must still say so properly.
 */
export type LayoutVisit = { url?: string; signedIn?: true; alsoSignedIn?: true; notFound?: true } | { skip: string };

const needsAnAsset = { skip: 'needs an asset of the visitor; e2e/tests/assets.spec.ts opens one' };
const needsAProduct = { skip: 'needs a product; e2e/tests/business.spec.ts opens one' };
const relayLink = { skip: "a relayed message's link, whose token only e2e/tests/assets.spec.ts has" };

/** The routes the layout test does not visit as by default, by the name of their row. */
export const layoutVisits: { readonly [K in RouteName]?: LayoutVisit } = {
  home: { alsoSignedIn: true },
  unauthorized: { alsoSignedIn: true },
  businessUpgrade: { alsoSignedIn: true },
  generalTagging: { alsoSignedIn: true },
  faq: { alsoSignedIn: true },
  publicAssets: { alsoSignedIn: true },
  publicAsset: { skip: 'needs a public asset; e2e/tests/public-frames.spec.ts opens one' },
  verify: { url: '/verify/NO-SUCH-SERIAL-1' },
  unitScan: { url: '/01/09506000134352/21/NO-SUCH-UNIT-1' },
  startTagging: { skip: 'the guest capture; e2e/tests/guest-capture.spec.ts walks through it' },
  contactConfirm: relayLink,
  nokAccept: { url: '/nok/accept?token=not-a-real-token', signedIn: true, notFound: true },
  transferOffer: { skip: "a transfer offer's mail link; e2e/tests/legacy.spec.ts follows one" },
  mailPreferences: { skip: "a mail's link, whose token only the mail has; e2e/tests/legacy.spec.ts follows one" },
  asset: needsAnAsset,
  contactBlock: relayLink,
  contactReport: relayLink,
  businessProduct: needsAProduct,
  businessProductEdit: needsAProduct,
};

const nameOf = new Map<string, RouteName>(Object.entries(routes).map(([name, r]) => [r.path, name as RouteName]));

/** A row's visit: its own, or (the GS1 paths of the other primary keys) none, being /01/*'s screen. */
export function layoutVisit(route: AppRoute): LayoutVisit | null {
  const name = nameOf.get(route.path);
  if (!name) return { skip: `the same screen as ${routes.unitScan.path}` };
  return layoutVisits[name] ?? null;
}

export function buildRouteList() {
  return {
    patterns: routePatterns(),
    redirects: Object.fromEntries(Object.entries(redirects).map(([from, to]) => [from, routes[to].path])),
    routes: appRoutes.map((r) => ({
      path: r.path,
      screen: r.screen,
      access: r.access,
      prerender: r.prerender ?? null,
      queryClient: r.queryClient !== false,
      layout: layoutVisit(r),
    })),
  };
}
