// A page the app renders itself (index.html: the signed-in screens) names its screen's code and
// messages (decision 0178): the build lists each route's chunks in prerendered/routes.json, and the
// server puts those of the route a path shows — the first of the table that matches, as in the app —
// into the page, with the messages in the page's language. Through the real server, with a small
// build written here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pageTemplate, prerenderedRoot } from '../helpers/web-build.js';

const SHELL = '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/catalogues/v1/en/shell.json">';
const template = pageTemplate('<div id="root"></div>').replace('</head>', `${SHELL}</head>`);

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const messagePreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]);

async function serve(dist: string, list: unknown): Promise<TestServer> {
  fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), template);
  fs.writeFileSync(path.join(dist, 'prerendered/faq.html'), pageTemplate(prerenderedRoot('<h1>FAQ</h1>')));
  fs.writeFileSync(path.join(dist, 'prerendered/routes.json'), JSON.stringify(list));
  return startTestServer({ overrides: { webDist: dist, appName: 'TagLedger' } });
}

describe('the screen’s preloads in a page the app renders', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-preloads-'));
  const routes = [
    { path: '/faq', screen: 'features/marketing/routes/faq-page', preload: ['/assets/faq-page-1.js'] },
    {
      path: '/assets',
      screen: 'features/assets/routes/assets-page',
      preload: ['/assets/assets-page-1.js', '/assets/card-1.js'],
    },
    { path: '/assets/new', screen: 'features/assets/routes/tag-page', preload: ['/assets/tag-page-1.js'] },
    {
      path: '/assets/:id',
      screen: 'features/assets/routes/asset-detail-page',
      preload: ['/assets/asset-detail-page-1.js'],
    },
    { path: '/news', screen: 'features/news/routes/news-page', preload: [] },
    // What a tampered list could hold: never written into a page.
    { path: '/evil', screen: 'features/x/routes/evil-page', preload: ['/assets/a.js"><script>alert(1)</script>'] },
    { path: '/evil-screen', screen: 'x"><script>alert(1)</script>', preload: ['/assets/b.js'] },
  ];

  beforeAll(async () => {
    server = await serve(dist, {
      patterns: [...routes.map((r) => r.path), '/dashboard'],
      catalogues: '/assets/catalogues/v1',
      routes,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string, headers: Record<string, string> = {}) =>
    (await fetch(`${server.url}${url}`, { headers })).text();

  it('names the chunks and the messages of the screen the path shows', async () => {
    const page = await get('/assets');
    expect(modulePreloads(page)).toEqual(['/assets/assets-page-1.js', '/assets/card-1.js']);
    expect(messagePreloads(page)).toEqual([
      '/assets/catalogues/v1/en/shell.json',
      '/assets/catalogues/v1/en/features/assets/routes/assets-page.json',
    ]);
    // A parameter's value, any case, a trailing slash: the route's page, nothing of the URL in it.
    for (const url of ['/assets/3f6c-XYZ', '/Assets/abc/', '/assets/%3Cscript%3E']) {
      const html = await get(url);
      expect(modulePreloads(html), url).toEqual(['/assets/asset-detail-page-1.js']);
      expect(html, url).not.toMatch(/3f6c|<script>/i);
    }
    // Of two patterns that match, the first in the table's order, as in the app.
    expect(modulePreloads(await get('/assets/new'))).toEqual(['/assets/tag-page-1.js']);
    // A screen with nothing of its own to load still gets its messages.
    const news = await get('/news');
    expect(modulePreloads(news)).toEqual([]);
    expect(messagePreloads(news)).toContain('/assets/catalogues/v1/en/features/news/routes/news-page.json');
  });

  it('names the messages in the page’s language', async () => {
    const page = await get('/assets', { 'accept-language': 'fr-CM,fr;q=0.9' });
    expect(page).toContain('<html lang="fr">');
    expect(messagePreloads(page)).toEqual([
      '/assets/catalogues/v1/fr/shell.json',
      '/assets/catalogues/v1/fr/features/assets/routes/assets-page.json',
    ]);
    expect(modulePreloads(page)).toEqual(['/assets/assets-page-1.js', '/assets/card-1.js']);
  });

  it('adds nothing to a prerendered page, nor for a path without a listed screen, nor from a tampered row', async () => {
    const faq = await get('/faq');
    expect(faq).toContain('<h1>FAQ</h1>');
    expect(modulePreloads(faq)).toEqual([]);
    const dashboard = await get('/dashboard');
    expect(modulePreloads(dashboard)).toEqual([]);
    expect(messagePreloads(dashboard)).toEqual(['/assets/catalogues/v1/en/shell.json']);
    for (const url of ['/evil', '/evil-screen']) {
      const html = await get(url);
      expect(html, url).not.toContain('<script>alert');
      expect(modulePreloads(html), url).toEqual([]);
    }
  });
});

describe('a build whose list names no preloads (older than decision 0178)', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-preloads-old-'));
  beforeAll(async () => {
    server = await serve(dist, { patterns: ['/faq', '/assets'] });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers with index.html as it is', async () => {
    const page = await (await fetch(`${server.url}/assets`)).text();
    expect(modulePreloads(page)).toEqual([]);
    expect(messagePreloads(page)).toEqual(['/assets/catalogues/v1/en/shell.json']);
  });
});
