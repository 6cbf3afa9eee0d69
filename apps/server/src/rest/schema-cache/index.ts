// One schema cache per database handle, loaded at start, reloaded on demand (reloadSchemaCache),
// on `NOTIFY pgrst, 'reload schema'` (PostgreSQL driver), and — throttled — when a request names
// a table or function the cache does not know yet (so tables created after start are found).
import type { Db } from '../../db/index.js';
import { loadSchemaCache } from './load.js';
import type { SchemaCache } from './types.js';

interface Entry {
  current: Promise<SchemaCache>;
  loadedAt: number;
}

const caches = new WeakMap<Db, Entry>();

function load(db: Db): Entry {
  const entry: Entry = { current: loadSchemaCache(db), loadedAt: Date.now() };
  // A failed load must not poison the slot forever: the next request retries.
  entry.current.catch(() => {
    if (caches.get(db) === entry) caches.delete(db);
  });
  caches.set(db, entry);
  return entry;
}

export function getSchemaCache(db: Db): Promise<SchemaCache> {
  return (caches.get(db) ?? load(db)).current;
}

/** Re-reads the catalog (call after DDL). Accepts the app context or the Db itself. */
export async function reloadSchemaCache(target: Db | { db: Db }): Promise<SchemaCache> {
  const db = 'db' in target && typeof (target as { db: Db }).db === 'object' ? (target as { db: Db }).db : (target as Db);
  return load(db).current;
}

/** Reloads unless the cache is younger than `minAgeMs`; returns whether a reload happened. */
export async function reloadIfStale(db: Db, minAgeMs = 1000): Promise<boolean> {
  const entry = caches.get(db);
  if (entry && Date.now() - entry.loadedAt < minAgeMs) return false;
  await load(db).current;
  return true;
}

export type { SchemaCache } from './types.js';
