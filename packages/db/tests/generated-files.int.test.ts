// packages/db/generated/ must describe what the migrations add up to. When a migration changes the
// schema and `npm run db:generate` was not run, this test fails and says which file is stale.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, renderGeneratedFiles, SCHEMA_SQL_FILE } from '../scripts/generate.js';
import { renderDatabaseTypes } from '../scripts/render-database-types.js';
import { drivers, openTestDb, type TestDb } from '@tagledger/db/testing';

const STALE = 'is stale: a migration changed the schema; run `npm run db:generate` and commit the result';

describe('generated schema files (pglite: the source they are generated from)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('pglite');
  });
  afterAll(() => t.close());

  it('schema.sql and database.types.ts match a freshly migrated database', async () => {
    const files = await renderGeneratedFiles(t.db);
    expect(files.schemaSql === fs.readFileSync(SCHEMA_SQL_FILE, 'utf8'), `schema.sql ${STALE}`).toBe(true);
    expect(files.databaseTypes === fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'), `database.types.ts ${STALE}`).toBe(
      true,
    );
  });

  it('a schema change without regenerating is caught by both files', async () => {
    await t.db.exec(`
      alter table public.news_articles add column drift_probe text;
      create policy drift_probe on public.news_articles for select to anon using (false);`);
    try {
      const files = await renderGeneratedFiles(t.db);
      expect(files.schemaSql).not.toBe(fs.readFileSync(SCHEMA_SQL_FILE, 'utf8'));
      expect(files.schemaSql).toContain('drift_probe text');
      expect(files.schemaSql).toContain('create policy drift_probe on public.news_articles for select to anon');
      expect(files.databaseTypes).not.toBe(fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'));
      expect(files.databaseTypes).toContain('drift_probe: string | null;');
    } finally {
      await t.db.exec(`
        drop policy drift_probe on public.news_articles;
        alter table public.news_articles drop column drift_probe;`);
    }
  });
});

describe.each(drivers)('generated Database types on %s', (driver) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(() => t.close());

  // The types must not depend on which PostgreSQL produced them, or regenerating would churn.
  it('render the same shape of every table, view and function', async () => {
    const { databaseTypes } = await renderGeneratedFiles(t.db);
    expect(databaseTypes === fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'), `database.types.ts ${STALE}`).toBe(true);
  });

  it('shape rows, inserts, relationships and functions as supabase gen types does', async () => {
    const text = await renderDatabaseTypes(t.db);
    // A nullable column is `T | null` in Row and optional in Insert; a defaulted one is optional in Insert only.
    expect(text).toMatch(/user_profiles: \{\n\s+Row: \{[^}]*\n\s+bio: string \| null\n/);
    expect(text).toMatch(/news_articles: \{[\s\S]*?Insert: \{[^}]*\n\s+id\?: string\n/);
    // A generated column cannot be written.
    expect(text).toMatch(/serial_normalized\?: never/);
    // Foreign keys inside the exposed schema become embeddable relationships.
    expect(text).toContain('foreignKeyName: "article_authors_id_fkey"');
    // Functions: trigger functions are not callable through /rpc, so they are left out.
    expect(text).not.toMatch(/touch_updated_at/);
  });
});
