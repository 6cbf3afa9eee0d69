// The database test harness, for this package's tests and the server's: the drivers a suite runs
// on, a fresh database per suite (a copy of a migrated PGlite folder, or a new database on the PostgreSQL at
// TEST_DATABASE_URL), and helpers to run SQL as anon, a signed-in user or the service role,
// exactly as the server does for each request. Imported as '@tagledger/db/testing'.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db, type Tx } from './index.js';
import { migrate } from './migrate.js';
import { copyMigratedPgliteTemplate } from './pglite-template.js';
import { withRequestContext } from './request-context.js';

export { copyMigratedPgliteTemplate };

export type Driver = 'pglite' | 'pg';

/** The drivers a suite should run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

/** Creates an empty database on the PostgreSQL at baseUrl; drop() removes it (and ends its sessions). */
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

export interface TestDb {
  db: Db;
  close(): Promise<void>;
}

/** A freshly migrated database on the given driver. */
export async function openTestDb(driver: Driver): Promise<TestDb> {
  if (driver === 'pglite') {
    // A copy of a folder migrated once (pglite-template.ts) rather than initdb and every migration
    // per suite; migrate() then only confirms it is up to date.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-testdb-'));
    await copyMigratedPgliteTemplate(path.join(dataDir, 'db'));
    const db = await openDb({ dataDir });
    await migrate(db);
    return {
      db,
      async close() {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the pg driver');
  const database = await createTestDatabase(base);
  const db = await openDb({ databaseUrl: database.url });
  await migrate(db);
  return {
    db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

export async function createAuthUser(
  db: Db,
  opts: {
    email?: string;
    role?: 'standard' | 'moderator' | 'admin';
    isBusiness?: boolean;
    metadata?: Record<string, unknown>;
  } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values ($1, $2, now(), $3)`,
    [id, opts.email ?? `u-${id.slice(0, 8)}@example.test`, JSON.stringify(opts.metadata ?? {})],
  );
  if (opts.role || opts.isBusiness) {
    await db.query('update public.user_profiles set role = $2, is_business_user = $3 where id = $1', [
      id,
      opts.role ?? 'standard',
      opts.isBusiness ?? false,
    ]);
  }
  return id;
}

/** Runs fn as a signed-in user (role authenticated, sub = userId). Rolled back afterwards unless commit is true. */
export function asUser<T>(db: Db, userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withRequestContext(db, { role: 'authenticated', claims: { sub: userId, aud: 'authenticated' } }, fn);
}

export function asAnon<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withRequestContext(db, { role: 'anon', claims: {} }, fn);
}

export function asService<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withRequestContext(db, { role: 'service_role', claims: {} }, fn);
}

/** Expects fn to fail with the given SQLSTATE (e.g. 42501 for an RLS or privilege denial). */
export async function expectSqlState(promise: Promise<unknown>, code: string): Promise<void> {
  try {
    await promise;
  } catch (err) {
    const actual = (err as { code?: string }).code;
    if (actual === code) return;
    throw new Error(`expected SQLSTATE ${code}, got ${actual}: ${(err as Error).message}`, { cause: err });
  }
  throw new Error(`expected SQLSTATE ${code}, but the statement succeeded`);
}
