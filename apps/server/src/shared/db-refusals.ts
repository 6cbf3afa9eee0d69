// SQLSTATEs the product's database functions raise on purpose to refuse a call, and the HTTP
// status each one means. PostgREST answers them 500 (class P0 but P0001, and class 55), yet here
// they are the caller's fault, not the server's: the data API's RPC path (rest/errors.ts) and the
// server functions (functions/errors.ts) both read this one table, so a refusal answers the same
// status whichever way it is reached, and is logged as a refusal, not as a failure.
// docs/protocol.md ("Errors") lists them.

export interface Refusal {
  status: number;
  /** The machine-readable code a server function sends beside its message. */
  code: string;
}

export const DB_REFUSALS: Readonly<Record<string, Refusal>> = {
  /** no_data_found: the row is missing, or it is someone else's (the same answer, so ids reveal nothing). */
  P0002: { status: 404, code: 'not_found' },
  /** object_not_in_prerequisite_state: the row exists but its state forbids the action (a stolen asset, an answered invitation). */
  '55000': { status: 409, code: 'conflict' },
};

export function dbRefusal(sqlstate: string | undefined): Refusal | undefined {
  return sqlstate !== undefined && Object.hasOwn(DB_REFUSALS, sqlstate) ? DB_REFUSALS[sqlstate] : undefined;
}
