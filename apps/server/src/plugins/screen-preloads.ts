// What the page of a signed-in screen preloads (issue 29, docs/decisions/0168). Those pages are
// index.html, which names the app's chunk and the landing's; the screen's own chunk, supabase-js, the
// query cache, the toaster and the signed-in header were found by the browser one after another as
// the app ran and rendered. The web build lists each screen's files (prerendered/preloads.json,
// apps/web/scripts/vite-screen-preloads.ts) and its routes (prerendered/routes.json): here a signed-in
// route's page gets them as <link rel="modulepreload"> (and its messages as a fetch preload), in
// place of the landing's. Same-origin files only, which the page's CSP already allows.
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../shared/language.js';
import { isAppPath } from './app-paths.js';

interface PreloadList {
  landing: string[];
  signedIn: string[];
  screens: Record<string, { files: string[]; messages: string | null }>;
}

interface RouteRow {
  path: string;
  screen: string;
  access: string;
}

const FILE = /^assets\/[A-Za-z0-9._/-]+\.(?:js|json)$/;
const files = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && FILE.test(f)) : [];

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const segments = (pattern: string) =>
  pattern
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '');

/**
 * For a web build with both lists: the screen of a signed-in path (or null), and a page's HTML with
 * that screen's preloads. For an older build, null: every page is served as built.
 */
export function readScreenPreloads(webDist: string): {
  signedInScreen(pathname: string): string | null;
  withPreloads(html: string, screen: string, language: Language): string;
} | null {
  const preloads = readJson(path.join(webDist, 'prerendered', 'preloads.json')) as Partial<PreloadList> | null;
  const routeList = readJson(path.join(webDist, 'prerendered', 'routes.json')) as { routes?: RouteRow[] } | null;
  if (!preloads?.screens || !Array.isArray(routeList?.routes)) return null;
  const signedInRoutes = routeList.routes
    .filter((r) => r.access !== 'public' && typeof r.path === 'string' && typeof r.screen === 'string')
    .map((r) => ({ pattern: [segments(r.path)], screen: r.screen }));
  const landing = new Set(files(preloads.landing));
  const signedIn = files(preloads.signedIn);
  const screens = preloads.screens;
  return {
    signedInScreen: (pathname) => signedInRoutes.find((r) => isAppPath(r.pattern, pathname))?.screen ?? null,
    withPreloads(html, screen, language) {
      const own = screens[screen];
      // The landing's chunks are of no use to this page.
      let page = html.replace(/\s*<link rel="modulepreload" crossorigin="" href="\/([^"]+)">/g, (link, file: string) =>
        landing.has(file) ? '' : link,
      );
      const named = new Set([...page.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => m[1]));
      const modules = [...new Set([...files(own?.files), ...signedIn])].filter((f) => !named.has(f));
      const messages = files([own?.messages]).map((f) => f.replace(/\/en\//, `/${language}/`));
      const links = [
        ...modules.map((f) => `<link rel="modulepreload" crossorigin="" href="/${f}">`),
        ...messages.map((f) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="/${f}">`),
      ];
      if (links.length === 0) return page;
      page = page.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      return page;
    },
  };
}
