// The browser build's manifest (dist/.vite/manifest.json: each chunk and the chunks it imports), read by
// the build steps that name what a page loads (on-demand.ts, screen-preloads.ts).
import fs from 'node:fs';
import path from 'node:path';

export type Manifest = Record<string, { file: string; imports?: string[] }>;

export function readManifest(outDir: string): Manifest {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The chunks holding each module (vite.config.ts, moduleChunks): a module that is not its chunk's
  // entry is not a key of the manifest, so it is added as another name of its chunk's key.
  const holdersFile = path.join(outDir, '.vite/module-chunks.json');
  if (!fs.existsSync(holdersFile)) return manifest;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const holders = JSON.parse(fs.readFileSync(holdersFile, 'utf8')) as Record<string, string[]>;
  for (const [module, files] of Object.entries(holders)) {
    // A module copied into several chunks has no one chunk to be loaded by: it is left out.
    if (manifest[module] || files.length !== 1) continue;
    const key = keyOfFile.get(files[0]!);
    if (key) manifest[module] = manifest[key]!;
  }
  return manifest;
}

/** Adds the chunk of the manifest entry `key` and every chunk it imports, at any depth, to `files`. */
export function addChunkClosure(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) addChunkClosure(manifest, dep, files);
}
