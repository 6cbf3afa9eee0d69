// The first boot of an embedded database runs initdb and every migration. Memory a WebAssembly
// instance has touched is never returned, so doing that in the server's own PGlite left a fresh
// server idling at about three times the size of a restarted one (docs/decisions/0110). Instead the
// migrations of a fresh folder run in a child process with a PGlite of its own; when it exits, all
// its memory is gone, and only then does the server open the folder. (A worker thread was tried
// first: the server still idled about 110 MB above a child process's result, as a thread's freed
// memory stays in the process.) The caller holds the folder lock throughout
// (data-folder-lock.ts): the child opens the folder, never the lock file, and does not inherit
// the lock's descriptor (Node opens files close-on-exec).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { MigrationResult } from './migrate.js';

/** A folder PostgreSQL has never been initialised in (initdb writes PG_VERSION). */
export function isFreshDatabaseFolder(dir: string): boolean {
  return !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** Initialises `dir` and applies every migration in a child process; resolves once it has exited. */
export function migrateInChildProcess(dir: string): Promise<MigrationResult> {
  // From the compiled package (npm start) the child runs plain JavaScript with the server's own
  // flags (the compiled condition, the V8 memory flags). From the sources (tests, npm run dev) it
  // is TypeScript and gets tsx's loader.
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(`./migrate-process.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  const child = fork(file, [dir], {
    execArgv: fromSources ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: MigrationResult | undefined;
    child.on('message', (message: MigrationResult) => (result = message));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (result && code === 0) resolve(result);
      else
        reject(
          new Error(
            `the migration process for ${dir} ended (${signal ?? `exit code ${code}`}) before finishing; see its error above`,
          ),
        );
    });
  });
}
