// What a page served from index.html (every screen that is not prerendered) preloads for its own
// screen (issue 29, decision 0178): the screen's chunk with its static imports and, for a screen that
// uses the query cache, the query wrapper (src/lib/query-boundary.tsx), less what index.html already
// loads. The app asks for these only once its own chunk has run (main.tsx, ~150 ms at 4x CPU, then a
// fetch per level of imports); named in the page, they are fetched and compiled while it runs. The
// build writes them into prerendered/routes.json beside each route; the server puts those of the
// route a path shows into its page (apps/server/src/plugins/web.ts).
import fs from 'node:fs';
import path from 'node:path';
import { addChunkClosure, readManifest, type Manifest } from './build-manifest.ts';

export interface RouteRow {
  path: string;
  screen: string;
  queryClient: boolean;
}

const QUERY_BOUNDARY = 'src/lib/query-boundary.tsx';

/** The files index.html loads or preloads, with every chunk the scripts among them import. */
function indexFiles(outDir: string, manifest: Manifest): Set<string> {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  for (const [, file] of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/([^"]+)"/g)) {
    const key = keyOf.get(file!);
    if (key) addChunkClosure(manifest, key, files);
    else files.add(file!);
  }
  return files;
}

/** Each route's screen preloads ("/assets/…" paths), by its pattern. */
export function screenPreloads(outDir: string, routes: RouteRow[]): Map<string, string[]> {
  const manifest = readManifest(outDir);
  const loaded = indexFiles(outDir, manifest);
  const result = new Map<string, string[]>();
  for (const route of routes) {
    const screen = `src/${route.screen}.tsx`;
    if (!manifest[screen]) throw new Error(`${screen} is not in the build manifest`);
    const files = new Set<string>();
    addChunkClosure(manifest, screen, files);
    if (route.queryClient) addChunkClosure(manifest, QUERY_BOUNDARY, files);
    result.set(
      route.path,
      [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`),
    );
  }
  return result;
}
