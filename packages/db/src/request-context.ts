// Runs a statement the way PostgREST does: inside one transaction, as the request's database
// role, with the verified JWT claims in request.jwt.claims so auth.uid()/auth.role()/auth.jwt()
// and every RLS policy see the caller. The settings statement below is the only place that
// writes them: withRequestContext sends it after BEGIN, the pipelined read path
// (read-pipeline.ts) sends it in front of the main statement in the same round trip.
import type { Db, Tx } from './types.js';

/** The one list of database roles a request may run as (every API checks tokens against it). */
export const DB_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type DbRole = (typeof DB_ROLES)[number];

export function isDbRole(value: unknown): value is DbRole {
  return typeof value === 'string' && (DB_ROLES as readonly string[]).includes(value);
}

export interface RequestContext {
  role: DbRole;
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** The request's time zone (PostgREST's Prefer: timezone); the database's own when absent. */
  timezone?: string;
  /**
   * Schemas unqualified names resolve in, in order (PostgREST: the request's schema, then
   * db-extra-search-path). DEFAULT_SEARCH_PATH when absent.
   */
  searchPath?: readonly string[];
}

/** Where unqualified names resolve for requests that name no schema (auth, storage, functions). */
export const DEFAULT_SEARCH_PATH: readonly string[] = ['public', 'extensions'];

/**
 * `"a", "B"` — schemas as quoted identifiers, duplicates dropped. Always quoted, as PostgREST's
 * escapeIdentList writes them, so `current_setting('search_path')` and a plan's "Settings" read as
 * under PostgREST (decision 0167).
 */
export function searchPathSetting(schemas: readonly string[]): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return [...new Set(schemas)].map(quote).join(', ');
}
const DEFAULT_SEARCH_PATH_SETTING = searchPathSetting(DEFAULT_SEARCH_PATH);

const SETTINGS = `set_config('search_path', $8, true),
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true),
  set_config('request.jwt.claim.role', $1, true),
  set_config('request.method', $4, true),
  set_config('request.path', $5, true),
  set_config('request.headers', $6, true),
  set_config('timezone', coalesce($7, current_setting('timezone')), true)`;

/** The settings statement. Its text never changes, so a connection can keep it prepared. */
export const REQUEST_SETTINGS_SQL = `select ${SETTINGS}`;
/** The same for a transaction that no BEGIN READ ONLY opened: it makes the transaction read-only first. */
export const READ_ONLY_REQUEST_SETTINGS_SQL = `select set_config('transaction_read_only', 'on', true), ${SETTINGS}`;

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

/** The parameters of the settings statement; refuses a role that is not a request role. */
export function requestSettingValues(ctx: RequestContext): unknown[] {
  if (!isDbRole(ctx.role)) throw new Error(`role "${ctx.role}" does not exist`);
  const sub = ctx.claims.sub;
  return [
    ctx.role,
    claimsJson(ctx.claims, ctx.role),
    typeof sub === 'string' ? sub : '',
    ctx.method ?? '',
    ctx.path ?? '',
    JSON.stringify(ctx.headers ?? {}),
    ctx.timezone ?? null,
    ctx.searchPath ? searchPathSetting(ctx.searchPath) : DEFAULT_SEARCH_PATH_SETTING,
  ];
}

export async function applyRequestContext(tx: Tx, ctx: RequestContext): Promise<void> {
  await tx.query(REQUEST_SETTINGS_SQL, requestSettingValues(ctx));
}

/**
 * Runs fn as another request role inside a transaction that withRequestContext opened for `caller`
 * (e.g. service_role for bookkeeping the caller may not read), then switches back to the caller's
 * role; the claims stay the caller's.
 */
export async function withRoleWithin<T>(tx: Tx, role: DbRole, caller: DbRole, fn: () => Promise<T>): Promise<T> {
  if (!isDbRole(role) || !isDbRole(caller)) throw new Error('only request roles can be switched to');
  await tx.query(`select set_config('role', $1, true)`, [role]);
  try {
    return await fn();
  } finally {
    await tx.query(`select set_config('role', $1, true)`, [caller]);
  }
}

export async function withRequestContext<T>(
  db: Db,
  ctx: RequestContext,
  fn: (tx: Tx) => Promise<T>,
  options?: { readOnly?: boolean },
): Promise<T> {
  // A user's transaction that may write keeps their reads on the primary while it runs and for a
  // while after it ends (read-your-writes with read replicas, replicas.ts).
  const writer = !options?.readOnly && typeof ctx.claims.sub === 'string' ? ctx.claims.sub : undefined;
  if (writer) db.noteWriteBy(writer);
  try {
    return await db.transaction(async (tx) => {
      await applyRequestContext(tx, ctx);
      return fn(tx);
    }, options);
  } finally {
    if (writer) db.noteWriteBy(writer);
  }
}
