// The first boot of an embedded database runs initdb and every migration. Memory a WebAssembly
// instance has touched is never returned, so doing that in the server's own PGlite left a fresh
// server idling at about three times the size of a restarted one (docs/decisions/0110). Instead the
// migrations of a fresh folder run in a worker thread with a PGlite of its own; the thread ends,
// its memory is freed, and only then does the server open the folder. The caller holds the folder
// lock throughout (data-folder-lock.ts): the worker opens the folder, never the lock file.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MigrationResult } from './migrate.js';

/** A folder PostgreSQL has never been initialised in (initdb writes PG_VERSION first). */
export function isFreshDatabaseFolder(dir: string): boolean {
  return !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** Initialises `dir` and applies every migration in a worker thread; resolves once the thread is gone. */
export function migrateInWorker(dir: string): Promise<MigrationResult> {
  // From the compiled package (npm start) the worker is plain JavaScript. From the sources (tests,
  // npm run dev) it is TypeScript, and a worker thread does not reliably inherit the TypeScript
  // loader of its parent (neither `node --import tsx` on Node 20 nor a test runner's transform):
  // it registers tsx itself before importing the worker module.
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(`./migrate-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
        { eval: true, workerData: { dir } },
      )
    : new Worker(file, { workerData: { dir } });
  return new Promise((resolve, reject) => {
    let result: MigrationResult | undefined;
    let failure: unknown;
    worker.on('message', (message: MigrationResult) => (result = message));
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => {
      if (failure !== undefined) reject(failure);
      else if (result && code === 0) resolve(result);
      else reject(new Error(`the migration worker for ${dir} exited with code ${code} before finishing`));
    });
  });
}
