// Starts the real server for a test file: a fresh PGlite in a temp DATA_DIR, or — when
// TEST_DATABASE_URL is set (and driver 'pg' is asked for) — a fresh database created on that
// PostgreSQL. Listens on a random port so supabase-js talks real HTTP to it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { copyMigratedPgliteTemplate, createMigratedTestDatabase, drivers, type Driver } from '@tagledger/db/testing';
import { loadConfig, type Config } from '../../src/config/index.js';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { startLocalS3 } from './s3-server.js';

// Server suites take the list of drivers from here, with the server.
export { drivers, type Driver, verifyGs1Prefix } from '@tagledger/db/testing';

export type StorageKind = 'file' | 's3';

/** Storage suites run on every driver with both byte stores: files in DATA_DIR and an S3 bucket. */
export const storageMatrix: { driver: Driver; storage: StorageKind }[] = drivers.flatMap((driver) =>
  (['file', 's3'] as const).map((storage) => ({ driver, storage })),
);

export interface TestServer extends BuiltApp {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  config: Config;
  /** Keys of the object bytes the storage backend holds (to prove none is orphaned or lost). */
  storedObjects(): string[];
  /** A supabase-js client with the anon key and no persisted session. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  serviceClient(): SupabaseClient;
  close(): Promise<void>;
}

/**
 * Node 20 has no global WebSocket and supabase-js refuses to construct its (lazy) realtime client
 * without one. Realtime is out of scope, so tests hand it a transport that fails only if used.
 */
class NoRealtimeTransport {
  constructor() {
    throw new Error('Realtime is not supported by this server');
  }
}

export function clientOptions() {
  return {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeTransport as never },
  } as const;
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

export async function startTestServer(
  opts: {
    driver?: Driver;
    storage?: StorageKind;
    env?: Record<string, string>;
    overrides?: Partial<Config>;
    /** Receives the server's JSON log lines (at LOG_LEVEL, info unless env sets it). */
    logStream?: NodeJS.WritableStream;
    /** A fixed port (default: any free one), for a caller whose SITE_URL must name it before start-up. */
    port?: number;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-test-'));
  const s3 = opts.storage === 's3' ? await startLocalS3() : undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (opts.driver === 'pg') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the pg driver');
    const created = await createMigratedTestDatabase(base);
    databaseUrl = created.url;
    dropDb = created.drop;
  } else if (!opts.env?.DATABASE_URL && !opts.env?.DATA_DIR) {
    // An already migrated embedded database, copied: the server opens it as on any later boot
    // instead of running initdb and every migration for each test server (pglite-template.ts).
    await copyMigratedPgliteTemplate(path.join(dataDir, 'db'));
  }
  const config = loadConfig(
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: opts.logStream ? 'info' : 'silent',
      APP_NAME: 'TagLedger',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...s3?.serverEnv(),
      ...opts.env,
    },
    opts.overrides,
  );
  const built = await buildApp(config, opts.logStream ? { logStream: opts.logStream } : {});
  await built.app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // Links in mail and redirects must point at the real port.
  built.ctx.config.publicUrl = url;
  if (!opts.env?.SITE_URL) built.ctx.config.siteUrl = url;
  if (!opts.env?.STORAGE_PUBLIC_URL) built.ctx.config.storagePublicUrl = url;
  const { anonKey, serviceRoleKey } = built.ctx.keys;
  return {
    ...built,
    url,
    anonKey,
    serviceRoleKey,
    dataDir,
    config: built.ctx.config,
    storedObjects: () => (s3 ? s3.objectKeys() : filesUnder(path.join(dataDir, 'storage', 'objects'))),
    anonClient: () => createClient(url, anonKey, clientOptions()),
    serviceClient: () => createClient(url, serviceRoleKey, clientOptions()),
    async close() {
      const closing = built.app.close();
      // A keep-alive socket whose last (streamed) answer finished just after close() began is not
      // "idle" yet and would hold the close for the whole keep-alive timeout; at teardown no
      // request is still wanted, so every connection is ended now.
      built.app.server.closeAllConnections();
      await closing;
      if (dropDb) await dropDb();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
