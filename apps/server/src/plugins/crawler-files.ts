// robots.txt and sitemap.xml, for search engines. Both need the site's absolute address (a sitemap
// lists full URLs, and robots.txt names the sitemap by one), which only the server knows (SITE_URL),
// so they are written here rather than shipped with the web build. The pages a sitemap lists come
// from the build: apps/web/scripts/vite-prerender.ts writes prerendered/sitemap.json, the public
// pages of apps/web/prerender.json that are not frames and not the other doors to the sign-in form.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** What crawlers may not fetch: the APIs, whose answers are data, not pages. */
const DISALLOWED = ['/auth/v1/', '/rest/v1/', '/storage/v1/', '/functions/v1/'];

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The sitemap's page paths from the web build, or none when there is no build (or an older one). */
export function readSitemapPaths(webDist: string): string[] {
  const file = path.join(webDist, 'prerendered', 'sitemap.json');
  if (!fs.existsSync(file)) return [];
  const { paths } = JSON.parse(fs.readFileSync(file, 'utf8')) as { paths?: unknown };
  return Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string' && p.startsWith('/')) : [];
}

export function robotsTxt(siteUrl: string, hasSitemap: boolean): string {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`)];
  if (hasSitemap) lines.push('', `Sitemap: ${siteUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

export function sitemapXml(siteUrl: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `siteUrl` is read per request: the address is the config's, whenever it was settled. */
export function crawlerFiles(app: FastifyInstance, opts: { siteUrl: () => string; webDist: string }): void {
  const paths = readSitemapPaths(opts.webDist);
  // Both change only with a new build or a new SITE_URL, which restart the server; an hour is fresh enough.
  const cache = 'public, max-age=3600';
  app.get('/robots.txt', (_req, reply) =>
    reply
      .header('cache-control', cache)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(opts.siteUrl(), paths.length > 0)),
  );
  if (paths.length > 0)
    app.get('/sitemap.xml', (_req, reply) =>
      reply
        .header('cache-control', cache)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(opts.siteUrl(), paths)),
    );
}
