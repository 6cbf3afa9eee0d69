// Planned and estimated counts as PostgREST takes them: `planned` is the planner's row estimate for
// the counted rows (EXPLAIN, no scan); `estimated` is the exact count while it stays within
// db-max-rows and, above it, the larger of the exact count and the estimate. Without db-max-rows
// (REST_MAX_ROWS=none) every count is "above" it, as in PostgREST (Query.resultSetWTotal compares
// with a Maybe, and Nothing is below every number): `estimated` is then always the larger of both.
import type { CountMethod } from '../plan/types.js';
import type { BuiltQuery } from '../sql/query-builder.js';

/** Whether the planner must be asked, given the exact total the main statement found (if any). */
export function needsPlannerEstimate(
  method: CountMethod | undefined,
  exactTotal: number | null,
  maxRows: number | null,
): boolean {
  if (method === 'planned') return true;
  return method === 'estimated' && exactTotal !== null && (maxRows === null || exactTotal > maxRows);
}

export function explainStatement(planRows: NonNullable<BuiltQuery['planRows']>): BuiltQuery {
  return { text: `explain (format json) ${planRows.text}`, values: planRows.values };
}

/** "Plan Rows" of the top plan node; the JSON comes parsed or as text depending on the driver. */
export function plannedRows(row: Record<string, unknown> | undefined): number {
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  if (typeof rows !== 'number') throw new Error('EXPLAIN returned no row estimate');
  return Math.round(rows);
}

/** The total to report: the estimate for planned, and for estimated the larger of both. */
export function countTotal(method: CountMethod | undefined, exactTotal: number | null, estimate: number): number {
  return method === 'estimated' && exactTotal !== null ? Math.max(exactTotal, estimate) : estimate;
}
