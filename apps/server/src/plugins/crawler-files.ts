// robots.txt and sitemap.xml, for search engines. Both need the site's absolute address (a sitemap
// lists full URLs, and robots.txt names the sitemap by one), which only the server knows (SITE_URL),
// so they are written here rather than shipped with the web build. The pages a sitemap lists come
// from the build: apps/web/scripts/vite-prerender.ts writes prerendered/sitemap.json, the public
// pages of the route table (apps/web/src/config/routes.ts) prerendered and listed for the sitemap.
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../shared/escape-html.js';
import { readBuildList } from './build-lists.js';

/** What crawlers may not fetch: the APIs, whose answers are data, not pages. */
const DISALLOWED = ['/auth/v1/', '/rest/v1/', '/storage/v1/', '/functions/v1/'];

export function robotsTxt(siteUrl: string, hasSitemap: boolean): string {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`)];
  if (hasSitemap) lines.push('', `Sitemap: ${siteUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

export function sitemapXml(siteUrl: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(`${siteUrl}${p}`)}</loc></url>`);
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
  const paths = readBuildList(opts.webDist, 'sitemap.json', 'paths') ?? [];
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
