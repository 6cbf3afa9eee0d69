// The app's route table (SPEC §2): the one place a path is written. Everything else derives from it:
// - the router (app/router.tsx): one lazily loaded screen per row, behind the guard of its access;
// - the links (config/paths.ts): `paths.faq`, `paths.asset(id)`, filled from the rows' patterns;
// - the prerendered pages and the sitemap (scripts/vite-prerender.ts, checked by scripts/check-prerender.mjs);
// - the build's prerendered/routes.json (config/route-list.ts), from which the server knows which paths
//   the app answers (apps/server/src/plugins/app-paths.ts) and e2e/tests/layout.spec.ts which screens
//   to visit (with config/route-list.ts's visits, kept out of the browser's code);
// - the route budgets' screens (scripts/route-sizes.mjs reads them from routes.json; budgets.json holds
//   only the sizes).
// src/app/route-table.test.ts fails when one of them drifts from the table. Pure data: no React here, so
// the build scripts and the server's list can read it.
import { PRIMARY_KEYS } from '@tagledger/functions-api';

/** Who may open a screen; each group is one guard in the router (app/route-guard.tsx). */
export type Access = 'public' | 'signedIn' | 'business' | 'admin' | 'moderation';

export interface AppRoute {
  /** The pattern React Router matches: `:name` for one segment, a final `*` for the rest. */
  path: string;
  /** The screen module under src, without its extension; it also keys the screen's messages. */
  screen: string;
  access: Access;
  /**
   * Rendered to HTML at build time (decision 0132): 'sitemap' also lists it in the sitemap,
   * 'unlisted' does not (the other doors to the sign-in form and its follow-up pages). A route with a
   * parameter is a frame, rendered once with "_" in its place (decision 0136).
   */
  prerender?: 'sitemap' | 'unlisted';
  /** False only for screens that never touch the query cache (keeps TanStack Query off the page). */
  queryClient?: false;
}

const marketing = (name: string) => `features/marketing/routes/${name}-page`;
const auth = (name: string) => `features/auth/routes/${name}-page`;
const assets = (name: string) => `features/assets/routes/${name}-page`;
const business = (name: string) => `features/business/routes/${name}-page`;
const inheritance = (name: string) => `features/inheritance/routes/${name}-page`;
// Auth screens read no cached server data; without the query wrapper they need fewer chunks.
const signIn = (prerender?: AppRoute['prerender']) =>
  ({ screen: auth('auth'), access: 'public', queryClient: false, prerender }) as const;
const publicPage = (screen: string, prerender?: AppRoute['prerender']) =>
  ({ screen, access: 'public', prerender }) as const;
const signedIn = (screen: string) => ({ screen, access: 'signedIn' }) as const;
const needs = (access: 'business' | 'admin' | 'moderation', screen: string) => ({ screen, access }) as const;

