// For tests only (exported by testing.ts): an embedded database folder that is already initialised
// and migrated, to copy into a test server's DATA_DIR. A fresh folder costs a test server initdb and
// every migration (many seconds on a shared machine); a copy of this one costs a file copy, and the
// server then opens it exactly as it opens a folder on any later boot. The first boot itself (a
// fresh folder migrated in a child process) stays covered by the tests that start the real process
// (apps/server/test/operations/first-boot.int.test.ts).
//
// The folder is made once per machine for a given set of migrations, PGlite version and start
// parameters (all in its name), by the same child process a server's first boot uses, and reused by
// every test process and later runs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { listMigrations } from './migrate.js';
import { migrateInChildProcess } from './migrate-apart.js';
import { PGLITE_OPTIONS } from './pglite-driver.js';

const PREFIX = 'tagledger-pglite-template-';
const DAY_MS = 24 * 3600 * 1000;

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  for (const m of listMigrations()) hash.update(m.version).update('\0').update(fs.readFileSync(m.file)).update('\0');
  hash.update(JSON.stringify(PGLITE_OPTIONS.startParams));
  const require = createRequire(import.meta.url);
  const pgliteEntry = require.resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(pgliteEntry, '../../package.json')));
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<string> | undefined;

/** The path of the migrated template folder, made first if this machine has none for these migrations. */
export function migratedPgliteTemplate(): Promise<string> {
  made ??= (async () => {
    const final = path.join(os.tmpdir(), PREFIX + templateKey());
    if (fs.existsSync(path.join(final, 'PG_VERSION'))) return final;
    // Made beside its final name and renamed into place, so a test process running at the same
    // time never copies a half-made folder; if it made one first, its copy is kept.
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-pglite-staging-'));
    try {
      await migrateInChildProcess(staging);
      fs.renameSync(staging, final);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (!fs.existsSync(path.join(final, 'PG_VERSION'))) throw err;
    }
    // Templates of other migration sets may be in use by other checkouts' tests right now: only
    // those untouched for a day go.
    for (const old of fs.readdirSync(os.tmpdir())) {
      const folder = path.join(os.tmpdir(), old);
      if (old.startsWith(PREFIX) && folder !== final && Date.now() - fs.statSync(folder).mtimeMs > DAY_MS)
        fs.rmSync(folder, { recursive: true, force: true });
    }
    return final;
  })();
  return made;
}

/** Copies the migrated template into `dir` (the embedded database's folder, DATA_DIR/db). */
export async function copyMigratedPgliteTemplate(dir: string): Promise<void> {
  fs.cpSync(await migratedPgliteTemplate(), dir, { recursive: true });
}
