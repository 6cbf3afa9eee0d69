// Runs a statement the way PostgREST does: inside one transaction, as the request's database
// role, with the verified JWT claims in request.jwt.claims so auth.uid()/auth.role()/auth.jwt()
// and every RLS policy see the caller. Used by rest/, storage/ and functions/.
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
}

export async function applyRequestContext(tx: Tx, ctx: RequestContext): Promise<void> {
  if (!isDbRole(ctx.role)) throw new Error(`role "${ctx.role}" does not exist`);
  const claims: Record<string, unknown> = { ...ctx.claims, role: ctx.role };
  await tx.query(
    `select set_config('search_path', 'public, extensions', true),
            set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claim.role', $1, true),
            set_config('request.method', $4, true),
            set_config('request.path', $5, true),
            set_config('request.headers', $6, true)`,
    [
      ctx.role,
      JSON.stringify(claims),
      typeof claims.sub === 'string' ? claims.sub : '',
      ctx.method ?? '',
      ctx.path ?? '',
      JSON.stringify(ctx.headers ?? {}),
    ],
  );
}

export function withRequestContext<T>(
  db: Db,
  ctx: RequestContext,
  fn: (tx: Tx) => Promise<T>,
  options?: { readOnly?: boolean },
): Promise<T> {
  return db.transaction(async (tx) => {
    await applyRequestContext(tx, ctx);
    return fn(tx);
  }, options);
}
