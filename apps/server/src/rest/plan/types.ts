// What the database will do, with every name resolved against the schema cache. Nothing after
// plan/ looks at raw request strings; sql/ turns these into text + parameters.
import type { AggregateFn, JsonStep, Negotiated, OpExpr, Preferences } from '../request/types.js';
import type { Column, Relationship, Routine, Table } from '../schema-cache/types.js';

export interface ResolvedField {
  column: Column;
  jsonPath: JsonStep[];
  /** A computed field: the value is `schema.name(row)` rather than a column of the row. */
  computed?: { schema: string; name: string };
}

export type Projection =
  | { kind: 'field'; field: ResolvedField; outName: string; cast?: string }
  | { kind: 'embed'; embed: EmbedNode }
  /** An aggregate over the node's rows; the node's other fields and embeds become its GROUP BY. */
  | {
      kind: 'aggregate';
      fn: AggregateFn;
      field: ResolvedField | undefined;
      inputCast?: string;
      cast?: string;
      outName: string;
    };

/** Settings that change what a request may ask for (PostgREST's db-aggregates-enabled, …). */
export interface PlanOptions {
  aggregates: boolean;
  /** db-max-rows: the most rows a read or a set-returning call returns; null: no cap. */
  maxRows: number | null;
}

export type Condition =
  | { kind: 'filter'; field: ResolvedField; expr: OpExpr }
  | { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: Condition[] }
  /** `rel=is.null` / `rel=not.is.null` (anti-/semi-join) or `!inner`. */
  | { kind: 'embed-null'; embed: EmbedNode; isNull: boolean }
  /** `or=(rel.col.eq.x,…)`: some related row matches (a correlated EXISTS over the relationship). */
  | { kind: 'embed-exists'; embed: EmbedNode; condition: Condition };

export interface OrderBy {
  field: ResolvedField;
  /** For `order=rel(col)`: the to-one embed whose column orders the parent. */
  embed?: EmbedNode;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ReadNode {
  table: Table;
  /**
   * The name PostgREST's statement gives this table, which PostgreSQL's "column … does not exist"
   * names: the table's own at the root and for many-to-many embeds, `<table>_<depth>` otherwise.
   */
  sqlName: string;
  projection: Projection[];
  embeds: EmbedNode[];
  where: Condition[];
  order: OrderBy[];
  limit?: number;
  offset?: number;
}

export interface EmbedNode {
  /** Name used in embedded filters/orders: alias if given, else the relation name. */
  name: string;
  outName: string;
  relationship: Relationship;
  node: ReadNode;
  inner: boolean;
  /** `rel()` — joined for filtering but not projected. */
  empty: boolean;
  spread: boolean;
  /** `rel(count)`: the number of related rows (`[{"count": n}]`, or `{"count": n}` to-one). */
  countOnly: boolean;
  /** Stable identifier for SQL aliases, assigned during planning. */
  id: number;
  /**
   * A computed relationship of a write's returned rows: the returned column that holds the whole
   * written row (the function's argument), since the rows read back are not of the table's type.
   */
  parentRow?: string;
}

export interface Output {
  accept: Negotiated;
  /** Return the body (reads, representation writes, RPC). */
  wantBody: boolean;
}

/** Prefer count=: exact counts the rows, planned asks the planner, estimated does both (PostgREST). */
export type CountMethod = 'exact' | 'planned' | 'estimated';

export interface ReadPlan {
  kind: 'read';
  root: ReadNode;
  count: CountMethod | undefined;
  head: boolean;
}

export interface InsertPlan {
  kind: 'insert';
  table: Table;
  columns: string[];
  /** Columns to take from the column default when a key is missing (missing=default). */
  missingDefault: boolean;
  /** Body keys defined the column list (no `columns=`): omitted columns use their DEFAULT. */
  rows: unknown[];
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  returning: ReadNode | undefined;
  /** Primary-key columns, for `Location` with return=headers-only. */
  locationColumns: string[];
}

export interface UpdatePlan {
  kind: 'update';
  table: Table;
  columns: string[];
  row: Record<string, unknown>;
  where: Condition[];
  returning: ReadNode | undefined;
}

export interface DeletePlan {
  kind: 'delete';
  table: Table;
  where: Condition[];
  returning: ReadNode | undefined;
}

export interface CallPlan {
  kind: 'call';
  routine: Routine;
  /** Argument name → JSON value (body) or text (query string). */
  args: Record<string, unknown>;
  /** Result shaping: scalar value, one composite object, a set of composites or of scalars, or void. */
  shape: 'scalar' | 'composite' | 'set' | 'set-scalar' | 'void';
  /** For composite results: a read over the function's rows (filters/select/order apply). */
  read: ReadNode | undefined;
  readOnly: boolean;
  count: CountMethod | undefined;
}

export type MutatePlan = InsertPlan | UpdatePlan | DeletePlan;

export interface ActionPlan {
  /** The exposed schema (profile) the request runs against. */
  schema: string;
  plan: ReadPlan | MutatePlan | CallPlan;
  output: Output;
  prefs: Preferences;
  readOnly: boolean;
  range: { offset: number; limit?: number };
}
