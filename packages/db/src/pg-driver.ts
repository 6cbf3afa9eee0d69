// A real PostgreSQL through a node-postgres pool. Value parsing is aligned with the PGlite
// driver (int8 → number, numeric → string) so both behave the same for callers.
import pg from 'pg';
import type { Db, QueryResult, Tx } from './types.js';
import { waitForDatabase, type ConnectWait } from './pg-connect.js';
import { runPipelinedRead } from './read-pipeline.js';
import { isReplicaUnavailable, ReadRouter } from './replicas.js';
import type { RequestContext } from './request-context.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Planner settings for every session of ours. The stock random_page_cost of 4 models spinning
 * disks; with the data in memory or on SSD (PostgreSQL's documentation suggests 1.1 for SSDs) it
 * makes the planner avoid index scans it should use — most visibly under row-level security,
 * where `owner_id = (select auth.uid())` is estimated at a handful of rows, so an index that
 * returns a user's rows already in order lost to "read them all, then sort" (decision 0137).
 * An `options` parameter in DATABASE_URL replaces this, for servers tuned otherwise.
 */
export const PG_SESSION_OPTIONS = '-c random_page_cost=1.1';

export interface OpenPgOptions {
  max?: number;
  wait?: ConnectWait;
  /**
   * 'transaction': the URLs lead to a pooler in transaction mode (PgBouncer's pool_mode =
   * transaction), where consecutive statements may run on different server connections. Nothing
   * then lives in a session: no startup `options` (PgBouncer refuses them; set random_page_cost on
   * the database instead), no named prepared statements, and LISTEN only on `directUrl`.
   */
  poolMode?: 'session' | 'transaction';
  /** A direct (session) connection to the primary for LISTEN, for poolMode 'transaction'. */
  directUrl?: string | undefined;
  /** Read replicas (streaming standbys) for request reads and public reads (replicas.ts). */
  readUrls?: readonly string[];
  /** How long a user's reads stay on the primary after they wrote or signed in, in ms. */
  readYourWritesMs?: number;
}

export async function openPg(connectionString: string, options: OpenPgOptions = {}): Promise<Db> {
  // Fail (or wait) here, with a clear message, rather than on the first query of the migrations.
  await waitForDatabase(connectionString, options.wait ?? { timeoutMs: 0 });
  const pooled = options.poolMode === 'transaction';
  const max = options.max ?? 20;
  const newPool = (url: string, extra: pg.PoolConfig = {}) => {
    const p = new pg.Pool({ connectionString: url, max, ...(pooled ? {} : { options: PG_SESSION_OPTIONS }), ...extra });
    // An idle client that errors (e.g. server restart) must not crash the process.
    p.on('error', () => undefined);
    return p;
  };
  const pool = newPool(connectionString);
  // A replica that does not answer must not hold a request long: its read goes to the primary.
  const replicas = (options.readUrls ?? []).map((url) => newPool(url, { connectionTimeoutMillis: 5000 }));
  const router = new ReadRouter(pool, replicas, options.readYourWritesMs ?? 5000);
  const named = !pooled;

  const reads = { primary: 0, replica: 0, fallback: 0 };
  /** Runs read on a replica when the router picks one, on the primary when it cannot answer. */
  async function routed<T>(claims: RequestContext['claims'] | undefined, read: (p: pg.Pool) => Promise<T>) {
    const target = router.pick(claims);
    if (target === pool) {
      reads.primary++;
      return read(pool);
    }
    try {
      const result = await read(target);
      reads.replica++;
      return result;
    } catch (err) {
      if (!isReplicaUnavailable(err)) throw err;
      if ((err as { code?: string }).code !== '40001') router.markDown(target);
      reads.fallback++;
      return read(pool);
    }
  }

  function wrap(client: pg.PoolClient | pg.Pool): Tx {
    return {
      async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
        const result = await client.query(text, params as unknown[] | undefined);
        // A parameterless string of several statements yields one result each; report the last,
        // as psql does (the job queue sends its set-up scripts this way).
        const r: pg.QueryResult = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    };
  }
  const direct = wrap(pool);
  const listenUrl = pooled ? options.directUrl : (options.directUrl ?? connectionString);

  return {
    kind: 'pg',
    query: direct.query,
    exec: direct.exec,
    async transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query(opts?.readOnly ? 'begin read only' : 'begin');
        try {
          const result = await fn(wrap(client));
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        }
      } finally {
        client.release();
      }
    },
    readInOneRoundTrip: (ctx, statement) => routed(ctx.claims, (p) => runPipelinedRead(p, ctx, statement, { named })),
    queryReplica: <T>(text: string, params?: readonly unknown[]) =>
      routed(undefined, (p) => wrap(p).query<T>(text, params)),
    noteWriteBy: (userId) => router.noteWriteBy(userId),
    // Behind a transaction pooler without a direct URL there is no session to LISTEN on.
    ...(listenUrl
      ? { listen: (channel: string, onPayload: (payload: string) => void) => listen(listenUrl, channel, onPayload) }
      : {}),
    close: async () => {
      await Promise.all([pool.end(), ...replicas.map((r) => r.end())]);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
      reads: { ...reads },
    }),
  };
}

/** LISTEN needs a session that stays open, so it gets a client of its own rather than a pooled one. */
async function listen(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(`listen ${client.escapeIdentifier(channel)}`);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  client.on('notification', (msg) => {
    if (msg.channel === channel) onPayload(msg.payload ?? '');
  });
  return async () => {
    await client.end().catch(() => undefined);
  };
}