/** Every screen, by the name its link has in `paths`. */
export const routes = {
  // The landing is the page with the size budget; it reads no server data.
  home: {
    path: '/',
    ...publicPage(marketing('landing'), 'sitemap'),
    queryClient: false,
  },
  auth: { path: '/auth', ...signIn('sitemap') },
  login: { path: '/login', ...signIn('unlisted') },
  signup: { path: '/signup', ...signIn('unlisted') },
  businessAuth: { path: '/business-auth', ...signIn('unlisted') },
  influencerSignup: { path: '/influencer-signup', ...signIn('unlisted') },
  authCallback: { path: '/auth/callback', ...publicPage(auth('auth-callback')), queryClient: false },
  checkEmail: { path: '/check-email', ...publicPage(auth('check-email'), 'unlisted'), queryClient: false },
  forgotPassword: {
    path: '/forgot-password',
    ...publicPage(auth('forgot-password'), 'unlisted'),
    queryClient: false,
  },
  resetPassword: { path: '/reset-password', ...publicPage(auth('reset-password')), queryClient: false },
  unauthorized: { path: '/unauthorized', ...publicPage(marketing('unauthorized')) },
  businessUpgrade: {
    path: '/business-upgrade',
    ...publicPage(marketing('business-upgrade')),
  },
  launch: { path: '/launch', ...publicPage(marketing('launch')) },
  dao: { path: '/dao', ...publicPage(marketing('dao')) },
  generalTagging: {
    path: '/general-tagging',
    ...publicPage(marketing('general-tagging'), 'sitemap'),
  },
  nftTagging: { path: '/nft-tagging', ...publicPage(marketing('nft-tagging'), 'sitemap') },
  mywillTagging: { path: '/mywill-tagging', ...publicPage(marketing('mywill-tagging'), 'sitemap') },
  businessTagging: { path: '/business-tagging', ...publicPage(marketing('business-tagging'), 'sitemap') },
  privacyPolicy: { path: '/privacy-policy', ...publicPage(marketing('privacy-policy'), 'sitemap') },
  termsOfService: { path: '/terms-of-service', ...publicPage(marketing('terms-of-service'), 'sitemap') },
  cookiePolicy: { path: '/cookie-policy', ...publicPage(marketing('cookie-policy'), 'sitemap') },
  gdprCompliance: { path: '/gdpr-compliance', ...publicPage(marketing('gdpr-compliance'), 'sitemap') },
  dataProcessingAgreement: {
    path: '/data-processing-agreement',
    ...publicPage(marketing('data-processing-agreement'), 'sitemap'),
  },
  support: { path: '/support', ...publicPage(marketing('support'), 'sitemap') },
  faq: { path: '/faq', ...publicPage(marketing('faq'), 'sitemap') },
  aboutUs: { path: '/about-us', ...publicPage(marketing('about-us'), 'sitemap') },
  careers: { path: '/careers', ...publicPage(marketing('careers'), 'sitemap') },
  documentation: { path: '/documentation', ...publicPage(marketing('documentation'), 'sitemap') },
  publicAssets: {
    path: '/public-assets',
    ...publicPage(assets('public-assets'), 'sitemap'),
  },
  publicAsset: {
    path: '/public-assets/:id',
    ...publicPage(assets('public-asset'), 'sitemap'),
  },
  // One function call and no query cache (api/verify-serial.ts): the page skips TanStack Query.
  verify: {
    path: '/verify/:serialNumber',
    ...publicPage(assets('verify'), 'sitemap'),
    queryClient: false,
  },
  // GS1 Digital Link paths (decision 0140): /01/{gtin}[/22/…][/10/…][/21/{serial}]. The standard's
  // other primary keys (gs1OtherKeys below) show the same page, which answers them as not supported.
  unitScan: {
    path: '/01/*',
    ...publicPage(assets('unit-scan')),
  },
  startTagging: {
    path: '/start-tagging',
    ...publicPage(assets('start-tagging')),
  },
  contactConfirm: {
    path: '/contact/confirm',
    ...publicPage(assets('contact-confirm')),
  },
  // Links in mails to people who may have no account yet: each shows what it is about, signed in or
  // not, and sends a signed-out visitor to sign in or up and back.
  nokAccept: {
    path: '/nok/accept',
    ...publicPage(inheritance('accept-invite')),
  },
  transferOffer: {
    path: '/transfers/:id',
    ...publicPage(assets('transfer-offer')),
  },
  mailPreferences: {
    path: '/mail-preferences',
    ...publicPage(inheritance('mail-preferences')),
  },
  // Signed in, any role. /news is listed as public in SPEC §2 but wrapped in the guard, so it needs sign-in.
  dashboard: { path: '/dashboard', ...signedIn('app/routes/dashboard-page') },
  news: { path: '/news', ...signedIn('features/news/routes/news-page') },
  tag: { path: '/tag', ...signedIn(assets('tag')) },
  assets: { path: '/assets', ...signedIn(assets('assets')) },
  asset: { path: '/assets/:id', ...signedIn(assets('asset-detail')) },
  wallet: { path: '/wallet', ...signedIn('features/wallet/routes/wallet-page') },
  profile: { path: '/profile', ...signedIn('features/account/routes/profile-page') },
  settings: { path: '/settings', ...signedIn('features/account/routes/settings-page') },
  nok: { path: '/nok', ...signedIn(inheritance('nok')) },
  legacy: { path: '/legacy', ...signedIn(inheritance('legacy')) },
  referrals: { path: '/referrals', ...signedIn('features/referrals/routes/referrals-page') },
  contactBlock: {
    path: '/contact/block',
    ...signedIn(assets('contact-block')),
  },
  contactReport: {
    path: '/contact/report',
    ...signedIn(assets('contact-report')),
  },
  businessDashboard: { path: '/business-dashboard', ...needs('business', business('business-dashboard')) },
  businessProfile: { path: '/business/profile', ...needs('business', business('business-profile')) },
  businessProducts: { path: '/business/products', ...needs('business', business('products')) },
  businessProductNew: { path: '/business/products/new', ...needs('business', business('product-edit')) },
  businessProduct: { path: '/business/products/:id', ...needs('business', business('product')) },
  businessProductEdit: {
    path: '/business/products/:id/edit',
    ...needs('business', business('product-edit')),
  },
  businessAnalytics: { path: '/business/analytics', ...needs('business', business('scan-analytics')) },
  adminDashboard: {
    path: '/admin-influencer-dashboard',
    ...needs('admin', 'features/admin/routes/admin-dashboard-page'),
  },
  bugReports: { path: '/bug-reports', ...needs('admin', 'features/bug-report-admin/routes/bug-reports-page') },
  newsManagement: { path: '/news-management', ...needs('admin', 'features/news/routes/news-management-page') },
  admin: { path: '/admin', ...needs('admin', 'features/panels/routes/admin-panel-page') },
  moderator: { path: '/moderator', ...needs('moderation', 'features/moderation/routes/moderator-page') },
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof routes;

/** The GS1 Digital Link paths of the other primary keys: the unit-scan screen, which declines them. */
const gs1OtherKeys: AppRoute[] = PRIMARY_KEYS.filter((key) => `/${key}/*` !== routes.unitScan.path).map((key) => ({
  ...routes.unitScan,
  path: `/${key}/*`,
}));

/** Every row, in the order the router tries them. */
export const appRoutes: readonly AppRoute[] = [...Object.values(routes), ...gs1OtherKeys];

/** Old addresses the app still answers by sending the visitor on. */
export const redirects: Readonly<Record<string, RouteName>> = { '/influencer-referrals': 'referrals' };

/**
 * Every path pattern the app answers: its screens' and its redirects'. The build writes them to
 * dist/prerendered/routes.json, so the server redirects any other path to / itself (SPEC §2: an
 * unknown path redirects to /) instead of sending the app only for it to do so (decision 0139).
 */
export const routePatterns = (): string[] => [...appRoutes.map((r) => r.path), ...Object.keys(redirects)];

/** Whether `pathname` is one of `pattern`'s paths, as React Router matches them (a trailing slash ignored). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pattern === '/') return pattern === pathname;
  // A final "*" takes whatever follows (the GS1 Digital Link paths).
  if (a.at(-1) === '*') return b.length >= a.length - 1 && a.slice(0, -1).every((seg, i) => seg === b[i]);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The route that answers `pathname`, if any. */
export const routeFor = (pathname: string): AppRoute | undefined =>
  appRoutes.find((r) => matchesRoute(r.path, pathname));

/** A pattern with its parameters filled in, each encoded as one segment: fill('/assets/:id', { id }). */
export function fill(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/** The routes prerendered at build time, and those of them the sitemap lists (no parameter, not unlisted). */
export const prerenderedPaths = (): string[] => appRoutes.filter((r) => r.prerender).map((r) => r.path);
export const sitemapPaths = (): string[] =>
  appRoutes.filter((r) => r.prerender === 'sitemap' && !r.path.includes(':')).map((r) => r.path);
