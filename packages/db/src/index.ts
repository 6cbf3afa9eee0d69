// @tagledger/db: the database seam of TagLedger. It owns the drivers (embedded PGlite, a pg pool),
// the migration runner, and the per-request role and claims every API runs its SQL under.
import path from 'node:path';
import type { Db } from './types.js';
import { openPglite, type OpenPgliteOptions } from './pglite-driver.js';
import { openPg, type OpenPgOptions } from './pg-driver.js';
import type { ConnectWait } from './pg-connect.js';

export type { Db, Tx, Queryable, QueryResult, PgError, Statement } from './types.js';
export { isPgError } from './types.js';
export type { ConnectWait } from './pg-connect.js';
export type { OpenPgOptions } from './pg-driver.js';
export {
  DB_ROLES,
  DEFAULT_SEARCH_PATH,
  isDbRole,
  withRequestContext,
  withRoleWithin,
  type DbRole,
  type RequestContext,
} from './request-context.js';
export { migrate, listMigrations, MIGRATIONS_DIR, type MigrationResult } from './migrate.js';
export { lockDatabaseFolder, DatabaseFolderBusy, type DataFolderLock } from './data-folder-lock.js';
export { DbStartupError } from './startup-error.js';

/** Chooses the driver: DATABASE_URL → pg pool; otherwise PGlite under DATA_DIR/db (in memory without one). */
export async function openDb(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** How long to wait for a DATABASE_URL server that is not reachable yet (default: one attempt). */
  wait?: ConnectWait;
  /** Embedded database only (see OpenPgliteOptions); PostgreSQL is migrated by the caller as always. */
  migrateFreshFolder?: OpenPgliteOptions['migrateFreshFolder'];
  /** PostgreSQL only: a transaction pooler, a direct URL for LISTEN, read replicas (OpenPgOptions). */
  pg?: Omit<OpenPgOptions, 'wait'>;
}): Promise<Db> {
  if (opts.databaseUrl) return openPg(opts.databaseUrl, { ...opts.pg, ...(opts.wait ? { wait: opts.wait } : {}) });
  const options = opts.migrateFreshFolder ? { migrateFreshFolder: opts.migrateFreshFolder } : {};
  return openPglite(opts.dataDir ? path.join(opts.dataDir, 'db') : undefined, options);
}
