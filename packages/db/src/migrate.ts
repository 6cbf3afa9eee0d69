// Forward-only SQL migrations from this package's migrations folder, applied in file-name order, each in
// its own transaction and recorded in private.schema_migrations. An advisory lock makes
// concurrent starts of several servers on one PostgreSQL apply each migration exactly once.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../migrations');
const LOCK_KEY = 724_911_301;

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

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  // The bootstrap takes the same lock: two servers starting at once on an empty database would otherwise both
  // try to create the schema, and "if not exists" does not make that concurrent DDL safe (23505 in pg_namespace).
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`
      create schema if not exists private;
      create table if not exists private.schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      );`);
  });
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
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
