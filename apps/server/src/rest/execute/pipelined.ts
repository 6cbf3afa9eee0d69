// Read-only requests on PostgreSQL in one round trip. The extended query protocol runs every
// statement sent before a Sync in one implicit transaction, so we send
//   [set_config(read only, search_path, role, claims, …)] [main statement] Sync
// as one pipelined message batch: the settings are transaction-local exactly as after BEGIN, the
// main statement is parsed and planned after the role switch (so RLS applies), and Sync ends the
// transaction. This is what PostgREST does with pipelining; node-pg has no public API for it, so a
// Query subclass adds the preamble in front of the main statement. Values stay bound parameters.
// Writes keep the explicit BEGIN … COMMIT path, because they may need a rollback after the fact.
import crypto from 'node:crypto';
import pg from 'pg';
import type { RequestContext } from '../../db/request-context.js';
import { isDbRole } from '../../db/request-context.js';
import type { BuiltQuery } from '../sql/query-builder.js';

const PREAMBLE = `select set_config('transaction_read_only', 'on', true),
  set_config('search_path', 'public, extensions', true),
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true),
  set_config('request.jwt.claim.role', $1, true),
  set_config('request.method', $4, true),
  set_config('request.path', $5, true),
  set_config('request.headers', $6, true),
  set_config('timezone', coalesce($7, current_setting('timezone')), true)`;

interface Connection {
  parsedStatements: Record<string, string>;
  parse(msg: { text: string; name: string; types: number[] }): void;
  bind(msg: { portal: string; statement: string; values: unknown[] }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(msg: { portal: string; rows: number }): void;
}

type QueryCallback = (err: Error | null, results?: pg.QueryResult | pg.QueryResult[]) => void;

// pg.Query is exported at runtime but typed loosely; the subclass only adds messages in front.
const BaseQuery = (pg as unknown as { Query: new (config: object, values?: unknown[], cb?: QueryCallback) => { name?: string; text: string; prepare(c: Connection): void } }).Query;

/** Connections that already hold the named preamble statement. */
const preparedPreamble = new WeakSet<object>();
const PREAMBLE_NAME = 'pgrst_preamble';
/** Per connection, at most this many named main statements; beyond it statements stay unnamed. */
const MAX_NAMED = 200;

/** Statement names by SQL text: cached reads send the same text object every time, so no re-hashing. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `pgrst_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= 1000) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * request.jwt.claims text per verified claims object and role. The verification cache hands back
 * the same claims object for every request of a session, so the JSON is built once per token.
 */
const claimsText = new WeakMap<object, Map<string, string>>();
function claimsJson(claims: Record<string, unknown>, role: string): string {
  let byRole = claimsText.get(claims);
  if (!byRole) claimsText.set(claims, (byRole = new Map()));
  let text = byRole.get(role);
  if (text === undefined) byRole.set(role, (text = JSON.stringify({ ...claims, role })));
  return text;
}

class PipelinedQuery extends BaseQuery {
  constructor(
    private readonly preamble: { text: string; values: unknown[] },
    main: BuiltQuery,
    callback: QueryCallback,
  ) {
    super({ text: main.text, values: main.values, queryMode: 'extended', callback });
  }

  override prepare(connection: Connection): void {
    // Named statements are parsed once per connection; PostgreSQL then reuses their plans
    // (re-planning by itself when the role or search_path differs).
    if (!preparedPreamble.has(connection)) {
      connection.parse({ text: this.preamble.text, name: PREAMBLE_NAME, types: [] });
      preparedPreamble.add(connection);
    }
    connection.bind({ portal: '', statement: PREAMBLE_NAME, values: this.preamble.values });
    connection.describe({ type: 'P', name: '' });
    connection.execute({ portal: '', rows: 0 });
    const name = statementName(this.text);
    if (connection.parsedStatements[name] !== undefined || Object.keys(connection.parsedStatements).length < MAX_NAMED) this.name = name;
    super.prepare(connection);
  }
}

export interface ReadPipeline {
  run<T>(ctx: RequestContext, query: BuiltQuery, timezone?: string): Promise<T | undefined>;
  close(): Promise<void>;
}

export function createReadPipeline(connectionString: string, max = 20): ReadPipeline {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return {
    async run<T>(ctx: RequestContext, query: BuiltQuery, timezone?: string): Promise<T | undefined> {
      if (!isDbRole(ctx.role)) throw new Error(`role "${ctx.role}" does not exist`);
      const sub = ctx.claims.sub;
      const preamble = {
        text: PREAMBLE,
        values: [
          ctx.role,
          claimsJson(ctx.claims, ctx.role),
          typeof sub === 'string' ? sub : '',
          ctx.method ?? '',
          ctx.path ?? '',
          JSON.stringify(ctx.headers ?? {}),
          timezone ?? null,
        ],
      };
      const client = await pool.connect();
      let broken = false;
      try {
        const results = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
          client.query(new PipelinedQuery(preamble, query, (err, res) => (err ? reject(err) : resolve(res!))) as unknown as pg.QueryConfig);
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
    },
    close: () => pool.end(),
  };
}
