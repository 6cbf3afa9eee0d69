// Splits the message catalogues (src/locales/<lang>.po, still one file per language for translators)
// into the pieces the browser loads: a shell catalogue with every message the app can show without a
// screen (layout, header, footer, dialogs, errors), awaited before the first render, and one catalogue per
// screen with the messages only that screen's modules use, loaded together with the screen's chunk.
// Which module needs which message is read from the source the same way the catalogue test reads it
// (source-scan.ts) and which module reaches which through its imports (static and dynamic).
// Used at build time by the Vite plugin (vite-catalogues.ts) and by the test that checks the split.
import fs from 'node:fs';
import path from 'node:path';
import { scanSource, sourceFiles } from './source-scan.ts';

export interface CatalogueSplit {
  /** Message ids of the shell (src-relative file paths are the keys of `screens`). */
  shell: Set<string>;
  /** Per screen module (path relative to src, without extension): the ids it needs beyond the shell. */
  screens: Map<string, Set<string>>;
}

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function resolveImport(src: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** Files reachable from `start` through imports, not entering files for which `stop` is true. */
function reach(src: string, start: string, stop: (file: string) => boolean, read: (f: string) => string): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    for (const m of read(file).matchAll(IMPORT_RE)) {
      const target = resolveImport(src, file, m[1]!);
      if (!target || seen.has(target) || stop(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}

/** Screen modules: what the route table (app/router.tsx) loads by name (see `screenModules` there). */
export function screenFiles(src: string): string[] {
  const out: string[] = [];
  const featuresDir = path.join(src, 'features');
  for (const feature of fs.readdirSync(featuresDir)) {
    const routes = path.join(featuresDir, feature, 'routes');
    if (!fs.existsSync(routes)) continue;
    for (const f of fs.readdirSync(routes)) if (/-page\.tsx$/.test(f)) out.push(path.join(routes, f));
  }
  const appRoutes = path.join(src, 'app', 'routes');
  for (const f of fs.readdirSync(appRoutes)) if (/-page\.tsx$/.test(f)) out.push(path.join(appRoutes, f));
  return out.sort();
}

/** The key a screen's catalogue is known by: its path relative to src without extension. */
export const screenKey = (src: string, file: string) =>
  path
    .relative(src, file)
    .replace(/\.tsx?$/, '')
    .split(path.sep)
    .join('/');

export function splitCatalogue(src: string): CatalogueSplit {
  const cache = new Map<string, string>();
  const read = (f: string) => {
    let text = cache.get(f);
    if (text === undefined) cache.set(f, (text = fs.readFileSync(f, 'utf8')));
    return text;
  };
  const idsOf = (f: string) => scanSource(path.relative(src, f), read(f)).messageIds.map((m) => m.text);
  const screens = screenFiles(src);
  const isScreen = new Set(screens);
  // Everything the app can load without entering a screen belongs to the shell…
  const shellFiles = reach(src, path.join(src, 'main.tsx'), (f) => isScreen.has(f), read);
  const closures = new Map(screens.map((s) => [s, reach(src, s, () => false, read)]));
  const inSomeScreen = new Set([...closures.values()].flatMap((c) => [...c]));
  // …and so does any module no screen reaches (loaded some other way), so no message is left out.
  for (const f of sourceFiles(src)) if (!inSomeScreen.has(f)) shellFiles.add(f);
  const shell = new Set([...shellFiles].flatMap(idsOf));
  const out = new Map<string, Set<string>>();
  for (const [screen, files] of closures) {
    const ids = new Set([...files].filter((f) => !shellFiles.has(f)).flatMap(idsOf));
    for (const id of shell) ids.delete(id);
    out.set(screenKey(src, screen), ids);
  }
  return { shell, screens: out };
}
