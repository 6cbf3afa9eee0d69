#!/usr/bin/env node
// Measures the JavaScript a browser needs for `/` from the production build (apps/web/dist):
//   initial     = the entry script of `/`'s page + every <link rel="modulepreload"> it lists + their
//                 static imports — all that loads before the page is usable; `/` is prerendered and
//                 hydrates on demand (decision 0133), so that is the tiny entry (src/boot.ts) alone;
//   interaction = initial + the app (src/main.tsx) and the landing route chunk with their static imports
//                 (followed through dist/.vite/manifest.json) + the message catalogue pieces the
//                 hydration awaits (the shell's and the landing's, lib/i18n/i18n.ts; English) — what the
//                 first interaction (or a stored session, or another language) loads.
// Sizes are gzip level 9 of each file, summed. Usage: node apps/web/scripts/measure-bundle.mjs [--budget 60]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
// `/` is served from its prerendered page (scripts/vite-prerender.ts) when the build has one.
const prerenderedIndex = path.join(dist, 'prerendered/index.html');
const html = fs.readFileSync(
  fs.existsSync(prerenderedIndex) ? prerenderedIndex : path.join(dist, 'index.html'),
  'utf8',
);
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > -1 ? Number(process.argv[budgetArg + 1]) : 60;

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

// Static closure of a manifest entry.
function closure(key, into) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into);
}
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const initial = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)) initial.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) initial.add(m[1]);
for (const file of [...initial]) if (byFile.has(file)) closure(byFile.get(file), initial);
const onDemand = html.includes('data-hydrate="on-demand"');

const landingKey = Object.keys(manifest).find((k) => k.endsWith('features/marketing/routes/landing-page.tsx'));
const interaction = new Set(initial);
closure('src/main.tsx', interaction);
if (landingKey) closure(landingKey, interaction);
// The hydration also waits for the visitor's messages (main.tsx, lib/i18n): the shell's and the
// landing's pieces of the split catalogue, English here.
const catalogueDir = fs.readdirSync(path.join(dist, 'assets/catalogues'))[0];
const catalogues = ['shell', 'features/marketing/routes/landing-page'].map(
  (piece) => `assets/catalogues/${catalogueDir}/en/${piece}.json`,
);
for (const f of catalogues) interaction.add(f);
const otherCatalogues = catalogues.map((f) => f.replace('/en/', '/fr/'));
// The landing route is loaded without the query wrapper (router.tsx: withQueryClient false).

const sum = (files) => [...files].reduce((n, f) => n + gz(f), 0);
const initialBytes = sum(initial);
console.log(`initial JS for / (${onDemand ? 'hydrates on demand: ' : ''}page script + modulepreloads + imports):`);
for (const f of initial) console.log(`  ${f}  ${kb(gz(f))} KB`);
console.log(`  total ${kb(initialBytes)} KB gzip`);
console.log(`on the first interaction (the app, the landing route and its messages): ${kb(sum(interaction))} KB gzip`);
for (const f of interaction) if (!initial.has(f)) console.log(`  + ${f}  ${kb(gz(f))} KB`);
for (const f of otherCatalogues) console.log(`French reader (instead of English): ${f}  ${kb(gz(f))} KB gzip`);
const byLocale = (locale) =>
  fs
    .readdirSync(path.join(dist, 'assets/catalogues'), { recursive: true })
    .filter((f) => f.endsWith('.json') && f.split(path.sep)[1] === locale)
    .reduce((n, f) => n + gz(path.join('assets/catalogues', f)), 0);
console.log(`all pieces, each gzipped alone: en ${kb(byLocale('en'))} KB, fr ${kb(byLocale('fr'))} KB`);
if (initialBytes / 1024 > budgetKb) {
  console.error(`over budget: ${kb(initialBytes)} KB > ${budgetKb} KB`);
  process.exit(1);
}
