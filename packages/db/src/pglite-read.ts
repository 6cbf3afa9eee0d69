// Read-only requests on PGlite in one call into the database. PGlite speaks the wire protocol
// in process; its query() sends each message of the extended protocol as a separate call
// (parse, describe, bind, describe, execute, sync) and a request transaction is four of those
// (BEGIN, settings, statement, COMMIT): sixteen calls into WebAssembly, and the statement parsed
// and planned again each time. Here the whole read goes in as one message batch, as the pg
// driver's read-pipeline.ts sends it over the network:
//   [settings: read only, role, claims, …] [statement] Sync
// Everything before a Sync runs in one implicit transaction, so the settings are
// transaction-local exactly as after BEGIN and end with it; the statement is planned after the
// role switch, so RLS applies. Both are named prepared statements, parsed once per database.
// The caller must hold the driver's lock: the batch must not interleave with another caller's.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { READ_ONLY_REQUEST_SETTINGS_SQL, requestSettingValues, type RequestContext } from './request-context.js';
import { MAX_NAMED_STATEMENTS, PREAMBLE_STATEMENT, statementName } from './prepared-statements.js';
import type { Statement } from './types.js';

const { serialize } = protocol;

/** Values the batch can bind as text exactly as node-postgres would; anything else takes the BEGIN path. */
export function bindableAsText(values: readonly unknown[]): boolean {
  return values.every(
    (v) => v === null || v === undefined || ['string', 'number', 'boolean', 'bigint'].includes(typeof v),
  );
}

function asText(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

/** A reader bound to one PGlite instance, remembering which statements it holds prepared. */
export function pgliteReader(pg: PGlite) {
  /** Statements known to be prepared in this database session. */
  const prepared = new Set<string>();

  /** Parse (or reuse) a named statement; a name not known to exist is closed first, harmlessly. */
  const parseOnce = (parts: Uint8Array[], name: string, text: string) => {
    if (prepared.has(name)) return;
    parts.push(serialize.close({ type: 'S', name }), serialize.parse({ name, text }));
  };

  return async function read<T>(ctx: RequestContext, statement: Statement): Promise<T | undefined> {
    const parts: Uint8Array[] = [];
    parseOnce(parts, PREAMBLE_STATEMENT, READ_ONLY_REQUEST_SETTINGS_SQL);
    parts.push(
      serialize.bind({ statement: PREAMBLE_STATEMENT, values: requestSettingValues(ctx).map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
    );
    // A statement named before stays named; new names stop at the cap.
    const candidate = statementName(statement.text);
    const name = prepared.has(candidate) || prepared.size < MAX_NAMED_STATEMENTS ? candidate : undefined;
    if (name) parseOnce(parts, name, statement.text);
    else parts.push(serialize.parse({ text: statement.text }));
    parts.push(
      serialize.bind({ statement: name ?? '', values: statement.values.map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    try {
      // On an error PostgreSQL skips to the Sync (the implicit transaction rolls back) and
      // execProtocol throws the error once the whole batch has run.
      const { messages } = await pg.execProtocol(Buffer.concat(parts));
      prepared.add(PREAMBLE_STATEMENT);
      if (name) prepared.add(name);
      const results = parse.parseResults(messages, pg.parsers);
      return results[results.length - 1]?.rows[0] as T | undefined;
    } catch (err) {
      // Which statements got prepared before the error is unknown: close and parse them again next time.
      prepared.delete(PREAMBLE_STATEMENT);
      if (name) prepared.delete(name);
      throw err;
    }
  };
}
