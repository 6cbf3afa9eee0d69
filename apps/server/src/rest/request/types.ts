// What the client asked for, as unresolved names (SUPABASE-PROTOCOL §B.3). Nothing here knows the
// schema; plan/ resolves these against the schema cache.
import type { RestError } from '../errors.js';
import { OPERATORS, type FilterOpName, type OpExpr } from './operators.js';

/** One step of a JSON path: `->key`, `->>key`, `->0`. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string | number;
}

/** A column reference with an optional JSON path (`data->a->>b`). */
export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'max', 'min'] as const;
export type AggregateFn = (typeof AGGREGATE_FUNCTIONS)[number];

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  /** `amount.sum()`, `total:amount::int.avg()::text`, bare `count()` (no field). */
  | { kind: 'aggregate'; fn: AggregateFn; field?: FieldRef; alias?: string; inputCast?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

/** Every operator's name, from the operator table (operators.ts). */
export const FILTER_OPS = Object.keys(OPERATORS) as FilterOpName[];
export type { FilterOpName, OpExpr } from './operators.js';

/** `embedPath` is the chain of embed names/aliases from the root ([] = the root resource). */
export interface Filter {
  embedPath: string[];
  field: FieldRef;
  expr: OpExpr;
}

export type LogicNode =
  { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: LogicNode[] } | { kind: 'filter'; filter: Filter };

export interface OrderTerm {
  /** Set for `order=rel(col)` — ordering by a to-one child column. */
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Everything the query string carried, grouped by the embed path it applies to. */
export interface QueryParams {
  select: SelectItem[];
  logic: { embedPath: string[]; tree: LogicNode }[];
  order: { embedPath: string[]; terms: OrderTerm[] }[];
  ranges: { embedPath: string[]; limit?: number; offset?: number }[];
  columns?: string[];
  onConflict?: string[];
  /** Non-reserved keys in order: filters, except RPC GET/HEAD arguments (known only to plan/). */
  params: QueryParam[];
}

/** A non-reserved key and its value as given, and the pair read as a filter. */
export interface QueryParam {
  key: string;
  value: string;
  filter: ParsedFilter;
}

/**
 * A filter, or why a pair is none: its value names no operator (`?a=5`), or the error of a
 * malformed filter. Either is thrown only where the key is used as a filter (withFilters): on an
 * RPC GET/HEAD a key naming an argument is that argument, which only plan/ knows, from the schema
 * cache.
 */
export type ParsedFilter = Filter | { noOperator: true } | { error: RestError };

/** QueryParams with the filters that apply to the request (withFilters), never written back. */
export interface FilteredQuery extends QueryParams {
  filters: Filter[];
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  timezone?: string;
  /** Preferences that were present but not understood (for handling=strict). */
  invalid: string[];
}

export type MediaType = 'json' | 'object' | 'csv';

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

export interface Negotiated {
  /** The body the request would return (for an explain request: the media its plan is `for`). */
  media: MediaType;
  stripNulls: boolean;
  /** `application/vnd.pgrst.plan+json|text`: answer with the statement's EXPLAIN instead. */
  plan?: { format: 'json' | 'text'; options: PlanOption[] };
}

export type Action =
  | { kind: 'read'; head: boolean }
  | { kind: 'insert' }
  | { kind: 'update' }
  | { kind: 'delete' }
  | { kind: 'call'; head: boolean; readOnlyVerb: boolean };

export interface ApiRequest {
  action: Action;
  method: string;
  /** Table/view name, or function name for RPC. */
  target: string;
  schema: string;
  query: QueryParams;
  prefs: Preferences;
  accept: Negotiated;
  /** Parsed JSON body for writes / POST RPC (undefined when absent). */
  body: unknown;
  range: { offset: number; limit?: number };
}
