// The route table (config/routes.ts) is the one place a path is written; these fail when something that
// derives from it drifts: a link helper that leads nowhere, a screen module that does not exist, a
// budget for a route that is gone, a route the layout test can neither visit nor says why, or a route
// literal written outside the table.
import { describe, expect, it } from 'vitest';
import {
  adminRoutes,
  businessRoutes,
  moderationRoutes,
  publicRoutes,
  screenFor,
  screenModule,
  signedInRoutes,
} from '@/app/screens';
import { USE_CASE_LANDINGS } from '@/app/layout/use-case-landings';
import { buildRouteList, layoutVisit } from '@/config/route-list';
import { emailCallbackUrl, safeReturnPath, signUpHref } from '@/lib/signup-context';
import { paths } from '@/config/paths';
import {
  appRoutes,
  fill,
  matchesRoute,
  prerenderedPaths,
  redirects,
  routeFor,
  routePatterns,
  routes,
  sitemapPaths,
} from '@/config/routes';
import budgetsFile from '../../budgets.json';

// Every source file but tests, as text (Vite's ?raw: nothing in src imports a Node module), keyed by
// its path under src.
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [file.replace(/^\/src\//, ''), text]),
);
const hasParameter = (p: string) => /[:*]/.test(p);

describe('the router', () => {
  it('renders every row of the table, once, behind the guard of its access', () => {
    const rendered = [
      ...publicRoutes.map((r) => [r.path, 'public']),
      ...signedInRoutes.map((r) => [r.path, 'signedIn']),
      ...businessRoutes.map((r) => [r.path, 'business']),
      ...adminRoutes.map((r) => [r.path, 'admin']),
      ...moderationRoutes.map((r) => [r.path, 'moderation']),
    ];
    expect(rendered.sort()).toEqual(appRoutes.map((r) => [r.path, r.access]).sort());
    expect(new Set(appRoutes.map((r) => r.path)).size).toBe(appRoutes.length);
  });

  it("loads each row's screen module, which exists", () => {
    for (const row of appRoutes) {
      expect(() => screenModule(row.screen), row.path).not.toThrow();
      expect(screenFor(row.path.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x'))?.file, row.path).toBe(row.screen);
    }
    expect(() => screenModule('features/marketing/routes/no-such-page')).toThrow(/No screen module/);
  });

  it('answers the patterns the build lists for the server: the screens and the redirects', () => {
    expect(routePatterns()).toEqual([...appRoutes.map((r) => r.path), ...Object.keys(redirects)]);
    expect(buildRouteList().patterns).toEqual(routePatterns());
    for (const [from, to] of Object.entries(buildRouteList().redirects)) {
      expect(routeFor(from), from).toBeUndefined();
      expect(appRoutes.map((r) => r.path)).toContain(to);
    }
  });
});

describe('the links (paths)', () => {
  it('has a link for every route without a parameter, by the same name', () => {
    for (const [name, row] of Object.entries(routes)) {
      if (hasParameter(row.path)) continue;
      const link = (paths as Record<string, unknown>)[name];
      // A link with a query (paths.contactBlock(messageId)) leads to its route's path.
      const href = typeof link === 'function' ? (link as (a: string) => string)('x') : link;
      expect(typeof href === 'string' && new URL(href, 'https://example.test').pathname, name).toBe(row.path);
    }
  });

  it('leads every link to a screen of the table', () => {
    const sample = ['a1b2c3d4-0000-4000-8000-000000000000', '09506000134352'];
    for (const [name, value] of Object.entries(paths)) {
      const href = typeof value === 'function' ? (value as (...a: string[]) => string)(...sample) : value;
      const pathname = new URL(href, 'https://example.test').pathname;
      expect(routeFor(pathname), `paths.${name} = ${href}`).toBeDefined();
    }
  });

  it('fills parameters as one encoded segment each', () => {
    expect(fill('/verify/:serialNumber', { serialNumber: 'A/B 1' })).toBe('/verify/A%2FB%201');
    expect(paths.businessProductEdit('p1')).toBe('/business/products/p1/edit');
    expect(() => fill('/assets/:id', {})).toThrow(/needs id/);
    expect(matchesRoute(routes.asset.path, paths.asset('x'))).toBe(true);
  });
});

describe('the lists derived for the build', () => {
  it('prerenders public screens only, and lists in the sitemap only prerendered pages without a parameter', () => {
    for (const p of prerenderedPaths()) expect(routeFor(p.replace(/:[^/]+/g, 'x'))?.access, p).toBe('public');
    for (const p of sitemapPaths()) {
      expect(prerenderedPaths()).toContain(p);
      expect(hasParameter(p)).toBe(false);
    }
    // The other doors to the sign-in form are prerendered but left out of the sitemap.
    expect(prerenderedPaths()).toContain(paths.login);
    expect(sitemapPaths()).not.toContain(paths.login);
    expect(sitemapPaths()).toContain(paths.faq);
  });

  it('budgets only routes of the table (route-sizes.mjs takes their screens from it)', () => {
    const budgets = budgetsFile as { routes: Record<string, Record<string, unknown>> };
    for (const [route, budget] of Object.entries(budgets.routes)) {
      expect(
        appRoutes.map((r) => r.path),
        route,
      ).toContain(route);
      expect(
        Object.keys(budget).filter((k) => k !== 'kb' && k !== 'interactionKb'),
        route,
      ).toEqual([]);
    }
  });

  it('tells the layout test, for every route with a parameter, the address to visit or why not', () => {
    for (const row of appRoutes) {
      const layout = layoutVisit(row) ?? {};
      if ('skip' in layout) expect(layout.skip.length, row.path).toBeGreaterThan(10);
      else if (hasParameter(row.path)) {
        expect(layout.url, row.path).toBeDefined();
        expect(matchesRoute(row.path, new URL(layout.url!, 'https://example.test').pathname), row.path).toBe(true);
      } else if (layout.url) expect(new URL(layout.url, 'https://example.test').pathname).toBe(row.path);
    }
  });
});

describe('no route written outside the table', () => {
  // A route's path in quotes, alone or followed by a query, a fragment or more path; texts shown to
  // people (i18n._('/verify/…')) are not links. "/" alone is too common a string to tell apart.
  const fixed = appRoutes.map((r) => r.path.replace(/\/[:*].*$/, '')).filter((p) => p !== '' && p !== '/');
  const literal = /(?<!i18n\._\()(['"`])(\/[a-z0-9/-]*)(?=[?#'"`/$])/g;
  const isRoute = (s: string) => fixed.some((p) => s === p || s === `${p}/`);

  // The boot entry's modules (src/boot.ts, about 3.4 KB on the landing) do not load the table; what they name
  // is checked against it instead.
  const tableFiles = new Set(['config/routes.ts', 'config/route-list.ts']);
  const bootFiles = new Set(['app/layout/use-case-landings.ts', 'lib/signup-context.ts']);
  it('names in the boot entry only routes of the table', () => {
    for (const landing of USE_CASE_LANDINGS) expect(routeFor(landing)?.screen, landing).toMatch(/tagging-page$/);
    const pathname = (href: string) => new URL(href, 'https://example.test').pathname;
    expect(pathname(signUpHref('faq', 'r1'))).toBe(paths.signup);
    expect(pathname(emailCallbackUrl('https://example.test', 'r1', null))).toBe(paths.authCallback);
    for (const door of [paths.auth, paths.login, paths.signup, paths.authCallback])
      expect(safeReturnPath(door), door).toBeNull();
  });

  it('finds a planted literal', () => {
    const planted = "navigate('/wallet'); const x = `/assets/${id}`; i18n._('/verify/')";
    expect([...planted.matchAll(literal)].map((m) => m[2]!).filter(isRoute)).toEqual(['/wallet', '/assets/']);
  });

  it('has none in the source: links use paths.*', () => {
    const found: string[] = [];
    expect(Object.keys(SOURCES)).toContain('app/router.tsx');
    for (const [file, source] of Object.entries(SOURCES)) {
      if (bootFiles.has(file) || tableFiles.has(file)) continue;
      const text = source
        // Comments name routes in prose.
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      for (const m of text.matchAll(literal)) if (isRoute(m[2]!)) found.push(`${file}: ${m[2]}`);
    }
    expect(found).toEqual([]);
  });
});
