// Names of the prepared statements a one-call read uses, shared by both drivers (read-pipeline.ts
// for PostgreSQL, pglite-read.ts for PGlite): the settings statement, and the main statement named
// after its SQL text, so a connection parses each text once and PostgreSQL reuses its plan.
import crypto from 'node:crypto';

/** The request-settings statement (READ_ONLY_REQUEST_SETTINGS_SQL). */
export const PREAMBLE_STATEMENT = 'pgrst_preamble';

/** Per connection, at most this many named statements (the preamble included); beyond it statements are parsed unnamed. */
export const MAX_NAMED_STATEMENTS = 200;

/** Names by SQL text: cached reads send the same text every time, so it is hashed once. */
const names = new Map<string, string>();

export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `pgrst_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= 1000) names.clear();
    names.set(text, name);
  }
  return name;
}
