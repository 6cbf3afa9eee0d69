#!/usr/bin/env node
// Checks the build's prerendered pages (issue 18): every prerendered route of the route table
// (src/config/routes.ts, which the build lists in dist/prerendered/routes.json) has its HTML in
// dist/prerendered, in English and in French (dist/prerendered/fr, decision 0143), with <html lang> and
// #root's data-prerendered in that language (a French page that is not the English one), its own
// <title> (not index.html's), its description, its messages preloaded in its language, and its main
// heading (an <h1> with text) inside #root, so it paints without JavaScript (a frame, served for any
// value of its parameters, may leave the heading to its data but has a body); and that sitemap.json
// lists the prerendered pages without parameters less the unlisted ones, and that routes.json's patterns
// (the paths the server does not redirect to /) hold every route. Runs after the build in
// scripts/test-all.sh; exits 1 listing what is wrong.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const routesFile = path.join(dist, 'prerendered', 'routes.json');
if (!fs.existsSync(routesFile)) {
  console.error(`no ${path.relative(root, routesFile)}: the build did not list the app's routes`);
  process.exit(1);
}
const routeList = JSON.parse(fs.readFileSync(routesFile, 'utf8'));
const routes = routeList.routes.filter((r) => r.prerender).map((r) => r.path);
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const titleOf = (html) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '';
const text = (html) => html.replace(/<[^>]+>/g, '').trim();

const LANGUAGES = ['en', 'fr'];
const problems = [];
const englishBodies = new Map();
for (const locale of LANGUAGES)
  for (const route of routes) {
    const where = `${route} (${locale})`;
    // A frame (route with parameters) is rendered with "_" for each (scripts/vite-prerender.ts).
    const frame = route.includes('/:');
    const file = path.join(
      dist,
      'prerendered',
      locale === 'en' ? '' : locale,
      route === '/' ? 'index.html' : `${route.replace(/:[^/]+/g, '_').slice(1)}.html`,
    );
    if (!fs.existsSync(file)) {
      problems.push(`${where}: no ${path.relative(root, file)}`);
      continue;
    }
    const html = fs.readFileSync(file, 'utf8');
    const title = titleOf(html);
    const body =
      new RegExp(`<div id="root" data-prerendered="${locale}"[^>]*>([\\s\\S]*)<\\/div>\\s*<\\/body>`).exec(html)?.[1] ??
      '';
    if (!html.includes(`<html lang="${locale}">`)) problems.push(`${where}: no <html lang="${locale}">`);
    if (!body) problems.push(`${where}: no #root prerendered in ${locale}`);
    const preloads = [...html.matchAll(/rel="preload" as="fetch"[^>]*href="\/assets\/catalogues\/[^/]+\/([a-z]+)\//g)];
    if (preloads.some((m) => m[1] !== locale)) problems.push(`${where}: preloads messages of another language`);
    if (locale === 'en') englishBodies.set(route, body);
    else if (body === englishBodies.get(route)) problems.push(`${where}: the English page`);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
    if (/<!--\$[?!]-->/.test(body) || /<script/.test(body))
      problems.push(`${where}: a part left for the browser to render`);
    if (!title || title === titleOf(index)) problems.push(`${where}: no page title of its own`);
    if (!/<meta\s+name="description"\s+content="[^"]+"/.test(html)) problems.push(`${where}: no description`);
    // A frame's heading may be its data's (an asset's title), filled in by the client; it needs a body.
    if (frame && !text(body)) problems.push(`${where}: an empty frame`);
    else if (!frame && (!h1 || !text(h1))) problems.push(`${where}: no main heading in #root`);
    else if (frame && !h1) console.log(`ok  ${where.padEnd(33)} ${title}  —  frame`);
    else console.log(`ok  ${where.padEnd(33)} ${title}  —  h1 "${text(h1).slice(0, 60)}"`);
  }
// The sitemap (served as /sitemap.xml) lists prerendered pages only, each once, and all but the excluded.
const sitemapFile = path.join(dist, 'prerendered', 'sitemap.json');
const sitemap = fs.existsSync(sitemapFile) ? JSON.parse(fs.readFileSync(sitemapFile, 'utf8')).paths : [];
const expected = routeList.routes.filter((r) => r.prerender === 'sitemap' && !r.path.includes('/:')).map((r) => r.path);
if (!expected.length) problems.push('no page for the sitemap');
if (JSON.stringify(sitemap) !== JSON.stringify(expected))
  problems.push(`sitemap.json lists ${JSON.stringify(sitemap)}, not ${JSON.stringify(expected)}`);
else console.log(`ok  sitemap.json: ${sitemap.length} pages`);
// The server redirects every path that matches none of routes.json's patterns to /.
const patterns = routeList.patterns;
const unlisted = routeList.routes.map((r) => r.path).filter((r) => !patterns.includes(r));
if (unlisted.length) problems.push(`routes.json lacks ${unlisted.join(', ')}`);
else console.log(`ok  routes.json: ${patterns.length} route patterns`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
