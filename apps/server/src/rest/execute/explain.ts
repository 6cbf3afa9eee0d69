// Execution plans (PostgREST's db-plan-enabled): the request's own statement under EXPLAIN, in the
// caller's role and transaction settings, so RLS shapes the plan as it shapes the rows. With
// `analyze` the statement really runs; the transaction then ends as REST_TX_END decides, as in
// PostgREST. Plans reveal row estimates of whole tables, which is why the setting is off by default.
import { withRequestContext, type Db, type RequestContext, type Tx } from '@tagledger/db';
import type { PlanOption } from '../request/types.js';
import type { BuiltQuery } from '../sql/query-builder.js';

/** Carries the plan out of a transaction that must roll back. */
class RollbackWithPlan extends Error {
  constructor(readonly lines: unknown[]) {
    super('rolled back on request');
  }
}

/**
 * A verbose plan shows its "Query Identifier" only when PostgreSQL computes query ids
 * (compute_query_id), which hosted Supabase does because it loads pg_stat_statements and PGlite or a
 * plain PostgreSQL does not. The setting is a superuser's, so it is turned on for this transaction
 * as the connection's own user (when that user is a superuser), then the caller's role comes back
 * before the caller's statement runs.
 */
async function computeQueryIds(tx: Tx, role: RequestContext['role']): Promise<void> {
  await tx.query(`select set_config('role', 'none', true)`);
  await tx.query(
    `select set_config('compute_query_id', 'on', true) from pg_roles where rolname = current_user and rolsuper`,
  );
  await tx.query(`select set_config('role', $1, true)`, [role]);
}

export async function runExplain(
  db: Db,
  ctx: RequestContext,
  query: BuiltQuery,
  plan: { format: 'json' | 'text'; options: PlanOption[] },
  opts: { readOnly: boolean; rollback: boolean },
): Promise<unknown[]> {
  // Option names come from a fixed list (negotiate), never from request text.
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  try {
    return await withRequestContext(
      db,
      ctx,
      async (tx) => {
        if (plan.options.includes('verbose')) await computeQueryIds(tx, ctx.role);
        const res = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${options}) ${query.text}`, query.values);
        const lines = res.rows.map((r) => r['QUERY PLAN']);
        if (opts.rollback) throw new RollbackWithPlan(lines);
        return lines;
      },
      { readOnly: opts.readOnly },
    );
  } catch (err) {
    if (err instanceof RollbackWithPlan) return err.lines;
    throw err;
  }
}
