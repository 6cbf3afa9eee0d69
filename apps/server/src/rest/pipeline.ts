// handleRestRequest(): parse → plan → build → execute → respond (PostgREST App.postgrestResponse).
import type { Db } from '../db/index.js';
import type { RequestContext } from '../db/request-context.js';
import { RestError, toRestError } from './errors.js';
import { runMainTx } from './execute/main-tx.js';
import type { ReadPipeline } from './execute/pipelined.js';
import { actionPlan } from './plan/index.js';
import type { ActionPlan } from './plan/types.js';
import { parseRequest, type RawRequest } from './request/parse-request.js';
import { buildResponse, type RestResponse } from './response/build-response.js';
import { getSchemaCache, reloadIfChanged, type SchemaCache } from './schema-cache/index.js';

/** Planner errors that may only mean the schema cache is older than the catalog. */
const SCHEMA_MISSES = new Set(['PGRST205', 'PGRST202', 'PGRST200', 'PGRST204', '42703']);
import type { BodyOptions, BuiltQuery } from './sql/query-builder.js';
import { readQuery } from './sql/query-builder.js';
import { callQuery, deleteQuery, insertQuery, updateQuery } from './sql/statements.js';

export function buildQuery(ap: ActionPlan): BuiltQuery {
  const { plan, output } = ap;
  // CSV only for a body that is sent: a Location header is built from the JSON rows.
  const body: BodyOptions = {
    singular: output.accept.media === 'object',
    stripNulls: output.accept.stripNulls,
    csv: output.accept.media === 'csv' && output.wantBody,
  };
  switch (plan.kind) {
    case 'read': {
      const t = plan.root.table;
      const source = `"${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`;
      return readQuery(plan.root, source, { ...body, count: plan.count, ...ap.range });
    }
    case 'insert':
      return insertQuery(plan, body);
    case 'update':
      return updateQuery(plan, body);
    case 'delete':
      return deleteQuery(plan, body);
    case 'call':
      return callQuery(plan, { ...body, ...ap.range });
  }
}

/** The cache could not be (re)loaded: 503 so that postgrest-js retries GET/HEAD after Retry-After. */
async function schemaCache(db: Db): Promise<SchemaCache> {
  try {
    return await getSchemaCache(db);
  } catch {
    throw new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.', null, null, { 'retry-after': '1' });
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
  return [raw.method, raw.path, raw.queryString, h('accept'), h('prefer'), h('accept-profile'), h('range')].join('\u0001');
}

function planWithReload(raw: RawRequest, db: Db) {
  return async () => {
    const req = parseRequest(raw);
    try {
      return actionPlan(req, await schemaCache(db));
    } catch (err) {
      // Something created after the cache was loaded: reload once (if the catalog changed) and retry.
      if (err instanceof RestError && SCHEMA_MISSES.has(err.code) && (await reloadIfChanged(db))) {
        return actionPlan(parseRequest(raw), await schemaCache(db));
      }
      throw err;
    }
  };
}

export interface RestEnv {
  db: Db;
  /** One-round-trip path for read-only requests (PostgreSQL driver only). */
  readPipeline?: ReadPipeline | undefined;
  /** REST_TX_END (PostgREST's db-tx-end); commit when absent. */
  txEnd?: TxEnd;
  onInternalError?: (err: unknown) => void;
}

export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

/**
 * Whether this request's transaction is rolled back, as PostgREST decides it: the setting's
 * default, which `Prefer: tx=commit|rollback` may change only where the setting allows overrides
 * (then the preference is reported as applied). Without the allowance the preference is ignored.
 */
export function transactionEnd(setting: TxEnd, preferred: 'commit' | 'rollback' | undefined): { rollback: boolean; preferenceApplied: boolean } {
  const byDefault = setting === 'rollback' || setting === 'rollback-allow-override';
  if (preferred && setting.endsWith('-allow-override')) return { rollback: preferred === 'rollback', preferenceApplied: true };
  return { rollback: byDefault, preferenceApplied: false };
}

export async function handleRestRequest(env: RestEnv, raw: RawRequest, ctx: RequestContext): Promise<RestResponse> {
  const { db } = env;
  const anon = ctx.role === 'anon';
  try {
    const key = planCacheKey(raw);
    const cache = await schemaCache(db);
    let plans = planCache.get(cache);
    if (!plans) planCache.set(cache, (plans = new Map()));
    let entry = key !== undefined ? plans.get(key) : undefined;
    if (!entry) {
      const ap = await planWithReload(raw, db)();
      entry = { ap, query: buildQuery(ap) };
      if (key !== undefined) {
        if (plans.size >= PLAN_CACHE_SIZE) plans.clear();
        plans.set(key, entry);
      }
    }
    const { ap, query } = entry;
    const singular = ap.output.accept.media === 'object' && !(ap.plan.kind === 'call' && (ap.plan.shape === 'scalar' || ap.plan.shape === 'void'));
    const writes = ap.plan.kind === 'insert' || ap.plan.kind === 'update' || ap.plan.kind === 'delete' || ap.plan.kind === 'call';
    // Minimal writes return no rows, so the singular check only applies when rows come back.
    const checkSingular = singular && (ap.plan.kind === 'read' || ap.plan.kind === 'call' || ap.output.wantBody);
    const maxAffected = writes && ap.prefs.handling === 'strict' ? ap.prefs.maxAffected : undefined;
    const tx = transactionEnd(env.txEnd ?? 'commit', ap.prefs.tx);
    const row = await runMainTx(db, ctx, query, {
      readOnly: ap.readOnly,
      rollback: tx.rollback,
      pipeline: env.readPipeline,
      singular: checkSingular,
      ...(maxAffected !== undefined ? { maxAffected } : {}),
      ...(ap.prefs.timezone ? { timezone: ap.prefs.timezone } : {}),
    });
    return buildResponse(ap, row, { tx: tx.preferenceApplied });
  } catch (err) {
    const e = toRestError(err, anon);
    if (e.status >= 500) env.onInternalError?.(err);
    return errorResponse(e);
  }
}

export function errorResponse(e: RestError): RestResponse {
  return {
    status: e.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'proxy-status': `PostgREST; error=${e.code}`, ...e.headers },
    body: JSON.stringify(e.body()),
  };
}
