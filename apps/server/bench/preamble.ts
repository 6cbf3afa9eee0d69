// What each part of the request preamble costs PostgreSQL: the list-with-embed statement of
// bench/run.ts sent through `pg` on one connection, bare and pipelined behind variants of the
// settings statement (each a named prepared statement in the same implicit transaction as the
// statement, as read-pipeline.ts sends it). It counts the CPU time the PostgreSQL backend process
// spends per request (/proc/<pid>/stat), which a busy machine slows down far less than it skews
// throughput. Variants run interleaved, BENCH_ROUNDS times (default 3), BENCH_ITERATIONS requests
// each (default 4000). `cd apps/server && nice npx tsx bench/preamble.ts` (PostgreSQL on this machine)
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { startTestServer } from '../test/helpers/test-server.js';
import { createTestUser } from '../test/helpers/users.js';
import { getSchemaCache } from '../src/rest/schema-cache/index.js';
import { parseRequest } from '../src/rest/request/parse-request.js';
import { actionPlan } from '../src/rest/plan/index.js';
import { buildQuery } from '../src/rest/sql/build-query.js';
import { SELECT_QS, seed } from './run.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 4000);

interface Variant {
  name: string;
  /** The settings statement sent in front, or none for the bare statement. */
  preamble?: string;
  values?: (userId: string, claims: string) => unknown[];
}

const TEN = `select set_config('transaction_read_only', 'on', true), set_config('search_path', $8, true),
  set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
  set_config('request.method', $4, true), set_config('request.path', $5, true),
  set_config('request.headers', $6, true), set_config('timezone', coalesce($7, current_setting('timezone')), true)`;
const tenValues = (sub: string, claims: string) => [
  'authenticated',
  claims,
  sub,
  'GET',
  '/bench_posts',
  '{"user-agent":"bench","accept":"*/*"}',
  null,
  'public, extensions',
];

