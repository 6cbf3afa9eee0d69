// Vite plugin: after the browser build, renders the public pages to HTML (issue 18) so they paint
// before any JavaScript runs; main.tsx then hydrates them. It builds src/prerender.tsx for Node into
// a temporary folder, renders each prerendered route of the route table (src/config/routes.ts) in each language (a first visit, signed out) and
// writes dist/prerendered/<path>.html (English) and dist/prerendered/<language>/<path>.html (the
// others): dist/index.html with the page in #root, <html lang>, the page's own title and description,
// and the preloads of its messages in that language. The server (apps/server/src/plugins/web.ts)
// answers those paths with them, in the reader's language (decision 0143).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { bootFiles, hydratesOnDemand, onDemandPage, withoutAppPreloads } from './on-demand.ts';
import { screenPreloads, type RouteRow } from './screen-preloads.ts';

/**
 * The path rendered for a route: itself, or for a frame (a route with parameters, served for any
 * value) the route with "_" for each parameter — never a real value, so no visitor's input is in it.
 */
export const frameUrl = (route: string) => route.replace(/:[^/]+/g, '_');

/**
 * dist/prerendered/index.html for "/", faq.html for "/faq", verify/_.html for "/verify/:serialNumber";
 * in another language than English, under its folder: prerendered/fr/faq.html.
 */
export const prerenderedFile = (route: string, locale = 'en') =>
  `${locale === 'en' ? '' : `${locale}/`}${route === '/' ? 'index.html' : `${frameUrl(route).slice(1)}.html`}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export const PRERENDER_PASS = 'TAGLEDGER_PRERENDER_PASS';

export function prerenderPages(opts: { root: string }): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'tagledger-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr) || process.env[PRERENDER_PASS] === '1';
    },
    async closeBundle() {
      if (skip) return;
      // Inside the workspace, so the Node build resolves react & co. from node_modules.
      const ssrOut = path.join(opts.root, 'node_modules', '.tl-prerender', String(process.pid));
      process.env[PRERENDER_PASS] = '1';
      try {
        await build({
          root: opts.root,
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false },
        });
      } finally {
        delete process.env[PRERENDER_PASS];
      }
      try {
        const entry = fs.readdirSync(ssrOut).find((f) => /^prerender\.m?js$/.test(f))!;
        const { renderRoute, buildRouteList, prerenderedPaths, sitemapPaths, PRERENDER_APP_NAME, LOCALES } =
          (await import(pathToFileURL(path.join(ssrOut, entry)).href)) as {
            renderRoute: (
              url: string,
              locale: string,
            ) => Promise<{
              html: string;
              screen: string;
              title: string | null;
              description: string | null;
              noscript: string;
            }>;
            buildRouteList: () => { routes: RouteRow[] };
            prerenderedPaths: () => string[];
            sitemapPaths: () => string[];
            PRERENDER_APP_NAME: string;
            LOCALES: readonly string[];
          };
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
        const boot = bootFiles(outDir);
        for (const locale of LOCALES)
          for (const route of prerenderedPaths()) {
            const page = await renderRoute(frameUrl(route), locale);
            let html = template
              .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
              .replace(
                /(<noscript>)[^<]*(<\/noscript>)/,
                (_m, a: string, b: string) => `${a}${escapeHtml(page.noscript)}${b}`,
              )
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-prerendered="${locale}" data-app-name="${escapeHtml(PRERENDER_APP_NAME)}">${page.html}</div>`,
              );
            // The shell's and the screen's messages in the page's language, which its hydration awaits.
            html = html.replace(
              /(<link rel="preload" as="fetch" crossorigin="anonymous" href="\/assets\/catalogues\/[^/]+\/)en\/shell\.json">/,
              (_link, prefix: string) =>
                `${prefix}${locale}/shell.json">\n    ${prefix}${locale}/${page.screen}.json">`,
            );
            if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
            if (page.description)
              html = html.replace(
                /(<meta\s+name="description"\s+content=")[^"]*(")/,
                (_m, a: string, b: string) => `${a}${escapeHtml(page.description!)}${b}`,
              );
            // No prerendered page preloads the app: it paints first, then starts it (src/boot.ts).
            if (hydratesOnDemand(route, page.html)) html = onDemandPage(html, boot);
            else html = withoutAppPreloads(html, boot);
            const file = path.join(outDir, 'prerendered', prerenderedFile(route, locale));
            fs.mkdirSync(path.dirname(file), { recursive: true });
            fs.writeFileSync(file, html);
          }
        // Every path the app answers, which the server redirects others to / by
        // (apps/server/src/plugins/app-paths.ts), with each screen's facts for the checks that run
        // against the build (route-sizes.mjs, check-prerender.mjs, e2e/tests/layout.spec.ts), and what
        // a page served from index.html preloads for its screen (screen-preloads.ts): its chunks, and
        // its messages under `catalogues`/<language>/<screen>.json.
        const list = buildRouteList();
        const preloads = screenPreloads(outDir, list.routes);
        const catalogues = /href="(\/assets\/catalogues\/[^/"]+)\/en\/shell\.json"/.exec(template)?.[1];
        if (!catalogues) throw new Error("index.html does not preload the shell's English messages");
        fs.writeFileSync(
          path.join(outDir, 'prerendered', 'routes.json'),
          `${JSON.stringify(
            { ...list, catalogues, routes: list.routes.map((r) => ({ ...r, preload: preloads.get(r.path) })) },
            null,
            2,
          )}\n`,
        );
        // The pages search engines are pointed at (served as /sitemap.xml by apps/server/src/plugins/crawler-files.ts).
        fs.writeFileSync(
          path.join(outDir, 'prerendered', 'sitemap.json'),
          `${JSON.stringify({ paths: sitemapPaths() }, null, 2)}\n`,
        );
      } finally {
        fs.rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
