import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { catalogues } from './scripts/vite-catalogues.ts';
import { PRERENDER_PASS, prerenderPages } from './scripts/vite-prerender.ts';

// The API server (apps/server) serves the built app and all API prefixes on one port.
// In `vite dev` we proxy those prefixes to it, so the SPA and the APIs share an origin.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/log/v1', '/config.json'];

// The server replaces %APP_NAME% in index.html; in dev nobody does, so substitute the default name.
function devAppName(): Plugin {
  return {
    name: 'tagledger-dev-app-name',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', process.env.APP_NAME ?? 'TagLedger'),
  };
}

// Writes .br and .gz beside every text asset of the build; the server's static handler serves them
// to browsers that accept them (@fastify/static preCompressed), so no compression work per request.
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'tagledger-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr); // the build-time render's Node bundle is never served
    },
    writeBundle() {
      if (ssr) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|txt|json|webmanifest)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`))
          continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// The app the entry loads (src/main.tsx) and its imports, preloaded from index.html in parallel with
// the entry instead of one round trip later. A screen's own chunks are not named here: the server adds
// those of the route a page is for (scripts/screen-preloads.ts, decision 0178). Prerendered pages drop
// these preloads (scripts/on-demand.ts).
function preloadApp(): Plugin {
  return {
    name: 'tagledger-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith('src/main.tsx'));
        if (!app) return [];
        const files = new Set<string>([app.fileName]);
        function visitImports(name: string) {
          const chunk = chunks.find((c) => c.fileName === name);
          for (const dep of chunk?.imports ?? []) {
            if (files.has(dep)) continue;
            files.add(dep);
            visitImports(dep);
          }
        }
        visitImports(app.fileName);
        const entryImports = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        // The shell's English messages (lib/i18n), which every first render awaits; the server names the
        // page's language instead. A screen's own piece is preloaded by its prerendered page
        // (scripts/vite-prerender.ts) or, for the others, by the server with its chunks.
        const messages = Object.keys(bundle).filter((f) => /^assets\/catalogues\/[^/]+\/en\/shell\.json$/.test(f));
        return [
          ...[...files]
            .filter((f) => !entryImports.has(f))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
              injectTo: 'head' as const,
            })),
          ...messages.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: `/${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

// The second entry script (src/early.ts, decision 0177): index.html runs it before the app's entry, with
// its imports preloaded. Prerendered pages drop it (scripts/on-demand.ts): they are public, and a
// separate entry keeps its bytes out of the one they load.
const EARLY_ENTRY = path.resolve(import.meta.dirname, 'src/early.ts');
function earlyEntry(): Plugin {
  return {
    name: 'tagledger-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const early = chunks.find((c) => c.facadeModuleId === EARLY_ENTRY);
        if (!early) throw new Error('The build has no chunk for src/early.ts');
        const imports: string[] = [];
        const visit = (names: string[]) => {
          for (const name of names) {
            if (imports.includes(name)) continue;
            imports.push(name);
            visit(chunks.find((c) => c.fileName === name)?.imports ?? []);
          }
        };
        visit(early.imports);
        // Module scripts run in the order of the page, each once its imports are loaded: placed after
        // the app's entry, this one ran only after the app's code had been compiled and evaluated
        // (~0.5 s at 4x CPU), so it goes first, its imports' preloads before the app's.
        const appEntry = html.search(/<script type="module"[^>]*src=/);
        if (appEntry < 0) throw new Error('index.html has no entry script for the early entry to precede');
        const tags = [
          ...imports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          `<script type="module" crossorigin src="/${early.fileName}" data-early-entry></script>`,
        ].join('\n    ');
        // A chunk both entries import (the bundler's runtime helpers, decision 0181) is preloaded once, here.
        const rest = imports.reduce(
          (page, f) =>
            page.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*href="/${f.replace(/[.]/g, '\\.')}">`), ''),
          html.slice(appEntry),
        );
        return `${html.slice(0, appEntry)}${tags}\n    ${rest}`;
      },
    },
  };
}

// Small shared chunks are copied into the chunks that import them (decision 0181). A signed-in screen
// loaded ~60 files, each costing the throttled main thread a few milliseconds to request, take from the
// cache and instantiate before the app could render; with these settings it loads ~20 and paints 0.1–0.4 s
// sooner. The bundler then keeps every module's evaluation order with small init wrappers
// (strictExecutionOrder, implied), which cost ~1 KB gzip on the entry and ~2–4 KB on a signed-in route.
// The size is of source before minification; 16 KB merged most chunks without growing routes by more.
const fewerChunks = {
  preserveEntrySignatures: false as const,
  output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
};

// Which chunks hold each of the app's modules (.vite/module-chunks.json, beside the manifest). Vite's
// manifest names a chunk by a module only when that module is the chunk's entry; with shared chunks
// merged into their importers, a module loaded by import() (the query wrapper) can share its chunk
// with others and be missing from it. The build steps that name what a page loads
// (scripts/build-manifest.ts) look such a module up here.
function moduleChunks(): Plugin {
  const src = path.resolve(import.meta.dirname, 'src') + path.sep;
  return {
    name: 'tagledger-module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const holders: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          if (!id.startsWith(src)) continue;
          (holders[
            path
              .relative(import.meta.dirname, id)
              .split(path.sep)
              .join('/')
          ] ??= []).push(chunk.fileName);
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(holders) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    lingui({ failOnCompileError: true }),
    catalogues({ src: path.resolve(import.meta.dirname, 'src') }),
    tailwindcss(),
    devAppName(),
    preloadApp(),
    earlyEntry(),
    moduleChunks(),
    precompress(),
    prerenderPages({ root: import.meta.dirname }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      input: { index: path.resolve(import.meta.dirname, 'index.html'), early: EARLY_ENTRY },
      // The browser build only (decision 0181): the prerender's Node build must keep its entry's exports.
      ...(process.env[PRERENDER_PASS] === '1' ? {} : fewerChunks),
    },
  },
});
