// Vite plugin: the split message catalogues (scripts/i18n/catalogue-split.ts) as static JSON files,
//   assets/catalogues/<version>/<locale>/<piece>.json   (piece: "shell" or a screen key)
// compiled for Lingui (no ICU parser in the browser), and the module `virtual:catalogues`, which knows
// only the version (a hash of every piece's content, so the files are cached for good, like the other
// hashed assets) and fetches a piece. The entry thus carries a few bytes, not a map of chunks.
// English is the source language and its message ids are the English text, so English pieces keep only
// the messages that differ from their id once compiled (placeholders, plurals, escapes); i18n.ts lets
// plain ids through as they are. Messages of the .po files that no module is found to use go into the
// shell, so nothing can be left out of every piece. Under Vitest the pieces are inlined instead.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { splitCatalogue } from './i18n/catalogue-split.ts';
import { LOCALES } from '../src/lib/i18n/locales.ts';

const MODULE = 'virtual:catalogues';
export const CATALOGUE_DIR = 'assets/catalogues';

type Compiled = ReturnType<typeof compileMessage>;
/** locale → piece → compiled messages */
type Pieces = Record<string, Record<string, Record<string, Compiled>>>;

async function readPo(src: string, locale: string): Promise<Record<string, string>> {
  const file = path.join(src, 'locales', `${locale}.po`);
  const po = formatter({ lineNumbers: false, origins: false });
  const parsed = (await po.parse(fs.readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: file,
  })) as Record<string, { translation?: string; obsolete?: boolean }>;
  const out: Record<string, string> = {};
  for (const [id, entry] of Object.entries(parsed)) if (!entry.obsolete) out[id] = entry.translation || id;
  return out;
}

/** Every piece in every language. */
export async function buildPieces(src: string): Promise<Pieces> {
  const split = splitCatalogue(src);
  const english = await readPo(src, 'en');
  const placed = new Set([...split.shell, ...[...split.screens.values()].flatMap((s) => [...s])]);
  for (const id of Object.keys(english)) if (!placed.has(id)) split.shell.add(id);
  const pieces: Pieces = {};
  for (const locale of LOCALES) {
    const texts = locale === 'en' ? english : await readPo(src, locale);
    const compile = (ids: Iterable<string>) => {
      const out: Record<string, Compiled> = {};
      for (const id of [...ids].sort()) {
        const message = compileMessage(texts[id] ?? english[id] ?? id);
        // A plain English text is its own id: nothing to ship.
        if (locale === 'en' && message.length === 1 && message[0] === id) continue;
        out[id] = message;
      }
      return out;
    };
    pieces[locale] = { shell: compile(split.shell) };
    for (const [key, ids] of split.screens) pieces[locale]![key] = compile(ids);
  }
  return pieces;
}

const versionOf = (pieces: Pieces) =>
  crypto.createHash('sha256').update(JSON.stringify(pieces)).digest('hex').slice(0, 10);

export function catalogues(opts: { src: string }): Plugin {
  let pieces: Promise<Pieces> | undefined;
  let inline = false;
  const current = () => (pieces ??= buildPieces(opts.src));

  return {
    name: 'tagledger-catalogues',
    configResolved(config) {
      // Tests and the build-time render (Node, no server to fetch from) get the pieces inlined.
      inline = config.mode === 'test' || Boolean(process.env.VITEST) || Boolean(config.build.ssr);
    },
    buildStart() {
      pieces = undefined;
    },
    resolveId(id) {
      return id === MODULE ? `\0${MODULE}` : undefined;
    },
    async load(id) {
      if (id !== `\0${MODULE}`) return undefined;
      const all = await current();
      if (inline)
        return `const pieces = ${JSON.stringify(all)};
export const catalogueKeys = Object.keys(pieces.en);
export async function fetchCatalogue(locale, key) { return pieces[locale]?.[key] ?? {}; }
`;
      const base = `/${CATALOGUE_DIR}/${versionOf(all)}`;
      return `export const catalogueBase = ${JSON.stringify(base)};
export const catalogueKeys = [];
export async function fetchCatalogue(locale, key) {
  const res = await fetch(\`\${catalogueBase}/\${locale}/\${key}.json\`);
  if (!res.ok) throw new Error(\`catalogue \${locale}/\${key}: \${res.status}\`);
  return res.json();
}
`;
    },
    // `vite dev`: answer the catalogue URLs from the current sources.
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const m = /^\/assets\/catalogues\/[^/]+\/([a-z]+)\/(.+)\.json$/.exec(req.url?.split('?')[0] ?? '');
        if (!m) return next();
        pieces = undefined;
        const piece = (await current())[m[1]!]?.[m[2]!];
        res.statusCode = piece ? 200 : 404;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(piece ?? {}));
      });
    },
    async generateBundle() {
      const all = await current();
      const version = versionOf(all);
      for (const [locale, byKey] of Object.entries(all))
        for (const [key, messages] of Object.entries(byKey))
          this.emitFile({
            type: 'asset',
            fileName: `${CATALOGUE_DIR}/${version}/${locale}/${key}.json`,
            source: JSON.stringify(messages),
          });
    },
  };
}
