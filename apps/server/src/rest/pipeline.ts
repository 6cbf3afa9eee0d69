// handleRestRequest(): parse → plan → build → execute → respond (PostgREST App.postgrestResponse).
import { DEFAULT_SEARCH_PATH, isPgError, type Db, type RequestContext } from '@tagledger/db';
import { RestError, toRestError } from './errors.js';
import { runExplain } from './execute/explain.js';
import { runMainTx } from './execute/main-tx.js';
import { actionPlan } from './plan/index.js';
import type { ActionPlan, PlanOptions } from './plan/types.js';
import { DEFAULT_PARSE_OPTIONS, parseRequest, type ParseOptions, type RawRequest } from './request/parse-request.js';
import { DB_MAX_ROWS } from './request/range.js';
import { buildResponse, explainResponse, type RestResponse } from './response/build-response.js';
import { getSchemaCache, reloadIfChanged, type SchemaCache } from './schema-cache/index.js';
import { buildQuery } from './sql/build-query.js';
import type { BuiltQuery } from './sql/query-builder.js';

/** Planner errors that may only mean the schema cache is older than the catalog. */
const SCHEMA_MISSES = new Set(['PGRST205', 'PGRST202', 'PGRST200', 'PGRST204', '42703']);

/** The cache could not be (re)loaded: 503 so that postgrest-js retries GET/HEAD after Retry-After. */
async function schemaCache(db: Db, schema: string): Promise<SchemaCache> {
  try {
    return await getSchemaCache(db, schema);
  } catch {
    throw new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.', null, null, {
      'retry-after': '1',
    });
  }
}

/** Parsed, planned and built reads, per schema cache: a plan does not depend on the caller. */
const planCache = new WeakMap<SchemaCache, Map<string, { ap: ActionPlan; query: BuiltQuery }>>();
const PLAN_CACHE_SIZE = 500;

function planCacheKey(raw: RawRequest): string | undefined {
  if (raw.method !== 'GET' && raw.method !== 'HEAD') return undefined;
  const h = (n: string) => {
    const v = raw.headers[n];
    return Array.isArray(v) ? v.join(',') : (v ?? '');
  };
  return [raw.method, raw.path, raw.queryString, h('accept'), h('prefer'), h('accept-profile'), h('range')].join(
    '\u0001',
  );
}

/** The schema a GET/HEAD is read from: its Accept-Profile when exposed (else parsing refuses it). */
function readProfile(raw: RawRequest, schemas: readonly string[]): string {
  const v = raw.headers['accept-profile'];
  const profile = Array.isArray(v) ? v[0] : v;
  return profile !== undefined && schemas.includes(profile) ? profile : schemas[0]!;
}

async function planWithReload(raw: RawRequest, env: RestEnv): Promise<ActionPlan> {
  const { db, planOptions } = env;
  const req = parseRequest(raw, env.parseOptions);
  try {
    return actionPlan(req, await schemaCache(db, req.schema), planOptions);
  } catch (err) {
    // Something created after the cache was loaded: reload once (if the catalog changed) and retry.
    if (err instanceof RestError && SCHEMA_MISSES.has(err.code) && (await reloadIfChanged(db, req.schema))) {
      return actionPlan(req, await schemaCache(db, req.schema), planOptions);
    }
    throw err;
  }
}

export interface RestEnv {
  db: Db;
  /** REST_TX_END (PostgREST's db-tx-end); commit when absent. */
  txEnd?: TxEnd;
  /** What requests may ask for (REST_AGGREGATES_ENABLED); PostgREST's defaults when absent. */
  planOptions?: PlanOptions;
  /** REST_SCHEMAS and REST_PLAN_ENABLED (db-schemas, db-plan-enabled); PostgREST's defaults when absent. */
  parseOptions?: ParseOptions;
  /** REST_EXTRA_SEARCH_PATH (db-extra-search-path): after the request's schema; public, extensions when absent. */
  extraSearchPath?: readonly string[];
  onInternalError?: (err: unknown) => void;
  /** A database error answered with a 4xx (a function's refusal, a constraint): worth an info line. */
  onRefusal?: (e: RestError) => void;
}

