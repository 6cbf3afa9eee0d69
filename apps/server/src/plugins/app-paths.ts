// Which paths the web app answers. The build lists its route patterns in prerendered/routes.json
// (apps/web/src/app/router.tsx, routePatterns); a path that matches none of them is redirected to /
// here (SPEC §2: an unknown path redirects to /), so a mistyped or stale link costs one redirect
// instead of the whole app loading only to leave, and a crawler is not told that every address
// exists. Matching follows React Router's: segments compared without regard to case, ":name" matches
// any one non-empty segment, a final "*" matches whatever follows (the GS1 Digital Link paths,
// /01/*, decision 0140), and a trailing slash is ignored (docs/decisions/0139).
import { readBuildList } from './build-lists.js';

const segments = (pathname: string) => pathname.split('/').filter((s) => s !== '');

/** The route patterns of the web build, or null for a build without the list (every path is the app's). */
export function readAppPaths(webDist: string): string[][] | null {
  return readBuildList(webDist, 'routes.json', 'patterns')?.map((p) => segments(p.toLowerCase())) ?? null;
}

export function isAppPath(patterns: string[][] | null, pathname: string): boolean {
  if (patterns === null) return true;
  const parts = segments(pathname.toLowerCase());
  return patterns.some((pattern) => {
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? parts.length < fixed.length : parts.length !== fixed.length) return false;
    return fixed.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}
