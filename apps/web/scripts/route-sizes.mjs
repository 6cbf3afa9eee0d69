#!/usr/bin/env node
// Per-route JavaScript budgets (issue 18): for each public route in budgets.json, the gzip size (level 9)
// of what the browser needs before the route can render — the entry, its static imports and
// modulepreloads (dist/index.html), the route's screen chunk with its static imports (through
// dist/.vite/manifest.json), the query wrapper for screens that use it, and the route's English
// message pieces — compared with the route's budget. The budgets are data in apps/web/budgets.json,
// so raising one is a visible change in review. Runs after the build in scripts/test-all.sh; exits 1
// when a route is over its budget or a listed screen is missing from the build.
//   node apps/web/scripts/route-sizes.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const budgets = JSON.parse(fs.readFileSync(path.join(root, 'budgets.json'), 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function closure(key, into) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into);
}

const initial = new Set();
closure('index.html', initial);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) initial.add(m[1]);
const catalogueDir = fs.readdirSync(path.join(dist, 'assets/catalogues'))[0];
const queryBoundary = 'src/lib/query-boundary.tsx';

const results = [];
for (const [route, { screen, kb: budget, withQueryClient }] of Object.entries(budgets.routes)) {
  const files = new Set(initial);
  closure(`src/${screen}.tsx`, files);
  if (withQueryClient) closure(queryBoundary, files);
  for (const piece of ['shell', screen]) files.add(`assets/catalogues/${catalogueDir}/en/${piece}.json`);
  const total = kb([...files].reduce((n, f) => n + gz(f), 0));
  results.push({ route, screen, kb: total, budget, files: files.size, over: total > budget });
}

if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else
  for (const r of results)
    console.log(
      `${r.over ? 'OVER' : 'ok  '}  ${r.route.padEnd(18)} ${String(r.kb).padStart(6)} KB of ${r.budget} KB in ${r.files} files`,
    );
const over = results.filter((r) => r.over);
if (over.length) {
  console.error(`${over.length} route(s) over budget (apps/web/budgets.json): ${over.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
