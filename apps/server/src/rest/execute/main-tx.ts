// EXECUTE: one transaction per request — BEGIN [READ ONLY] → role + claims (withRequestContext)
// → main statement → checks that must roll the work back (singular 406, max-affected) → COMMIT.
// Reads on PostgreSQL take the driver's one-round-trip path instead (decision 0082).
import { withRequestContext, type Db, type RequestContext } from '@tagledger/db';
import { RestError } from '../errors.js';
import type { BuiltQuery } from '../sql/query-builder.js';
import type { CountMethod } from '../plan/types.js';
import { countTotal, explainStatement, needsPlannerEstimate, plannedRows } from './planned-count.js';

export interface ResultRow {
  total: number | null;
  page_total: number;
  body: string | null;
  /** Merge upserts only: how many of the written rows were inserted (not updated). */
  inserted?: number | null;
  response_headers?: string | null;
  response_status?: string | null;
}

export interface TxChecks {
  /** Singular response requested: exactly one row, else 406 and rollback. */
  singular: boolean;
  /** max-affected with handling=strict: more rows → 400 PGRST124 and rollback. */
  maxAffected?: number;
}

/** Carries a finished result out of the transaction so that throwing rolls the work back. */
class RollbackWithResult extends Error {
  constructor(readonly row: ResultRow) {
    super('rolled back on request');
  }
}

function checked(row: ResultRow | undefined, opts: TxChecks): ResultRow {
  const r = row ?? { total: null, page_total: 0, body: null };
  const pageTotal = Number(r.page_total);
  if (opts.singular && pageTotal !== 1) {
    throw new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${pageTotal} rows`,
    );
  }
  if (opts.maxAffected !== undefined && pageTotal > opts.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${pageTotal} rows`,
    );
  }
  return {
    total: r.total === null ? null : Number(r.total),
    page_total: pageTotal,
    body: r.body,
    inserted: r.inserted === undefined || r.inserted === null ? null : Number(r.inserted),
    response_headers: r.response_headers ?? null,
    response_status: r.response_status ?? null,
  };
}

type ExplainRow = Record<string, unknown>;

export async function runMainTx(
  db: Db,
  ctx: RequestContext,
  query: BuiltQuery,
  opts: {
    readOnly: boolean;
    rollback?: boolean;
    count?: CountMethod | undefined;
    /** db-max-rows, where count=estimated starts asking the planner; null: no cap. */
    maxRows: number | null;
  } & TxChecks,
): Promise<ResultRow> {
  /** Replaces the total by the planner's estimate where the count method asks for it. */
  const withEstimate = async (row: ResultRow, explain: (q: BuiltQuery) => Promise<ExplainRow | undefined>) => {
    if (!query.planRows || !needsPlannerEstimate(opts.count, row.total, opts.maxRows)) return row;
    const estimate = plannedRows(await explain(explainStatement(query.planRows)));
    return { ...row, total: countTotal(opts.count, row.total, estimate) };
  };
  // Read-only work has nothing to roll back, so it can take the one-round-trip path.
  if (opts.readOnly) {
    const read = db.readInOneRoundTrip.bind(db);
    const row = checked(await read<ResultRow>(ctx, query), opts);
    return withEstimate(row, (q) => read<ExplainRow>(ctx, q));
  }
  try {
    return await withRequestContext(
      db,
      ctx,
      async (tx) => {
        const res = await tx.query<ResultRow>(query.text, query.values);
        // Throwing here rolls the transaction back (singular 406, max-affected, tx=rollback).
        const row = await withEstimate(
          checked(res.rows[0], opts),
          async (q) => (await tx.query<ExplainRow>(q.text, q.values)).rows[0],
        );
        if (opts.rollback) throw new RollbackWithResult(row);
        return row;
      },
      { readOnly: opts.readOnly },
    );
  } catch (err) {
    if (err instanceof RollbackWithResult) return err.row;
    throw err;
  }
}
