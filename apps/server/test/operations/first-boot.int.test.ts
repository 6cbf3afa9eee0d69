// The first boot of an empty DATA_DIR (docs/decisions/0110): initdb and every migration run in a
// child process with its own PGlite, whose memory goes when it exits, and only then does the
// server open the folder. Real server processes: the first boot migrates (in the child, while the
// server holds the folder lock — a second server is refused), serves, and keeps what it was given;
// the second boot finds nothing to migrate and serves the same data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { listMigrations } from '@tagledger/db';
import { loadKeys } from '../../src/shared/keys.js';
import { clientOptions } from '../helpers/test-server.js';
import {
  STARTUP_BOUND_MS,
  freePort,
  oneLineFailure,
  runUntilExit,
  spawnServer,
  stopServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../helpers/server-process.js';

const PASSWORD = 'Tl-first-boot-horse-42!';
const WORKER_LOG = 'migrations applied in a separate process';
const started: ServerProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-first-boot-'));

afterAll(async () => {
  for (const proc of started) await stopServer(proc, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function boot(): Promise<ServerProcess> {
  const proc = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  started.push(proc);
  return proc;
}

/** The versions the server logged as applied in the child process (JSON log lines), if any. */
function appliedInWorker(stdout: string): string[] | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.includes(WORKER_LOG)) continue;
    return (JSON.parse(line) as { applied: string[] }).applied;
  }
  return undefined;
}

describe('first and later boot of a fresh embedded database', () => {
  it(
    'migrates a fresh DATA_DIR apart under the folder lock, serves, and boots again on the same data',
    async () => {
      const first = await boot();
      // The child has initialised the folder; the server holds the lock while it migrates.
      const pgVersion = path.join(dataDir, 'db', 'PG_VERSION');
      while (!fs.existsSync(pgVersion)) {
        if (first.child.exitCode !== null) throw new Error(`first boot exited: ${first.stderr()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const intruder = await runUntilExit({ DATA_DIR: dataDir });
      expect(oneLineFailure(intruder)).toContain('already in use by another TagLedger server');

      await waitUntilHealthy(first);
      expect(appliedInWorker(first.stdout())).toEqual(listMigrations().map((m) => m.version));
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

      const keys = await loadKeys({ dataDir, issuer: `${first.url}/auth/v1` });
      const admin = createClient(first.url, keys.serviceRoleKey, clientOptions());
      const email = `first-boot-${Date.now().toString(36)}@example.test`;
      const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      expect(created.error).toBeNull();
      // The Data API serves the tables the child created, under their grants (anon may not list news).
      const news = await admin.from('news_articles').select('id').limit(1);
      expect(news.error).toBeNull();
      const anon = createClient(first.url, keys.anonKey, clientOptions());
      expect((await anon.from('news_articles').select('id').limit(1)).error?.code).toBe('42501');
      await stopServer(first);
      expect(first.child.exitCode).toBe(0);

      const second = await boot();
      await waitUntilHealthy(second);
      // Nothing left to migrate: no child this time, and the first boot's data is there.
      expect(appliedInWorker(second.stdout())).toBeUndefined();
      const signIn = await createClient(second.url, keys.anonKey, clientOptions()).auth.signInWithPassword({
        email,
        password: PASSWORD,
      });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.id).toBe(created.data.user?.id);
      await stopServer(second);
    },
    STARTUP_BOUND_MS * 2,
  );
});
