// Which paths the web app answers. The build lists its route patterns in prerendered/routes.json
// (apps/web/src/app/router.tsx, routePatterns); a path that matches none of them is redirected to /
// here (SPEC §2: an unknown path redirects to /), so a mistyped or stale link costs one redirect
// instead of the whole app loading only to leave, and a crawler is not told that every address
// exists. Matching follows React Router's: segments compared without regard to case, ":name" matches
// any one non-empty segment, a final "*" matches whatever follows (the GS1 Digital Link paths,
// /01/*, decision 0140), and a trailing slash is ignored (docs/decisions/0139).
// The same list names each route's screen and what a page for it preloads (apps/web/scripts/
// screen-preloads.ts, decision 0178); screenRouteOf finds the route a path shows, as the app does.
import fs from 'node:fs';
import path from 'node:path';
import { readBuildList } from './build-lists.js';

const segments = (pathname: string) => pathname.split('/').filter((s) => s !== '');

/** The route patterns of the web build, or null for a build without the list (every path is the app's). */
export function readAppPaths(webDist: string): string[][] | null {
  return readBuildList(webDist, 'routes.json', 'patterns')?.map((p) => segments(p.toLowerCase())) ?? null;
}

function matches(pattern: string[], parts: string[]): boolean {
  const splat = pattern.at(-1) === '*';
  const fixed = splat ? pattern.slice(0, -1) : pattern;
  if (splat ? parts.length < fixed.length : parts.length !== fixed.length) return false;
  return fixed.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
}

export function isAppPath(patterns: string[][] | null, pathname: string): boolean {
  if (patterns === null) return true;
  const parts = segments(pathname.toLowerCase());
  return patterns.some((pattern) => matches(pattern, parts));
}

/** A route of the build's list: its pattern, its screen, and the chunks a page for it preloads. */
export interface ScreenRoute {
  pattern: string;
  screen: string;
  preload: string[];
}

export interface ScreenRoutes {
  /** Where the messages are: `${catalogues}/${language}/${screen}.json`. */
  catalogues: string;
  /** In the route table's order, which decides between two patterns that match (as in the app). */
  routes: (ScreenRoute & { segments: string[] })[];
}

const isAssetPath = (p: unknown): p is string => typeof p === 'string' && /^\/assets\/[\w./-]+$/.test(p);

/** The routes' screens and preloads, or null for a build whose list has none (older than decision 0178). */
export function readScreenRoutes(webDist: string): ScreenRoutes | null {
  const file = path.join(webDist, 'prerendered', 'routes.json');
  if (!fs.existsSync(file)) return null;
  const list = JSON.parse(fs.readFileSync(file, 'utf8')) as { catalogues?: unknown; routes?: unknown };
  if (!isAssetPath(list.catalogues) || !Array.isArray(list.routes)) return null;
  const routes: ScreenRoutes['routes'] = [];
  for (const row of list.routes as { path?: unknown; screen?: unknown; preload?: unknown }[]) {
    const { path: pattern, screen, preload } = row;
    if (typeof pattern !== 'string' || typeof screen !== 'string' || !/^[\w/-]+$/.test(screen)) continue;
    if (!Array.isArray(preload) || !preload.every(isAssetPath)) continue;
    routes.push({ pattern, screen, preload, segments: segments(pattern.toLowerCase()) });
  }
  return { catalogues: list.catalogues, routes };
}

/** The route whose screen the app shows at `pathname`: the first in the table that matches. */
export function screenRouteOf(list: ScreenRoutes, pathname: string): ScreenRoute | undefined {
  const parts = segments(pathname.toLowerCase());
  return list.routes.find((r) => matches(r.segments, parts));
}
