// `npm run db:generate`: migrates a fresh in-memory PGlite database and writes what the
// migrations add up to into packages/db/generated/ — schema.sql (readable SQL) and
// database.types.ts (the `Database` type for supabase-js). The drift test renders the same two
// texts and compares them with the committed files.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { openMigratedDb } from './migrated-db.js';
import type { Queryable } from './queryable.js';
import { renderDatabaseTypes } from './render-database-types.js';
import { renderSchemaSql } from './render-schema-sql.js';

export const GENERATED_DIR = path.resolve(import.meta.dirname, '../generated');
export const SCHEMA_SQL_FILE = path.join(GENERATED_DIR, 'schema.sql');
export const DATABASE_TYPES_FILE = path.join(GENERATED_DIR, 'database.types.ts');

export interface GeneratedFiles {
  schemaSql: string;
  databaseTypes: string;
}

export async function renderGeneratedFiles(db: Queryable): Promise<GeneratedFiles> {
  const schemaSql = await renderSchemaSql(db);
  // Formatted with the repository's Prettier settings so `format:check` accepts the file as written.
  const options = await prettier.resolveConfig(DATABASE_TYPES_FILE);
  const databaseTypes = await prettier.format(await renderDatabaseTypes(db), {
    ...options,
    filepath: DATABASE_TYPES_FILE,
  });
  return { schemaSql, databaseTypes };
}

async function main(): Promise<void> {
  const db = await openMigratedDb();
  try {
    const files = await renderGeneratedFiles(db);
    fs.mkdirSync(GENERATED_DIR, { recursive: true });
    fs.writeFileSync(SCHEMA_SQL_FILE, files.schemaSql);
    fs.writeFileSync(DATABASE_TYPES_FILE, files.databaseTypes);
    for (const file of [SCHEMA_SQL_FILE, DATABASE_TYPES_FILE])
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
