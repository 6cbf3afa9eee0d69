// Read-only requests on PostgreSQL in one round trip. The extended query protocol runs every
// statement sent before a Sync in one implicit transaction, so we send
//   [set_config(read only, search_path, role, claims, …)] [main statement] Sync
// as one pipelined message batch: the settings are transaction-local exactly as after BEGIN, the
// main statement is parsed and planned after the role switch (so RLS applies), and Sync ends the
// transaction. This is what PostgREST does with pipelining; node-pg has no public API for it, so a
// Query subclass adds the preamble in front of the main statement. Values stay bound parameters.
// Writes keep the explicit BEGIN … COMMIT path, because they may need a rollback after the fact.
import pg from 'pg';
import { READ_ONLY_REQUEST_SETTINGS_SQL, requestSettingValues, type RequestContext } from './request-context.js';
import { MAX_NAMED_STATEMENTS, PREAMBLE_STATEMENT, statementName } from './prepared-statements.js';
import type { Statement } from './types.js';

interface Connection {
  parsedStatements: Record<string, string>;
  parse(msg: { text: string; name: string; types: number[] }): void;
  bind(msg: { portal: string; statement: string; values: unknown[] }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(msg: { portal: string; rows: number }): void;
}

type QueryCallback = (err: Error | null, results?: pg.QueryResult | pg.QueryResult[]) => void;

// pg.Query is exported at runtime but typed loosely; the subclass only adds messages in front.
const BaseQuery = (
  pg as unknown as {
    Query: new (
      config: object,
      values?: unknown[],
      cb?: QueryCallback,
    ) => { name?: string; text: string; prepare(c: Connection): void };
  }
).Query;

/** Connections that already hold the named preamble statement. */
const preparedPreamble = new WeakSet<object>();

class PipelinedQuery extends BaseQuery {
  constructor(
    private readonly preambleValues: unknown[],
    private readonly named: boolean,
    main: Statement,
    callback: QueryCallback,
  ) {
    super({ text: main.text, values: main.values, queryMode: 'extended', callback });
  }

  override prepare(connection: Connection): void {
    // Named statements are parsed once per connection; PostgreSQL then reuses their plans
    // (re-planning by itself when the role or search_path differs).
    // Behind a transaction pooler the next message batch may reach another server connection,
    // which never saw a named statement: both statements are then parsed unnamed, every time.
    if (!this.named) {
      connection.parse({ text: READ_ONLY_REQUEST_SETTINGS_SQL, name: '', types: [] });
    } else if (!preparedPreamble.has(connection)) {
      connection.parse({ text: READ_ONLY_REQUEST_SETTINGS_SQL, name: PREAMBLE_STATEMENT, types: [] });
      preparedPreamble.add(connection);
    }
    connection.bind({ portal: '', statement: this.named ? PREAMBLE_STATEMENT : '', values: this.preambleValues });
    connection.describe({ type: 'P', name: '' });
    connection.execute({ portal: '', rows: 0 });
    const name = statementName(this.text);
    if (
      this.named &&
      (connection.parsedStatements[name] !== undefined ||
        Object.keys(connection.parsedStatements).length < MAX_NAMED_STATEMENTS)
    )
      this.name = name;
    super.prepare(connection);
  }
}

/** Runs one read-only statement as ctx on a connection of `pool`; resolves with its first row. */
export async function runPipelinedRead<T>(
  pool: pg.Pool,
  ctx: RequestContext,
  statement: Statement,
  opts: { named: boolean } = { named: true },
): Promise<T | undefined> {
  const preambleValues = requestSettingValues(ctx);
  const client = await pool.connect();
  let broken = false;
  try {
    const results = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
      client.query(
        new PipelinedQuery(preambleValues, opts.named, statement, (err, res) =>
          err ? reject(err) : resolve(res!),
        ) as unknown as pg.QueryConfig,
      );
    });
    const last = Array.isArray(results) ? results[results.length - 1] : results;
    return last?.rows[0] as T | undefined;
  } catch (err) {
    // Database errors leave the connection usable (the server skips to Sync); others do not.
    broken = !(err instanceof Error && typeof (err as { code?: unknown }).code === 'string');
    throw err;
  } finally {
    client.release(broken);
  }
}
