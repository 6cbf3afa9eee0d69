// robots.txt and sitemap.xml (plugins/crawler-files.ts): written by the server with the site's own
// address, from the page list the web build leaves in prerendered/sitemap.json. Through the real
// server, with a small build folder written here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pageTemplate, prerenderedRoot } from '../helpers/web-build.js';

const SITE = 'https://tagledger.example';

function writeBuild(dist: string, sitemapPaths?: unknown) {
  fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), pageTemplate('<div id="root"></div>'));
  fs.writeFileSync(path.join(dist, 'prerendered/faq.html'), pageTemplate(prerenderedRoot('<h1>FAQ</h1>')));
  // A build from before the server wrote robots.txt shipped its own: the server's wins.
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  if (sitemapPaths !== undefined)
    fs.writeFileSync(path.join(dist, 'prerendered/sitemap.json'), JSON.stringify({ paths: sitemapPaths }));
}

/** A server on a build folder written here; `current()` is the server once beforeAll has run. */
function serveBuild(sitemapPaths?: unknown): { current: () => TestServer } {
  let server: TestServer | undefined;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-crawlers-'));
  beforeAll(async () => {
    writeBuild(dist, sitemapPaths);
    server = await startTestServer({ env: { SITE_URL: SITE }, overrides: { webDist: dist, appName: 'TagLedger' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  return { current: () => server! };
}

describe('robots.txt and sitemap.xml', () => {
  const build = serveBuild(['/', '/faq', '/terms?a=1&b=<2>', 42, 'https://elsewhere.example/']);
  const url = (p: string) => `${build.current().url}${p}`;

  it('lists the build’s pages at the site’s address, escaped, and nothing that is not a path', async () => {
    const res = await fetch(url('/sitemap.xml'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await res.text()).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <url><loc>${SITE}/</loc></url>`,
        `  <url><loc>${SITE}/faq</loc></url>`,
        `  <url><loc>${SITE}/terms?a=1&amp;b=&lt;2&gt;</loc></url>`,
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('keeps crawlers out of the APIs and names the sitemap', async () => {
    const res = await fetch(url('/robots.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    for (const api of ['/auth/v1/', '/rest/v1/', '/storage/v1/', '/functions/v1/'])
      expect(text).toContain(`Disallow: ${api}\n`);
    expect(text).not.toContain('Disallow: /\n');
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
  });

  it('never serves the page templates as raw files', async () => {
    for (const page of ['/prerendered/faq.html', '/prerendered/sitemap.json']) {
      const res = await fetch(url(page));
      expect(res.status, page).toBe(404);
      expect(await res.text(), page).not.toContain('%APP_NAME%');
    }
    const index = await fetch(url('/index.html'), { redirect: 'manual' });
    expect(index.status).toBe(301);
    expect(index.headers.get('location')).toBe('/');
    const faq = await fetch(url('/faq'));
    expect(await faq.text()).toContain('<title>TagLedger</title>');
  });
});

describe('robots.txt without a sitemap (a build without one)', () => {
  const build = serveBuild();
  const url = (p: string) => `${build.current().url}${p}`;

  it('names no sitemap, and /sitemap.xml is not found', async () => {
    expect(await (await fetch(url('/robots.txt'))).text()).not.toContain('Sitemap:');
    expect((await fetch(url('/sitemap.xml'))).status).toBe(404);
  });
});
