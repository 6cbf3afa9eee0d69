// A signed-in screen's page names its files (decision 0168): index.html served for /dashboard preloads
// the dashboard's chunks, supabase-js and the signed-in header instead of the landing's, and its
// messages in the page's language; public pages and other paths keep index.html as built. Through the
// real server, with a small build folder written here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const link = (file: string) => `<link rel="modulepreload" crossorigin="" href="/${file}">`;

describe('signed-in screens preload their files', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-preloads-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>%APP_NAME%</title><!--app-config-->\n' +
        `    ${link('assets/main-1.js')}\n    ${link('assets/landing-page-1.js')}\n    ${link('assets/page-meta-1.js')}\n` +
        '  </head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'prerendered/routes.json'),
      JSON.stringify({
        patterns: ['/', '/auth/callback', '/dashboard', '/business/products/:id'],
        routes: [
          { path: '/', screen: 'features/marketing/routes/landing-page', access: 'public' },
          { path: '/auth/callback', screen: 'features/auth/routes/auth-callback-page', access: 'public' },
          { path: '/dashboard', screen: 'app/routes/dashboard-page', access: 'signedIn' },
          { path: '/business/products/:id', screen: 'features/business/routes/product-page', access: 'business' },
        ],
      }),
    );
    fs.writeFileSync(
      path.join(dist, 'prerendered/preloads.json'),
      JSON.stringify({
        landing: ['assets/landing-page-1.js', 'assets/page-meta-1.js'],
        signedIn: ['assets/supabase-1.js', 'assets/signed-in-nav-1.js'],
        screens: {
          'app/routes/dashboard-page': {
            files: ['assets/dashboard-page-1.js', 'assets/page-meta-1.js', 'assets/supabase-1.js'],
            messages: 'assets/catalogues/v1/en/app/routes/dashboard-page.json',
          },
          'features/business/routes/product-page': {
            files: ['assets/product-page-1.js', '"><script>alert(1)</script>'],
            messages: null,
          },
          'features/auth/routes/auth-callback-page': { files: ['assets/auth-callback-page-1.js'], messages: null },
        },
      }),
    );
    server = await startTestServer({ overrides: { webDist: dist, appName: 'TagLedger' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string, language = 'en') => {
    const res = await fetch(`${server.url}${url}`, { headers: { 'accept-language': language } });
    expect(res.status, url).toBe(200);
    return { csp: res.headers.get('content-security-policy'), html: await res.text() };
  };
  const modulePreloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin="" href="\/([^"]+)">/g)].map((m) => m[1]);

  it("names a signed-in screen's chunks, supabase-js and the signed-in header, not the landing's", async () => {
    const { html } = await get('/dashboard');
    expect(modulePreloads(html).sort()).toEqual(
      [
        'assets/dashboard-page-1.js',
        'assets/main-1.js',
        'assets/page-meta-1.js',
        'assets/signed-in-nav-1.js',
        'assets/supabase-1.js',
      ].sort(),
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/catalogues/v1/en/app/routes/dashboard-page.json">',
    );
    // Before </head>, once each; the page is otherwise index.html.
    expect(html.indexOf('dashboard-page-1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script id="app-config" type="application/json">');
  });

  it("preloads the messages in the page's language, and answers a route with a parameter", async () => {
    expect((await get('/dashboard', 'fr')).html).toContain('/assets/catalogues/v1/fr/app/routes/dashboard-page.json');
    const product = await get('/business/products/42');
    expect(modulePreloads(product.html)).toContain('assets/product-page-1.js');
    // Only the build's own file names are written into the page.
    expect(product.html).not.toContain('alert(1)');
  });

  it('leaves public pages as built, and the CSP as it is', async () => {
    const callback = await get('/auth/callback');
    expect(modulePreloads(callback.html)).toEqual([
      'assets/main-1.js',
      'assets/landing-page-1.js',
      'assets/page-meta-1.js',
    ]);
    const dashboard = await get('/dashboard');
    expect(dashboard.csp).toBeTruthy();
    expect(dashboard.csp).toBe(callback.csp);
  });
});
