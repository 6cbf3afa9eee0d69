// `NOTIFY pgrst, 'reload schema'` → reload the cache (PostgREST's channel). On PostgreSQL a
// dedicated connection listens; PGlite is reached only through the Db seam, so there the cache
// is reloaded by reloadSchemaCache() and on unknown names (see schema-cache/index.ts).
import pg from 'pg';
import type { AppContext } from '../../shared/context.js';
import { reloadSchemaCache } from './index.js';

export async function startSchemaListener(ctx: AppContext): Promise<() => Promise<void>> {
  if (ctx.db.kind !== 'pg' || !ctx.config.databaseUrl) return async () => undefined;
  const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('listen pgrst');
  } catch {
    await client.end().catch(() => undefined);
    return async () => undefined;
  }
  client.on('notification', (msg) => {
    if (msg.channel === 'pgrst' && (msg.payload === 'reload schema' || !msg.payload)) {
      reloadSchemaCache(ctx.db).catch(() => undefined);
    }
  });
  return async () => {
    await client.end().catch(() => undefined);
  };
}
