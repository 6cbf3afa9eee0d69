// Several servers may start at the same moment on one empty PostgreSQL (a rolling deploy, two replicas).
// The runner must apply every migration exactly once and never fail on the bootstrap's concurrent DDL.
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/index.js';
import { listMigrations, migrate } from '../src/migrate.js';
import { createTestDatabase } from '../src/testing.js';

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('migrations started by several servers at once on PostgreSQL', () => {
  it('all succeed, and each migration is applied by exactly one of them', async () => {
    const database = await createTestDatabase(base!);
    const dbs = await Promise.all([1, 2, 3, 4].map(() => openDb({ databaseUrl: database.url })));
    try {
      const results = await Promise.all(dbs.map((db) => migrate(db)));
      const appliedAll = results.flatMap((r) => r.applied).sort();
      expect(appliedAll).toEqual(listMigrations().map((m) => m.version));
      const rows = await dbs[0]!.query<{ n: string }>('select count(*) as n from private.schema_migrations');
      expect(Number(rows.rows[0]!.n)).toBe(listMigrations().length);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await database.drop();
    }
  }, 120_000);
});
