// Serves the built React app (apps/web/dist) with the public config inlined into index.html, and
// falls back to index.html for the app's client-side routes; any other path is redirected to /
// (app-paths.ts), and API prefixes never fall back. Public pages rendered at build time
// (apps/web/dist/prerendered/<path>.html, apps/web/scripts/vite-prerender.ts) are answered with their
// own HTML, which paints before any JavaScript runs. A frame — a page with a parameter, prerendered
// once with "_" in its place (e.g. prerendered/verify/_.html) — answers every value of it
// (/verify/ABC-123): the same bytes for all, so nothing from the URL reaches the HTML
// (docs/decisions/0136). Each page exists in every language (prerendered/<page>.html in English,
// prerendered/fr/<page>.html in French); the reader's is chosen by page-language.ts and named in
// <html lang> and Content-Language, with Vary so no cache hands one reader's language to another
// (docs/decisions/0143). A page the app renders itself (index.html) names the code and messages of the
// screen its path shows, as the build lists them in prerendered/routes.json (docs/decisions/0178).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../shared/context.js';
import { escapeHtml } from '../shared/escape-html.js';
import { LANGUAGES, type Language } from '../shared/language.js';
import { publicClientConfig } from '../shared/public-config.js';
import { isAppPath, readAppPaths, readScreenRoutes, screenRouteOf, type ScreenRoute } from './app-paths.js';
import { crawlerFiles } from './crawler-files.js';
import { DEFAULT_LANGUAGE, pageLanguage } from './page-language.js';

/** Prefixes of the server's own APIs: an unknown path under them is a JSON 404, never a page or a redirect. */
const API_PREFIXES = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/log/v1', '/operations/v1', '/test/v1'];

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in the built index.html
 * (apps/web/index.html: the one that hides a prerendered page from a reader of another language until
 * it is rendered in theirs, and the one that holds presses made before the app has started), so
 * `script-src` can allow exactly them and nothing else inline.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${crypto.createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * A page in one language, compressed once, on its first request (its config is fixed for the
 * process), so the HTML that paints first costs the fewest bytes and round trips (issue 18: a
 * prerendered page is 14 KB raw, 4 KB in brotli) and start-up does not compress pages nobody asks for.
 */
class Page {
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;
  constructor(
    readonly html: string,
    readonly language: Language,
  ) {}
  get br(): Buffer {
    return (this.#br ??= zlib.brotliCompressSync(this.html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.html.length,
      },
    }));
  }
  get gzip(): Buffer {
    return (this.#gzip ??= zlib.gzipSync(this.html, { level: 9 }));
  }
}

/** One page in each language the build has it in: English always (DEFAULT_LANGUAGE). */
type Pages = Partial<Record<Language, Page>> & { en: Page };

