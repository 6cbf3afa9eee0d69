// The database seam: every part of the server talks to PostgreSQL through this interface,
// whichever driver (embedded PGlite or a pg pool) is underneath.

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

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs fn inside BEGIN/COMMIT; rolls back if fn throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  close(): Promise<void>;
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