const VARIANTS: Variant[] = [
  { name: 'bare statement (superuser, no settings)' },
  { name: 'ten settings (before)', preamble: TEN, values: tenValues },
  {
    name: 'ten settings, time zone only when asked',
    preamble: TEN.replace(
      "set_config('timezone', coalesce($7, current_setting('timezone')), true)",
      "case when $7::text is not null then set_config('timezone', $7, true) end",
    ),
    values: tenValues,
  },
  {
    name: 'read only + role + claims + sub + search_path',
    preamble: `select set_config('transaction_read_only', 'on', true), set_config('search_path', $4, true),
      set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true)`,
    values: (sub, claims) => ['authenticated', claims, sub, 'public, extensions'],
  },
  {
    name: 'read only + role + claims',
    preamble: `select set_config('transaction_read_only', 'on', true), set_config('role', $1, true),
      set_config('request.jwt.claims', $2, true)`,
    values: (_sub, claims) => ['authenticated', claims],
  },
  {
    name: 'read only + role + claims, generic plan forced',
    preamble: `select set_config('transaction_read_only', 'on', true), set_config('role', $1, true),
      set_config('request.jwt.claims', $2, true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
    values: (_sub, claims) => ['authenticated', claims],
  },
  {
    name: 'read only only (no role: RLS bypassed, for scale)',
    preamble: `select set_config('transaction_read_only', 'on', true)`,
    values: () => [],
  },
];

type QueryCallback = (err: Error | null, res?: unknown) => void;
interface Conn {
  parse(m: object): void;
  bind(m: object): void;
  describe(m: object): void;
  execute(m: object): void;
}
const BaseQuery = (
  pg as unknown as {
    Query: new (config: object) => { name?: string; prepare(c: Conn): void };
  }
).Query;
const prepared = new WeakMap<object, Set<string>>();

/** The read-pipeline's message layout with a given preamble text. */
class Piped extends BaseQuery {
  constructor(
    private readonly preambleName: string,
    private readonly preamble: string,
    private readonly preambleValues: unknown[],
    text: string,
    values: unknown[],
    callback: QueryCallback,
  ) {
    super({ text, values, name: 'bench_main', queryMode: 'extended', callback });
  }
  override prepare(c: Conn): void {
    let names = prepared.get(c);
    if (!names) prepared.set(c, (names = new Set()));
    if (!names.has(this.preambleName)) {
      c.parse({ text: this.preamble, name: this.preambleName, types: [] });
      names.add(this.preambleName);
    }
    c.bind({ portal: '', statement: this.preambleName, values: this.preambleValues });
    c.describe({ type: 'P', name: '' });
    c.execute({ portal: '', rows: 0 });
    super.prepare(c);
  }
}

/** CPU time (user + system, ms) PostgreSQL's backend process `pid` has used so far. */
function backendCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** ITERATIONS requests one after the other on one connection: the backend's CPU per request. */
async function serial(pid: number, once: () => Promise<void>) {
  const cpu0 = backendCpuMs(pid);
  const t0 = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await once();
  const wall = performance.now() - t0;
  return { backendUs: ((backendCpuMs(pid) - cpu0) * 1000) / ITERATIONS, wallUs: (wall * 1000) / ITERATIONS };
}

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const server = await startTestServer({ driver: 'pg', env: { RATE_LIMITS: 'off' } });
  const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 1 });
  try {
    const user = await createTestUser(server);
    await seed(server, user.id);
    const claims = JSON.stringify({ ...(await server.ctx.keys.verify(user.token)), role: 'authenticated' });
    const cache = await getSchemaCache(server.ctx.db);
    const built = buildQuery(
      actionPlan(
        parseRequest({ method: 'GET', path: '/bench_posts', queryString: SELECT_QS, headers: {}, body: undefined }),
        cache,
      ),
    );
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const runOne = (v: Variant, i: number) => async () => {
      if (!v.preamble) {
        await client.query({ name: 'bench_bare', text: built.text, values: built.values });
        return;
      }
      const preambleValues = v.values!(user.id, claims);
      await new Promise((resolve, reject) =>
        client.query(
          new Piped(`bench_pre_${i}`, v.preamble!, preambleValues, built.text, built.values, (err, res) =>
            err ? reject(err) : resolve(res),
          ) as unknown as pg.QueryConfig,
        ),
      );
    };
    // The bare statement runs as the connecting superuser; the others as `authenticated` under RLS.
    const results = new Map<string, { backendUs: number; wallUs: number }[]>();
    const loadBefore = os.loadavg();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, v] of VARIANTS.entries()) {
        const r = await serial(pid, runOne(v, i));
        results.set(v.name, [...(results.get(v.name) ?? []), r]);
      }
    }
    // Whether PostgreSQL planned the statement once (generic plan) or at every execution (custom).
    const plans = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
      `select name, generic_plans, custom_plans from pg_prepared_statements order by name`,
    );
    // The plans behind the figures: as the superuser (no RLS) and as the caller under RLS.
    const explain = async (asCaller: boolean) => {
      await client.query('begin read only');
      if (asCaller) await client.query(VARIANTS[4]!.preamble!, VARIANTS[4]!.values!(user.id, claims));
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary off) ${built.text}`,
        built.values,
      );
      await client.query('commit');
      return plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
    };
    const plansText = `Plan as the superuser:\n\n${await explain(false)}\n\nPlan as the caller (RLS):\n\n${await explain(true)}`;
    client.release();
    const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
    console.log(
      `${new Date().toISOString()}, one connection, ${ITERATIONS} requests per variant and round, ${ROUNDS} rounds interleaved; load average ${load(loadBefore)} before, ${load(os.loadavg())} after\n`,
    );
    const bare = median(results.get(VARIANTS[0]!.name)!.map((r) => r.backendUs));
    console.log(
      '| preamble | backend CPU µs / request (median) | per round | wall µs / request (median) | backend CPU vs bare |\n|---|---:|---|---:|---:|',
    );
    for (const v of VARIANTS) {
      const rs = results.get(v.name)!;
      const m = median(rs.map((r) => r.backendUs));
      console.log(
        `| ${v.name} | ${m.toFixed(0)} | ${rs.map((r) => r.backendUs.toFixed(0)).join(' / ')} | ${median(rs.map((r) => r.wallUs)).toFixed(0)} | ${((100 * m) / bare).toFixed(0)}% |`,
      );
    }
    console.log(
      `\nPrepared statements on the connection: ${plans.rows.map((r) => `${r.name} ${r.generic_plans} generic / ${r.custom_plans} custom`).join('; ')}`,
    );
    console.log(`\n${plansText}`);
  } finally {
    await pool.end();
    await server.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

await main();
