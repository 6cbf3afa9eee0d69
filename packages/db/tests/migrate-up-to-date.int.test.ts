// A database whose migrations all ran is confirmed with one read (no lock, no DDL): every start of
// every server does this, so it must neither queue behind another server's migrations nor change
// anything (docs/decisions/0111).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/index.js';
import { MIGRATION_LOCK_KEY, migrate } from '../src/migrate.js';
import { createTestDatabase } from '../src/testing.js';

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('migrate() on an up-to-date PostgreSQL', () => {
  it('returns without waiting for the migration lock another session holds', async () => {
    const database = await createTestDatabase(base!);
    const first = await openDb({ databaseUrl: database.url });
    const holder = new pg.Client({ connectionString: database.url });
    // A session that waits for a lock gives up after 2 s with 55P03 instead of hanging the test.
    const url = new URL(database.url);
    url.searchParams.set('options', '-c lock_timeout=2000');
    const next = await openDb({ databaseUrl: url.toString() });
    try {
      await migrate(first);
      await holder.connect();
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      // The holder could be a server applying a new migration right now: the check must not wait for it.
      await expect(migrate(next)).resolves.toEqual({ applied: [] });
      await holder.query('rollback');
    } finally {
      await holder.end().catch(() => undefined);
      await Promise.all([first.close(), next.close()]);
      await database.drop();
    }
  }, 120_000);
});
