// How the build steps find a module's chunk (build-manifest.ts). With small shared chunks merged into
// their importers (decision 0181), a module loaded by import() can sit in a chunk it is not the entry
// of: vite's manifest then has no key for it, and the screens' preloads and the route budgets lost the
// query wrapper without a word. A build's manifest and module map, written here in the shapes vite and
// vite.config.ts (moduleChunks) write them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addChunkClosure, readManifest } from './build-manifest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-manifest-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeBuild(manifest: object, holders?: object): string {
  const out = fs.mkdtempSync(path.join(dir, 'dist-'));
  fs.mkdirSync(path.join(out, '.vite'));
  fs.writeFileSync(path.join(out, '.vite/manifest.json'), JSON.stringify(manifest));
  if (holders) fs.writeFileSync(path.join(out, '.vite/module-chunks.json'), JSON.stringify(holders));
  return out;
}

const manifest = {
  'src/features/assets/routes/assets-page.tsx': {
    file: 'assets/assets-page-1.js',
    imports: ['_runtime-1.js', '_query-boundary-1.js'],
  },
  // The query wrapper's chunk, merged with the query cache's modules: named by its file only.
  '_query-boundary-1.js': { file: 'assets/query-boundary-1.js', imports: ['_runtime-1.js'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_card-1.js': { file: 'assets/card-1.js' },
  '_card-2.js': { file: 'assets/card-2.js' },
};
const holders = {
  'src/features/assets/routes/assets-page.tsx': ['assets/assets-page-1.js'],
  'src/lib/query-boundary.tsx': ['assets/query-boundary-1.js'],
  'src/lib/query-client.ts': ['assets/query-boundary-1.js'],
  // A small module copied into two chunks: no one chunk loads it.
  'src/components/ui/card.tsx': ['assets/card-1.js', 'assets/card-2.js'],
};

describe('a module’s chunk in the build manifest', () => {
  it('is found through the module map when the module is not its chunk’s entry', () => {
    const files = new Set<string>();
    addChunkClosure(readManifest(writeBuild(manifest, holders)), 'src/lib/query-boundary.tsx', files);
    expect([...files]).toEqual(['assets/query-boundary-1.js', 'assets/runtime-1.js']);
  });

  it('keeps the manifest’s own keys and their imports', () => {
    const files = new Set<string>();
    addChunkClosure(readManifest(writeBuild(manifest, holders)), 'src/features/assets/routes/assets-page.tsx', files);
    expect([...files].sort()).toEqual(['assets/assets-page-1.js', 'assets/query-boundary-1.js', 'assets/runtime-1.js']);
  });

  it('refuses a module copied into several chunks, or one the build does not have', () => {
    const read = readManifest(writeBuild(manifest, holders));
    expect(() => addChunkClosure(read, 'src/components/ui/card.tsx', new Set())).toThrow(/not in the build manifest/);
    expect(() => addChunkClosure(read, 'src/lib/gone.ts', new Set())).toThrow(/not in the build manifest/);
  });

  it('reads a build without a module map as vite wrote it', () => {
    const read = readManifest(writeBuild(manifest));
    expect(() => addChunkClosure(read, 'src/lib/query-boundary.tsx', new Set())).toThrow(/not in the build manifest/);
    expect(Object.keys(read)).toEqual(Object.keys(manifest));
  });
});
