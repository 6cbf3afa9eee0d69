// One schema cache per database handle, loaded at start, reloaded on demand (reloadSchemaCache),
// on `NOTIFY pgrst, 'reload schema'` (PostgreSQL driver), and when a request names something the
// cache does not know while the catalog has changed since the load (tables created after start).
import type { Db } from '../../db/index.js';
import { catalogFingerprint, loadSchemaCache } from './load.js';
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

/**
 * Reloads when the catalog changed since the cache was built (one small query); returns whether
 * it did. Called when a request names a table, column, function or relationship we do not know.
 */
export async function reloadIfChanged(db: Db): Promise<boolean> {
  const entry = caches.get(db) ?? load(db);
  const cache = await entry.current;
  if ((await catalogFingerprint(db, cache.schema)) === cache.fingerprint) return false;
  // Concurrent misses share one reload.
  if (caches.get(db) === entry) load(db);
  await caches.get(db)!.current;
  return true;
}

export type { SchemaCache } from './types.js';
