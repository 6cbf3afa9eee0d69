// Forward-only SQL migrations from this package's migrations folder, applied in file-name order, each in
// its own transaction and recorded in private.schema_migrations. An advisory lock makes
// concurrent starts of several servers on one PostgreSQL apply each migration exactly once.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../migrations');
/** The advisory lock every migration run takes (exported for the tests). */
export const MIGRATION_LOCK_KEY = 724_911_301;

export interface MigrationResult {
  applied: string[];
}

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), file: path.join(dir, file) }));
}

/**
 * The migrations not yet recorded, read without a lock or any DDL. Every start of a server runs
 * migrate(); on a database that is up to date (every start but the first and an upgrade's) this
 * one query replaces the bootstrap DDL and a locked transaction per migration file, work that
 * grew the embedded database's memory on each later boot (docs/decisions/0111).
 */
async function unrecorded(db: Db, all: { version: string; file: string }[]) {
  const table = await db.query<{ present: boolean }>(
    "select to_regclass('private.schema_migrations') is not null as present",
  );
  if (!table.rows[0]?.present) return all;
  const done = await db.query<{ version: string }>('select version from private.schema_migrations');
  const recorded = new Set(done.rows.map((r) => r.version));
  return all.filter((m) => !recorded.has(m.version));
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const all = listMigrations(dir);
  // Nothing to apply: done. Otherwise the locked path below decides again, migration by migration,
  // so a server that raced us to apply one never applies it twice.
  if ((await unrecorded(db, all)).length === 0) return { applied: [] };
  // The bootstrap takes the same lock: two servers starting at once on an empty database would otherwise both
  // try to create the schema, and "if not exists" does not make that concurrent DDL safe (23505 in pg_namespace).
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      create schema if not exists private;
      create table if not exists private.schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      );`);
  });
  const applied: string[] = [];
  for (const m of all) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('select 1 from private.schema_migrations where version = $1', [m.version]);
      if (done.rowCount > 0) return false;
      await tx.exec(fs.readFileSync(m.file, 'utf8'));
      await tx.query('insert into private.schema_migrations (version) values ($1)', [m.version]);
      return true;
    });
    if (didApply) applied.push(m.version);
  }
  return { applied };
}
