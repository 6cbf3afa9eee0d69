#!/usr/bin/env node
// Checks the build's prerendered pages (issue 18): every route of prerender.json has its HTML in
// dist/prerendered, with its own <title> (not index.html's), its description, and its main heading (an
// <h1> with text) inside #root, so it paints without JavaScript. Runs after the build in
// scripts/test-all.sh; exits 1 listing what is wrong.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const { routes } = JSON.parse(fs.readFileSync(path.join(root, 'prerender.json'), 'utf8'));
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const titleOf = (html) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '';
const text = (html) => html.replace(/<[^>]+>/g, '').trim();

const problems = [];
for (const route of routes) {
  const file = path.join(dist, 'prerendered', route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  if (!fs.existsSync(file)) {
    problems.push(`${route}: no ${path.relative(root, file)}`);
    continue;
  }
  const html = fs.readFileSync(file, 'utf8');
  const title = titleOf(html);
  const body = /<div id="root" data-prerendered="en"[^>]*>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
  if (/<!--\$[?!]-->/.test(body) || /<script/.test(body))
    problems.push(`${route}: a part left for the browser to render`);
  if (!title || title === titleOf(index)) problems.push(`${route}: no page title of its own`);
  if (!/<meta\s+name="description"\s+content="[^"]+"/.test(html)) problems.push(`${route}: no description`);
  if (!h1 || !text(h1)) problems.push(`${route}: no main heading in #root`);
  else console.log(`ok  ${route.padEnd(28)} ${title}  —  h1 "${text(h1).slice(0, 60)}"`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
