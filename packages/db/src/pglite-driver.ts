// Embedded PostgreSQL (PGlite), persisted in a folder. PGlite has one connection, so every
// query and transaction is serialised through a queue: a transaction owns the connection
// until it commits or rolls back. A folder is opened by one process only (data-folder-lock.ts).
import fs from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, QueryResult, Statement, Tx } from './types.js';
import { lockDatabaseFolder, type DataFolderLock } from './data-folder-lock.js';
import { isFreshDatabaseFolder, migrateInChildProcess } from './migrate-apart.js';
import type { MigrationResult } from './migrate.js';
import { bindableAsText, pgliteReader } from './pglite-read.js';
import { withRequestContext, type RequestContext } from './request-context.js';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Callers queued or running (for /metrics). */
  pending = 0;
  run<T>(fn: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(fn, fn).finally(() => this.pending--);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const parsers = { [types.NUMERIC]: (v: string) => v };

/**
 * PGlite's own start parameters plus a smaller buffer cache. Memory a WebAssembly instance has
 * touched is never returned to the system, so every shared buffer PostgreSQL fills stays resident
 * for good: the default 128 MB would all be, once a few tables were read. An embedded database of
 * this size is served as well from 8 MB and the operating system's page cache; 16 MB left about
 * 8 MB more of the WebAssembly heap resident at idle (docs/decisions/0111, bench/RESULTS.md).
 * random_page_cost as on PostgreSQL (pg-driver.ts): an embedded database is read from memory.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'random_page_cost=1.1'];

/** How every PGlite of ours is created (the server's, and the migration process's). */
export const PGLITE_OPTIONS = { parsers, startParams: START_PARAMS };

export interface OpenPgliteOptions {
  /**
   * For a folder with no database yet: run initdb and every migration in a child process first
   * (migrate-apart.ts), so that the instance returned never grew to hold them. Called with the
   * versions applied there.
   */
  migrateFreshFolder?: { onApplied(result: MigrationResult): void };
}

export async function openPglite(dir: string | undefined, options: OpenPgliteOptions = {}): Promise<Db> {
  let folderLock: DataFolderLock | undefined;
  let pg: PGlite;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    folderLock = lockDatabaseFolder(dir);
  }
  try {
    if (dir && options.migrateFreshFolder && isFreshDatabaseFolder(dir)) {
      options.migrateFreshFolder.onApplied(await migrateInChildProcess(dir));
    }
    pg = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), ...PGLITE_OPTIONS });
  } catch (err) {
    folderLock?.release();
    throw err;
  }
  return pgliteOn(pg, () => folderLock?.release());
}

/** Our Db interface over an open PGlite; `afterClose` runs once the database is closed. */
export function pgliteOn(pg: PGlite, afterClose: () => void = () => undefined): Db {
  const lock = new Mutex();

  const raw = {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = await pg.query<T>(text, params as unknown[] | undefined);
      // PGlite reports affectedRows 0 for SELECT; count returned rows too.
      return { rows: r.rows, rowCount: Math.max(r.rows.length, r.affectedRows ?? 0) };
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
  };

  const readInOneCall = pgliteReader(pg);

  let closed = false;
  const db: Db = {
    kind: 'pglite',
    query: (text, params) => lock.run(() => raw.query(text, params)),
    exec: (sql) => lock.run(() => raw.exec(sql)),
    transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { readOnly?: boolean }): Promise<T> {
      return lock.run(async () => {
        await pg.exec(options?.readOnly ? 'begin read only' : 'begin');
        try {
          const result = await fn(raw);
          await pg.exec('commit');
          return result;
        } catch (err) {
          await pg.exec('rollback').catch(() => undefined);
          throw err;
        }
      });
    },
    // Reads go into the database as one message batch (pglite-read.ts) under the same lock as
    // everything else; values that only PGlite's typed serialisers handle take BEGIN … COMMIT.
    readInOneRoundTrip<T>(ctx: RequestContext, statement: Statement): Promise<T | undefined> {
      if (!bindableAsText(statement.values))
        return withRequestContext(
          db,
          ctx,
          async (tx) => (await tx.query<T>(statement.text, statement.values)).rows[0],
          { readOnly: true },
        );
      return lock.run(() => readInOneCall<T>(ctx, statement));
    },
    // One database: nothing to route elsewhere.
    queryReplica: (text, params) => db.query(text, params),
    noteWriteBy: () => undefined,
    // One connection: in use while anyone holds it, the rest wait in the queue.
    poolStats: () => ({
      total: 1,
      idle: lock.pending ? 0 : 1,
      waiting: Math.max(lock.pending - 1, 0),
      max: 1,
    }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await lock.run(() => pg.close());
      } finally {
        afterClose();
      }
    },
  };
  return db;
}
