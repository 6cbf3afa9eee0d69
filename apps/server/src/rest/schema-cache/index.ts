// One schema cache per database handle and exposed schema, loaded on first use, reloaded on demand
// (reloadSchemaCache), on `NOTIFY pgrst, 'reload schema'` (PostgreSQL driver), and when a request
// names something the cache does not know while the catalog has changed since the load (tables
// created after start).
import type { Db } from '@tagledger/db';
import { catalogFingerprint, loadSchemaCache } from './load.js';
import type { SchemaCache } from './types.js';

interface Entry {
  current: Promise<SchemaCache>;
  loadedAt: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function slots(db: Db): Map<string, Entry> {
  let bySchema = caches.get(db);
  if (!bySchema) caches.set(db, (bySchema = new Map()));
  return bySchema;
}

function load(db: Db, schema: string): Entry {
  const bySchema = slots(db);
  const entry: Entry = { current: loadSchemaCache(db, schema), loadedAt: Date.now() };
  // A failed load must not poison the slot forever: the next request retries.
  entry.current.catch(() => {
    if (bySchema.get(schema) === entry) bySchema.delete(schema);
  });
  bySchema.set(schema, entry);
  return entry;
}

export function getSchemaCache(db: Db, schema = 'public'): Promise<SchemaCache> {
  return (slots(db).get(schema) ?? load(db, schema)).current;
}

/**
 * Re-reads the catalog (call after DDL) for every schema loaded so far, `public` at least.
 * Accepts the app context or the Db itself; resolves to the `public` cache.
 */
export async function reloadSchemaCache(target: Db | { db: Db }): Promise<SchemaCache> {
  const db =
    'db' in target && typeof (target as { db: Db }).db === 'object' ? (target as { db: Db }).db : (target as Db);
  const schemas = new Set(['public', ...slots(db).keys()]);
  const loads = [...schemas].map((schema) => load(db, schema).current);
  await Promise.all(loads);
  return getSchemaCache(db);
}

/**
 * Reloads when the catalog changed since the cache was built (one small query); returns whether
 * it did. Called when a request names a table, column, function or relationship we do not know.
 */
export async function reloadIfChanged(db: Db, schema = 'public'): Promise<boolean> {
  const bySchema = slots(db);
  const entry = bySchema.get(schema) ?? load(db, schema);
  const cache = await entry.current;
  if ((await catalogFingerprint(db, cache.schema)) === cache.fingerprint) return false;
  // Concurrent misses share one reload.
  if (bySchema.get(schema) === entry) load(db, schema);
  await bySchema.get(schema)!.current;
  return true;
}

export type { SchemaCache } from './types.js';
