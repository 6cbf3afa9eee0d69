// A fresh in-memory PGlite database with every migration applied: the one source the generated
// files are rendered from, so they never depend on a developer's local PostgreSQL.
import { migrate, openDb, type Db } from '../src/index.js';

export async function openMigratedDb(): Promise<Db> {
  const db = await openDb({});
  await migrate(db);
  return db;
}
