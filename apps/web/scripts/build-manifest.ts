// The browser build's manifest (dist/.vite/manifest.json: each module's chunk and the chunks it imports),
// read by the build steps that name what a page loads (on-demand.ts, screen-preloads.ts).
import fs from 'node:fs';
import path from 'node:path';

export type Manifest = Record<string, { file: string; imports?: string[] }>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Adds the chunk of the manifest entry `key` and every chunk it imports, at any depth, to `files`. */
export function addChunkClosure(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) addChunkClosure(manifest, dep, files);
}
