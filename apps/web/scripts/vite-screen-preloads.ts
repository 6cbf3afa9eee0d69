// Vite plugin: dist/prerendered/preloads.json, what each screen's first render loads, so the server
// can name it in the HTML of a page that is not prerendered (apps/server/src/plugins/screen-preloads.ts).
// A signed-in screen's page is index.html, whose preloads are the app's and the landing's; without
// this the browser finds the screen's chunk only once the app's chunk has run, its imports after
// that, and supabase-js, the query cache, the toaster and the signed-in header only as each is
// rendered (issue 29: the dashboard's modules were discovered one after another until ~1 s).
//   { "landing": [files only the landing needs],
//     "signedIn": [files every signed-in screen loads before its first paint],
//     "screens": { "<screen>": { "files": [its chunk and the chunks it imports], "messages": "<en catalogue>" } } }
// Files are the build's paths (assets/…); messages are named in English (the server swaps the language).
import type { Plugin, Rollup } from 'vite';

/** Modules a signed-in screen loads on its way to its first paint (lib/auth.tsx, lib/query-boundary.tsx,
 * app/layout/header.tsx's signed-in nav, app/layout/app-layout.tsx's toaster, which screens wait for). */
const SIGNED_IN_MODULES = [
  '/src/lib/supabase.ts',
  '/src/lib/query-boundary.tsx',
  '/src/lib/query-client.ts',
  '/src/app/layout/signed-in-nav.tsx',
  '/node_modules/sonner/',
];

const SCREEN = /\/src\/((?:features\/[^/]+|app)\/routes\/[^/]+-page)\.tsx$/;

export function screenPreloads(): Plugin {
  let ssr = false;
  return {
    name: 'tagledger-screen-preloads',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** A chunk and everything it imports statically (what the browser needs before running it). */
      const closure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
        };
        start.forEach(visit);
        return seen;
      };
      // The entry and the app's chunk: index.html names them already.
      const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      const app = chunks.find((c) => c.facadeModuleId?.endsWith('/src/main.tsx'));
      const landing = chunks.find((c) => c.facadeModuleId?.endsWith('/features/marketing/routes/landing-page.tsx'));
      if (!app || !landing) return;
      const shell = closure([...entry, app.fileName]);
      const without = (files: Set<string>) => [...files].filter((f) => !shell.has(f)).sort();
      const signedIn = closure(
        chunks
          .filter((c) => c.moduleIds.some((id) => SIGNED_IN_MODULES.some((m) => id.includes(m))))
          .map((c) => c.fileName),
      );
      const messages = Object.keys(bundle);
      const screens: Record<string, { files: string[]; messages: string | null }> = {};
      for (const chunk of chunks) {
        const screen = chunk.facadeModuleId && SCREEN.exec(chunk.facadeModuleId)?.[1];
        if (!screen) continue;
        screens[screen] = {
          files: without(closure([chunk.fileName])),
          messages:
            messages.find((f) => f.startsWith('assets/catalogues/') && f.endsWith(`/en/${screen}.json`)) ?? null,
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'prerendered/preloads.json',
        source: `${JSON.stringify({ landing: without(closure([landing.fileName])), signedIn: without(signedIn), screens }, null, 2)}\n`,
      });
    },
  };
}
