// The lists the web build writes beside its prerendered pages (apps/web/scripts/vite-prerender.ts):
// routes.json, the app's route patterns, and sitemap.json, the pages search engines are pointed at.
import fs from 'node:fs';
import path from 'node:path';

/** The paths of `prerendered/<file>` under `key`, or null when the build has no such list. */
export function readBuildList(webDist: string, file: 'routes.json' | 'sitemap.json', key: string): string[] | null {
  const full = path.join(webDist, 'prerendered', file);
  if (!fs.existsSync(full)) return null;
  const list = (JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>)[key];
  if (!Array.isArray(list)) return null;
  return list.filter((p): p is string => typeof p === 'string' && p.startsWith('/'));
}
