// The schema cache: what exists in the exposed schema, read from pg_catalog (§B.6 "Schema cache").

export interface Column {
  name: string;
  /** format_type() text, e.g. `integer`, `text[]`, `timestamp with time zone` (from the catalog, trusted). */
  type: string;
  /** pg_type.typname of the column type (`int4`, `_text`, `tsvector`, `jsonb`). */
  typname: string;
  nullable: boolean;
  /** pg_get_expr() of the column default (catalog text), when any. */
  defaultExpr: string | null;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  insertable: boolean;
  columns: Map<string, Column>;
  /** Column order as in the catalog (for `*`). */
  columnOrder: string[];
  primaryKey: string[];
  /** Unique constraints and unique indexes, including the primary key. */
  uniques: string[][];
  /**
   * Computed fields: functions of this table's row type returning a scalar, selectable, filterable
   * and orderable by their name like columns (never part of `*`). Keyed by function name.
   */
  computedFields: Map<string, Column>;
}

export interface ForeignKey {
  name: string;
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

/** A way to embed `to` from `from`. For m2m, `junction` carries the two FKs. */
export interface Relationship {
  from: string;
  to: string;
  cardinality: Cardinality;
  /** Column pairs [fromCol, toCol] for direct relationships. */
  pairs: [string, string][];
  constraint: string;
  /**
   * A computed relationship: a function taking `from`'s row type and returning `to` rows (SETOF →
   * to-many, a single row or `ROWS 1` → to-one). Embedded by the function's name; no column pairs.
   */
  computed?: { schema: string; name: string };
  junction?: {
    table: string;
    /** junction FK to `from`: [junctionCol, fromCol] pairs */
    fromPairs: [string, string][];
    /** junction FK to `to`: [junctionCol, toCol] pairs */
    toPairs: [string, string][];
    fromConstraint: string;
    toConstraint: string;
  };
}

export interface RoutineArg {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
  /** Passed by position (a single unnamed json/jsonb parameter that receives the whole body). */
  positional?: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  /** IN/INOUT/VARIADIC arguments in order. */
  args: RoutineArg[];
  returnType: string;
  /** pg_type.typname of the result type. */
  returnTypname: string;
  /** Rows the planner expects (`ROWS n`); 1 makes a SETOF computed relationship to-one. */
  rows: number;
  /** For each IN argument: the exposed table whose row type it is, if any. */
  argTables: (string | undefined)[];
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Composite result: the table (when it returns a table type) or the OUT/TABLE columns. */
  returnTable: string | undefined;
  returnColumns: Column[] | undefined;
  volatility: 'v' | 's' | 'i';
}

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  relationships: Relationship[];
  routines: Map<string, Routine[]>;
  /** Type names usable in `::cast` (typname in pg_catalog/public), lower-cased. */
  typeNames: Set<string>;
  /** catalogFingerprint() at load time. */
  fingerprint: string;
}
