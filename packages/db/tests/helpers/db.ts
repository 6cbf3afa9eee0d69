// Database-level test harness: a freshly migrated database (PGlite, or a new database on the
// PostgreSQL at TEST_DATABASE_URL) and helpers to run SQL as anon, a signed-in user or the
// service role, exactly as the server does for each request.
import crypto from 'node:crypto';
import pg from 'pg';
import { openDb, type Db, type Tx } from '../../../../apps/server/src/db/index.js';
import { migrate } from '../../../../apps/server/src/db/migrate.js';
import { withRequestContext } from '../../../../apps/server/src/db/request-context.js';

export type Driver = 'pglite' | 'pg';
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

export interface TestDb {
  db: Db;
  close(): Promise<void>;
}

export async function openTestDb(driver: Driver): Promise<TestDb> {
  if (driver === 'pglite') {
    const db = await openDb({});
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `tl_dbtest_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  await migrate(db);
  return {
    db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createAuthUser(
  db: Db,
  opts: { email?: string; role?: 'standard' | 'moderator' | 'admin'; isBusiness?: boolean; metadata?: Record<string, unknown> } = {},
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
    throw new Error(`expected SQLSTATE ${code}, got ${actual}: ${(err as Error).message}`);
  }
  throw new Error(`expected SQLSTATE ${code}, but the statement succeeded`);
}
