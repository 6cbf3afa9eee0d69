// Chooses the driver: DATABASE_URL → pg pool; otherwise PGlite under DATA_DIR/db.
import path from 'node:path';
import type { Db } from './types.js';
import { openPglite } from './pglite-driver.js';
import { openPg } from './pg-driver.js';
import type { ConnectWait } from './pg-connect.js';

export type { Db, Tx, QueryResult, PgError } from './types.js';
export { isPgError } from './types.js';

export async function openDb(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** How long to wait for a DATABASE_URL server that is not reachable yet (default: one attempt). */
  wait?: ConnectWait;
}): Promise<Db> {
  if (opts.databaseUrl) return openPg(opts.databaseUrl, opts.wait ? { wait: opts.wait } : {});
  return openPglite(opts.dataDir ? path.join(opts.dataDir, 'db') : undefined);
}
