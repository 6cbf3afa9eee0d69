// The database seam: every part of the server talks to PostgreSQL through this interface,
// whichever driver (embedded PGlite or a pg pool) is underneath.
import type { RequestContext } from './request-context.js';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (used by migrations). */
  exec(sql: string): Promise<void>;
}

export type Tx = Queryable;

/** A statement with bound parameters. */
export interface Statement {
  text: string;
  values: unknown[];
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs fn inside BEGIN/COMMIT; rolls back if fn throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  /**
   * Runs one read-only statement as the request's role and claims in a single round trip
   * (PostgreSQL: read-pipeline.ts) or a single call into the database (PGlite: pglite-read.ts)
   * and resolves with its first row.
   */
  readInOneRoundTrip<T>(ctx: RequestContext, statement: Statement): Promise<T | undefined>;
  /**
   * A read-only statement that needs no request role (the public pages' security-definer reads):
   * on PostgreSQL with DATABASE_READ_URL it runs on a read replica, and may see data a few
   * seconds old; otherwise it is query().
   */
  queryReplica<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /**
   * Tells the driver that this user just wrote (or is writing): their reads go to the primary for
   * a while (read-your-writes, replicas.ts). A no-op without read replicas.
   */
  noteWriteBy(userId: string): void;
  /**
   * PostgreSQL only: LISTENs on channel on a connection of its own and calls onPayload for each
   * NOTIFY; resolves with the function that stops listening. Rejects if the connection fails.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Connections right now, for /metrics: in use, idle, callers waiting for one, and the cap; on
   * PostgreSQL also the routed reads since start (readInOneRoundTrip, queryReplica) by where they
   * were answered: the primary, a replica, or the primary after a replica failed them.
   */
  poolStats(): {
    total: number;
    idle: number;
    waiting: number;
    max: number;
    reads?: { primary: number; replica: number; fallback: number };
  };
}

/** A database error carrying PostgreSQL's SQLSTATE and fields, whatever the driver. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function isPgError(err: unknown): err is PgError {
  return err instanceof Error && typeof (err as PgError).code === 'string';
}