/** `<html lang>` set to the page's language (index.html is one template for all of them). */
const withLang = (html: string, language: Language) =>
  html.replace(/<html(?:\s+lang="[^"]*")?/, `<html lang="${language}"`);

/**
 * index.html for one screen in one language (decision 0178): the shell's messages in that language,
 * and the screen's own chunks and messages preloaded, so they are fetched and compiled while the app's
 * chunk runs instead of after it. The app asks for the same files; nothing else changes.
 */
function forScreen(html: string, language: Language, route: ScreenRoute | undefined, catalogues: string): string {
  const shell = html.replace(/(href="\/assets\/catalogues\/[^/"]+\/)en(\/shell\.json")/, `$1${language}$2`);
  if (!route) return shell;
  const links = [
    ...route.preload.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`),
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(`${catalogues}/${language}/${route.screen}.json`)}">`,
  ];
  return shell.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

function sendPage(req: FastifyRequest, reply: FastifyReply, pages: Pages) {
  const page = pages[pageLanguage(req.headers)] ?? pages.en;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply
    .header('cache-control', 'no-cache')
    // The language follows the cookie and Accept-Language: a shared cache must not hand one reader's to another.
    .header('vary', 'accept-encoding, accept-language, cookie')
    .header('content-language', page.language)
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

export async function webRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { config, keys } = opts.ctx;
  const indexFile = path.join(config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const publicConfig = publicClientConfig(config, keys.anonKey);
  /** A built page with the public config and the product name filled in. */
  const finish = (html: string) =>
    html
      .replace(
        '<!--app-config-->',
        `<script id="app-config" type="application/json">${escapeJsonForHtml(publicConfig)}</script>`,
      )
      .replaceAll('%APP_NAME%', escapeHtml(config.appName));
  const indexTemplate = hasBuild
    ? finish(fs.readFileSync(indexFile, 'utf8'))
    : `<!doctype html><html><title>${config.appName}</title><p>The web app is not built. Run <code>npm run build</code>.</p>`;
  // The app renders index.html's pages itself, in the reader's language: <html lang> and the messages
  // preloaded differ, and, for a path the app answers with a screen, the screen's preloads.
  const screenRoutes = hasBuild ? readScreenRoutes(config.webDist) : null;
  const indexPagesBy = new Map<ScreenRoute | undefined, Pages>();
  const indexPages = (url: string): Pages => {
    const route = screenRoutes ? screenRouteOf(screenRoutes, url) : undefined;
    let pages = indexPagesBy.get(route);
    if (!pages) {
      pages = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          new Page(
            forScreen(withLang(indexTemplate, language), language, route, screenRoutes?.catalogues ?? ''),
            language,
          ),
        ]),
      ) as Pages;
      indexPagesBy.set(route, pages);
    }
    return pages;
  };
  // "/faq" → prerendered/faq.html and prerendered/fr/faq.html, "/" → prerendered/index.html,
  // "/verify/_" → prerendered/verify/_.html; read once, like index.html.
  const prerendered = new Map<string, Partial<Record<Language, Page>>>();
  const prerenderedDir = path.join(config.webDist, 'prerendered');
  if (hasBuild && fs.existsSync(prerenderedDir))
    for (const file of fs
      .readdirSync(prerenderedDir, { recursive: true, encoding: 'utf8' })
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.html'))) {
      const html = fs.readFileSync(path.join(prerenderedDir, file), 'utf8');
      // A page rendered under another product name would not match what the app renders (hydration).
      const renderedAs = /<div id="root"[^>]*\bdata-app-name="([^"]*)"/.exec(html)?.[1];
      if (renderedAs !== escapeHtml(config.appName)) continue;
      const [first, ...rest] = file.split('/');
      const language = LANGUAGES.find((l) => l !== DEFAULT_LANGUAGE && l === first) ?? DEFAULT_LANGUAGE;
      const page = language === DEFAULT_LANGUAGE ? file : rest.join('/');
      const url = page === 'index.html' ? '/' : `/${page.slice(0, -'.html'.length)}`;
      prerendered.set(url, { ...prerendered.get(url), [language]: new Page(finish(html), language) });
    }

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: false,
      // Served by routes of their own, never as raw files: the templates that still carry
      // %APP_NAME% and no public config (index.html, the prerendered pages), and robots.txt from a
      // build older than crawler-files.ts.
      globIgnore: ['index.html', 'prerendered/**', 'robots.txt'],
      // The web build writes .br/.gz beside each asset (apps/web/vite.config.ts); serve them when accepted.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const frames = [...prerendered.keys()].filter((k) => k.split('/').includes('_')).map((k) => k.split('/'));
  /** The page prerendered for this path: its own, or the frame whose "_" segments its segments fill. */
  const pagesFor = (url: string): Partial<Record<Language, Page>> | undefined => {
    const own = prerendered.get(url);
    if (own !== undefined) return own;
    const segments = url.split('/');
    const frame = frames.find(
      (f) => f.length === segments.length && f.every((s, i) => (s === '_' ? segments[i] !== '' : s === segments[i])),
    );
    return frame && prerendered.get(frame.join('/'));
  };

  const sendIndex = (req: FastifyRequest, reply: FastifyReply, url = '') => {
    const pages = pagesFor(url);
    // A page prerendered in English only (a build from before decision 0143) still answers: index.html
    // hides it from a reader of another language until the app has rendered it in theirs.
    return sendPage(req, reply, pages?.en ? (pages as Pages) : indexPages(url));
  };

  const appPaths = hasBuild ? readAppPaths(config.webDist) : null;
  app.get('/', (req, reply) => sendIndex(req, reply, '/'));
  // The landing's old file name (bookmarks, other hosts' habits) goes to the landing itself.
  app.get('/index.html', (_req, reply) => reply.redirect('/', 301));
  crawlerFiles(app, { siteUrl: () => config.siteUrl, webDist: config.webDist });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    // HEAD as GET (Node's response drops the body): link checkers and uptime monitors ask with HEAD.
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && !isApi && !path.extname(url))
      return isAppPath(appPaths, url) ? sendIndex(req, reply, url) : reply.redirect('/', 302);
    return reply.status(404).send({ code: 'not_found', message: 'Not found' });
  });
}
