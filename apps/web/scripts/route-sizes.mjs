#!/usr/bin/env node
// Per-route JavaScript budgets (issues 18 and 29): for each route in budgets.json, the gzip size (level 9)
// of what the browser needs before the route can render — the entry and the app it loads, their static imports and
// modulepreloads (dist/index.html), the route's screen chunk with its static imports (through
// dist/.vite/manifest.json), the query wrapper for screens that use it, the signed-in header (with
// supabase-js) for signed-in screens, and the route's English
// message pieces — compared with the route's budget. Which screen a route shows, whether it uses the query
// wrapper and whether it is signed in come from the route table (src/config/routes.ts), as the build lists
// it in dist/prerendered/routes.json; budgets.json holds only the sizes. A page that hydrates on demand needs only the
// entry (its `kb`); the rest, loaded on the first interaction, is checked against its `interactionKb`. The budgets are data in apps/web/budgets.json,
// so raising one is a visible change in review. Runs after the build in scripts/test-all.sh; exits 1
// when a route is over its budget or a listed screen is missing from the build.
// It reads the manifest as the build's own steps do (build-manifest.ts), so it runs under tsx:
//   npx tsx apps/web/scripts/route-sizes.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { addChunkClosure, readManifest } from './build-manifest.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const budgets = JSON.parse(fs.readFileSync(path.join(root, 'budgets.json'), 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = readManifest(dist);
const table = new Map(
  JSON.parse(fs.readFileSync(path.join(dist, 'prerendered', 'routes.json'), 'utf8')).routes.map((r) => [r.path, r]),
);

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

const closure = (key, into) => addChunkClosure(manifest, key, into);

// The entry (src/boot.ts) and the app it loads (src/main.tsx), with what the route's page preloads:
// its prerendered page when it has one (which preloads no more than the entry, scripts/on-demand.ts),
// else index.html.
const entry = new Set();
closure('index.html', entry);
const prerenderedPage = (route) => {
  // As scripts/vite-prerender.ts names them: "/" → index.html, "/verify/:serialNumber" → verify/_.html.
  const file = path.join(
    dist,
    'prerendered',
    route === '/' ? 'index.html' : `${route.slice(1).replace(/:[^/]+/g, '_')}.html`,
  );
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};
function initialFor(route) {
  const files = new Set(entry);
  closure('src/main.tsx', files);
  const page = prerenderedPage(route) ?? html;
  for (const m of page.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) files.add(m[1]);
  return files;
}

// A prerendered page marked to hydrate on demand (scripts/on-demand.ts, decision 0133) needs only the
// entry before it is usable; the rest loads on the first interaction and has its own budget.
const onDemand = (route) => Boolean(prerenderedPage(route)?.includes('data-hydrate="on-demand"'));
const catalogueDir = fs.readdirSync(path.join(dist, 'assets/catalogues'))[0];
const queryBoundary = 'src/lib/query-boundary.tsx';

const results = [];
const sum = (files) => kb([...files].reduce((n, f) => n + gz(f), 0));
// A signed-in screen also needs the signed-in header (app/layout/signed-in-nav.tsx, a lazy chunk), and
// with it supabase-js, the query cache and the wallet's balance.
const signedInHeader = 'src/app/layout/signed-in-nav.tsx';

for (const [route, { kb: budget, interactionKb }] of Object.entries(budgets.routes)) {
  const row = table.get(route);
  if (!row) throw new Error(`budgets.json: ${route} is not a route of src/config/routes.ts`);
  const { screen, queryClient: withQueryClient } = row;
  const signedIn = row.access !== 'public';
  const files = initialFor(route);
  closure(`src/${screen}.tsx`, files);
  if (withQueryClient) closure(queryBoundary, files);
  if (signedIn) closure(signedInHeader, files);
  for (const piece of ['shell', screen]) files.add(`assets/catalogues/${catalogueDir}/en/${piece}.json`);
  const full = sum(files);
  if (onDemand(route)) {
    if (interactionKb === undefined)
      throw new Error(`${route} hydrates on demand: budgets.json needs its interactionKb`);
    const total = sum(entry);
    results.push({ route, screen, kb: total, budget, files: entry.size, over: total > budget, onDemand: true });
    results.push({
      route: `${route} (on interaction)`,
      screen,
      kb: full,
      budget: interactionKb,
      files: files.size,
      over: full > interactionKb,
    });
  } else {
    if (interactionKb !== undefined) throw new Error(`${route} does not hydrate on demand: drop its interactionKb`);
    results.push({ route, screen, kb: full, budget, files: files.size, over: full > budget });
  }
}

if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else
  for (const r of results)
    console.log(
      `${r.over ? 'OVER' : 'ok  '}  ${r.route.padEnd(36)} ${String(r.kb).padStart(6)} KB of ${r.budget} KB in ${r.files} files`,
    );
const over = results.filter((r) => r.over);
if (over.length) {
  console.error(`${over.length} route(s) over budget (apps/web/budgets.json): ${over.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
