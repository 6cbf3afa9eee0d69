// Starts the real server for a test file: a fresh PGlite in a temp DATA_DIR, or — when
// TEST_DATABASE_URL is set (and driver 'pg' is asked for) — a fresh database created on that
// PostgreSQL. Listens on a random port so supabase-js talks real HTTP to it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { buildApp, type BuiltApp } from '../../src/app.js';

export type Driver = 'pglite' | 'pg';

/** The drivers a suite should run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

export interface TestServer extends BuiltApp {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  config: Config;
  /** A supabase-js client with the anon key and no persisted session. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  serviceClient(): SupabaseClient;
  close(): Promise<void>;
}

export async function createTestDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tl_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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

export async function startTestServer(
  opts: { driver?: Driver; env?: Record<string, string>; overrides?: Partial<Config> } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-test-'));
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (opts.driver === 'pg') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the pg driver');
    const created = await createTestDatabase(base);
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  const config = loadConfig(
    { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_NAME: 'TagLedger', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...opts.env },
    opts.overrides,
  );
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
