// One process per embedded database (security issue, hole 3). Real server processes on one
// DATA_DIR: the first holds the folder, a second exits at once with one line, and after the first
// is killed with SIGKILL (no chance to clean up) a third takes the folder over and finds the
// first one's acknowledged writes. With DATABASE_URL the folder is only files, and several servers
// sharing it is the supported multi-instance set-up, so both start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { decodeProtectedHeader } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DbStartupError, lockDatabaseFolder } from '@tagledger/db';
import { loadKeys } from '../../src/shared/keys.js';
import { createTestDatabase } from '@tagledger/db/testing';
import { clientOptions } from '../helpers/test-server.js';
import {
  PROCESS_BOUND_MS,
  STARTUP_BOUND_MS,
  freePort,
  oneLineFailure,
  runUntilExit,
  spawnServer,
  stopServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../helpers/server-process.js';

const PASSWORD = 'Tl-lock-correct-horse-42!';
const started: ServerProcess[] = [];
const folders: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-lock-'));
  folders.push(dir);
  return dir;
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawnServer({ PORT: String(await freePort()), ...env });
  started.push(proc);
  await waitUntilHealthy(proc);
  return proc;
}

async function serviceClient(url: string, dataDir: string) {
  const keys = await loadKeys({ dataDir, issuer: `${url}/auth/v1` });
  return createClient(url, keys.serviceRoleKey, clientOptions());
}

afterAll(async () => {
  for (const proc of started) await stopServer(proc, 'SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database folder lock', () => {
  it(
    'refuses a second server on the same DATA_DIR, and hands the folder to a new server after the holder is killed',
    async () => {
      const dataDir = tempDataDir();
      const first = await startServer({ DATA_DIR: dataDir });
      const admin = await serviceClient(first.url, dataDir);
      const email = `lock-${Date.now().toString(36)}@example.test`;
      const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      expect(created.error).toBeNull();

      // The second server: non-zero exit by itself, one line naming the folder and the holder.
      const second = await runUntilExit({ DATA_DIR: dataDir });
      const line = oneLineFailure(second);
      expect(line).toContain(path.join(dataDir, 'db'));
      expect(line).toContain('already in use by another TagLedger server');
      expect(line).toContain(`pid ${first.child.pid}`);
      // The first is unharmed and still serves its data.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

      // kill -9: the holder cannot release anything itself; the lock file stays behind.
      await stopServer(first, 'SIGKILL');
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

      const third = await startServer({ DATA_DIR: dataDir });
      const signIn = await createClient(
        third.url,
        (await loadKeys({ dataDir, issuer: '' })).anonKey,
        clientOptions(),
      ).auth.signInWithPassword({
        email,
        password: PASSWORD,
      });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.id).toBe(created.data.user?.id);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).pid).toBe(third.child.pid);
    },
    2 * STARTUP_BOUND_MS + PROCESS_BOUND_MS + 20_000,
  );

  it('is held per open file, so even a second open in the same process is refused until released', () => {
    const dbDir = path.join(tempDataDir(), 'db');
    fs.mkdirSync(dbDir);
    const held = lockDatabaseFolder(dbDir);
    expect(() => lockDatabaseFolder(dbDir)).toThrow(DbStartupError);
    expect(() => lockDatabaseFolder(dbDir)).toThrow(`(pid ${process.pid})`);
    held.release();
    const again = lockDatabaseFolder(dbDir);
    again.release();
    // Releasing never deletes the file (a deleted locked file would let two holders exist).
    expect(fs.existsSync(`${dbDir}.lock`)).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'lets several servers share one DATA_DIR when the database is DATABASE_URL, with one signing key between them',
    async () => {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const dataDir = tempDataDir();
        const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
        // Started together: both may find no signing key and create one; exactly one must win.
        const [a, b] = await Promise.all([startServer(env), startServer(env)]);
        const [configA, configB] = await Promise.all(
          [a, b].map(async (s) => (await (await fetch(`${s.url}/config.json`)).json()) as { anonKey: string }),
        );
        // ES256 signatures differ on every signing; the key id says which key signed.
        expect(decodeProtectedHeader(configA!.anonKey).kid).toBe(decodeProtectedHeader(configB!.anonKey).kid);
        expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
        await Promise.all([stopServer(a), stopServer(b)]);
      } finally {
        await database.drop();
      }
    },
    STARTUP_BOUND_MS + 20_000,
  );
});
