// `NOTIFY pgrst, 'reload schema'` → reload the cache (PostgREST's channel). On PostgreSQL the
// driver listens on a connection of its own; PGlite has no other sessions to notify it, so there
// the cache is reloaded by reloadSchemaCache() and on unknown names (see schema-cache/index.ts).
import type { Db } from '@tagledger/db';
import { reloadSchemaCache } from './index.js';

export async function startSchemaListener(db: Db): Promise<() => Promise<void>> {
  if (!db.listen) return async () => undefined;
  try {
    return await db.listen('pgrst', (payload) => {
      if (payload === 'reload schema' || !payload) reloadSchemaCache(db).catch(() => undefined);
    });
  } catch {
    // Without the listener the cache still reloads on unknown names.
    return async () => undefined;
  }
}