export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

/**
 * Whether this request's transaction is rolled back, as PostgREST decides it: the setting's
 * default, which `Prefer: tx=commit|rollback` may change only where the setting allows overrides
 * (then the preference is reported as applied). Without the allowance the preference is ignored.
 */
export function transactionEnd(
  setting: TxEnd,
  preferred: 'commit' | 'rollback' | undefined,
): { rollback: boolean; preferenceApplied: boolean } {
  const byDefault = setting === 'rollback' || setting === 'rollback-allow-override';
  if (preferred && setting.endsWith('-allow-override'))
    return { rollback: preferred === 'rollback', preferenceApplied: true };
  return { rollback: byDefault, preferenceApplied: false };
}

export async function handleRestRequest(env: RestEnv, raw: RawRequest, ctx: RequestContext): Promise<RestResponse> {
  const { db } = env;
  const anon = ctx.role === 'anon';
  try {
    const key = planCacheKey(raw);
    const { schemas } = env.parseOptions ?? DEFAULT_PARSE_OPTIONS;
    const cache = await schemaCache(db, readProfile(raw, schemas));
    let plans = planCache.get(cache);
    if (!plans) planCache.set(cache, (plans = new Map()));
    let entry = key !== undefined ? plans.get(key) : undefined;
    if (!entry) {
      const ap = await planWithReload(raw, env);
      entry = { ap, query: buildQuery(ap) };
      if (key !== undefined) {
        if (plans.size >= PLAN_CACHE_SIZE) plans.clear();
        plans.set(key, entry);
      }
    }
    const { ap, query } = entry;
    const singular =
      ap.output.accept.media === 'object' &&
      !(ap.plan.kind === 'call' && (ap.plan.shape === 'scalar' || ap.plan.shape === 'void'));
    const writes =
      ap.plan.kind === 'insert' || ap.plan.kind === 'update' || ap.plan.kind === 'delete' || ap.plan.kind === 'call';
    // Minimal writes return no rows, so the singular check only applies when rows come back.
    const checkSingular = singular && (ap.plan.kind === 'read' || ap.plan.kind === 'call' || ap.output.wantBody);
    const maxAffected = writes && ap.prefs.handling === 'strict' ? ap.prefs.maxAffected : undefined;
    const tx = transactionEnd(env.txEnd ?? 'commit', ap.prefs.tx);
    // As PostgREST: unqualified names resolve in the request's schema first, then the extra path.
    const requestCtx: RequestContext = {
      ...ctx,
      searchPath: [ap.schema, ...(env.extraSearchPath ?? DEFAULT_SEARCH_PATH)],
      ...(ap.prefs.timezone ? { timezone: ap.prefs.timezone } : {}),
    };
    if (ap.output.accept.plan) {
      const lines = await runExplain(db, requestCtx, query, ap.output.accept.plan, {
        readOnly: ap.readOnly,
        rollback: tx.rollback,
      });
      return explainResponse(ap.output.accept, lines);
    }
    const row = await runMainTx(db, requestCtx, query, {
      readOnly: ap.readOnly,
      rollback: tx.rollback,
      singular: checkSingular,
      count: ap.prefs.count,
      maxRows: env.planOptions ? env.planOptions.maxRows : DB_MAX_ROWS,
      ...(maxAffected !== undefined ? { maxAffected } : {}),
    });
    const res = buildResponse(ap, row, { tx: tx.preferenceApplied });
    // With several exposed schemas PostgREST names the one that answered.
    if (schemas.length > 1) res.headers['content-profile'] = ap.schema;
    return res;
  } catch (err) {
    const e = toRestError(err, anon);
    if (e.status >= 500) env.onInternalError?.(err);
    else if (isPgError(err)) env.onRefusal?.(e);
    return errorResponse(e);
  }
}

export function errorResponse(e: RestError): RestResponse {
  return {
    status: e.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'proxy-status': `PostgREST; error=${e.code}`,
      ...e.headers,
    },
    body: JSON.stringify(e.body()),
  };
}
