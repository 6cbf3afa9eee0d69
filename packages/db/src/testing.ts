// The database test harness, for this package's tests and the server's: the drivers a suite runs
// on, a fresh database per suite (a copy of a migrated PGlite folder, or a new database on the PostgreSQL at
// TEST_DATABASE_URL), and helpers to run SQL as anon, a signed-in user or the service role,
// exactly as the server does for each request. Imported as '@tagledger/db/testing'.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db, type Queryable, type Tx } from './index.js';
import { listMigrations, migrate } from './migrate.js';
import { copyMigratedPgliteTemplate } from './pglite-template.js';
import { withRequestContext } from './request-context.js';

export { copyMigratedPgliteTemplate };

export type Driver = 'pglite' | 'pg';

/** The drivers a suite should run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

/**
 * Creates a database on the PostgreSQL at baseUrl, empty or a copy of `template`; drop() removes it
 * (and ends its sessions).
 */
export async function createTestDatabase(
  baseUrl: string,
  opts: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tl_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
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

/** Advisory lock held while the migrated PostgreSQL template is made (one maker per machine). */
const TEMPLATE_LOCK_KEY = 724_911_302;
const TEMPLATE_PREFIX = 'tl_template_';

function migrationsKey(): string {
  const hash = crypto.createHash('sha256');
  for (const m of listMigrations()) hash.update(m.version).update('\0').update(fs.readFileSync(m.file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

let templateMade: Promise<string> | undefined;

/**
 * The name of a database on the PostgreSQL at baseUrl that holds every migration, made once per
 * machine for a given set of migrations (their hash is in its name) and kept for later runs. A new
 * test database is a copy of it (`create database … template`), which costs a file copy instead of
 * running every migration again (about a second each on this machine), as the PGlite template does
 * for the embedded driver (pglite-template.ts).
 */
function migratedPgTemplate(baseUrl: string): Promise<string> {
  templateMade ??= (async () => {
    const name = TEMPLATE_PREFIX + migrationsKey();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      // Test processes start together: one makes the template while the others wait for it.
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const found = await admin.query('select datistemplate from pg_database where datname = $1', [name]);
      if (found.rows[0]?.datistemplate) return name;
      // A template left half-made by a process that died is made again.
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const db = await openDb({ databaseUrl: url.toString() });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
      // Templates of older migration sets go, but the newest few stay: other checkouts on this
      // machine (another branch's migrations) may be copying theirs right now. One in use refuses
      // to be dropped and stays until a later run.
      const old = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 and datname <> $2 order by oid desc offset 3`,
        [TEMPLATE_PREFIX + '%', name],
      );
      for (const { datname } of old.rows) {
        await admin
          .query(`alter database ${datname} is_template false`)
          .then(() => admin.query(`drop database ${datname}`))
          .catch(() => undefined);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
      await admin.end();
    }
  })();
  templateMade.catch(() => {
    templateMade = undefined;
  });
  return templateMade;
}

/**
 * A new database on the PostgreSQL at baseUrl that already holds every migration (a copy of the
 * migrated template); drop() removes it. migrate() on it only confirms it is up to date.
 */
export async function createMigratedTestDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createTestDatabase(baseUrl, { template: await migratedPgTemplate(baseUrl) });
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
  const database = await createMigratedTestDatabase(base);
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

/**
 * Records a GS1 company prefix as verified for a business, as an administrator's decision would
 * (without what admin_decide_gs1_prefix does to other businesses' GTINs): its products whose GTIN
 * lies under the prefix are then live on scan pages (migration 20261127000201). The prefix is the
 * GTIN-13 form's leading digits, e.g. the first 12 digits of a GTIN-13 for that one GTIN.
 */
export async function verifyGs1Prefix(db: Db, businessId: string, prefix: string): Promise<void> {
  await db.query(
    `insert into public.business_gs1_prefixes (business_id, prefix, kind, status, decided_at, evidence)
     values ($1, $2, case when char_length($2) = 12 then 'single_gtin' else 'company_prefix' end, 'verified', now(),
             'Verified for a test')`,
    [businessId, prefix],
  );
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

/**
 * Expects fn to fail with a refusal in PostgREST's shape (RAISE SQLSTATE 'PGRST' with a JSON body,
 * private.http_refusal) carrying this code, and returns the body's details.
 */
export async function expectRefusal(promise: Promise<unknown>, code: string): Promise<string | null> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === 'PGRST') {
      const body = JSON.parse(e.message ?? '{}') as { code?: string; details?: string | null };
      if (body.code === code) return body.details ?? null;
    }
    throw new Error(`expected a refusal with code ${code}, got ${e.code}: ${e.message}`, { cause: err });
  }
  throw new Error(`expected a refusal with code ${code}, but the statement succeeded`);
}

/**
 * Rows of a table (and of every partition of it) returned so far in this transaction, by its scans
 * and by its indexes: taken before and after a call in one transaction (where nothing flushes the
 * counters), the difference is what the call read of that table.
 */
export async function rowsRead(q: Queryable, table: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `with t as (select $1::regclass as rel union all select i.inhrelid from pg_inherits i where i.inhparent = $1::regclass)
     select (coalesce((select sum(pg_stat_get_xact_tuples_returned(t.rel)) from t), 0)
             + coalesce((select sum(pg_stat_get_xact_tuples_returned(x.indexrelid))
                           from pg_index x join t on x.indrelid = t.rel), 0))::float8 as n`,
    [table],
  );
  return rows[0]!.n;
}
