// The filter operators of `col=[not.]op.value` (SUPABASE-PROTOCOL §B.3.2), one row each: what the
// parser accepts after the operator's name, and the SQL the builder writes for it. A new operator
// is one row here and its tests (test/rest/operators.test.ts); nothing else lists operators.

/** How the text after `op` is read, and so how the SQL builder writes it. */
export type Operand =
  /** One value, bound as text: `col <sql> $1`, or `col <sql> any($1)` with `(any)`/`(all)`. */
  | 'value'
  /** A parenthesised list, one bound value each: `in.(1,"a,b")` → `col <sql> ($1, $2)`. */
  | 'list'
  /** One of IS_KEYWORDS, written into the SQL: `is.null` → `col <sql> null`. */
  | 'keyword'
  /** A full-text query, with an optional `(config)`: `to_tsvector(col) @@ <sql>($1)`. */
  | 'text-search';

export interface OperatorRow {
  operand: Operand;
  /** The SQL operator between the column and the value; for text-search, the function making the query. */
  sql: string;
  /** Takes `(any)` / `(all)` with an array literal as its value (value operands only). */
  quantifiable?: true;
  /** The value rule of like patterns: `*` stands for `%`, which a URL cannot carry bare. */
  wildcard?: true;
}

export const OPERATORS = {
  eq: { operand: 'value', sql: '=', quantifiable: true },
  neq: { operand: 'value', sql: '<>' },
  gt: { operand: 'value', sql: '>', quantifiable: true },
  gte: { operand: 'value', sql: '>=', quantifiable: true },
  lt: { operand: 'value', sql: '<', quantifiable: true },
  lte: { operand: 'value', sql: '<=', quantifiable: true },
  like: { operand: 'value', sql: 'like', quantifiable: true, wildcard: true },
  ilike: { operand: 'value', sql: 'ilike', quantifiable: true, wildcard: true },
  match: { operand: 'value', sql: '~', quantifiable: true },
  imatch: { operand: 'value', sql: '~*', quantifiable: true },
  in: { operand: 'list', sql: 'in' },
  is: { operand: 'keyword', sql: 'is' },
  isdistinct: { operand: 'value', sql: 'is distinct from' },
  cs: { operand: 'value', sql: '@>' },
  cd: { operand: 'value', sql: '<@' },
  ov: { operand: 'value', sql: '&&' },
  sl: { operand: 'value', sql: '<<' },
  sr: { operand: 'value', sql: '>>' },
  nxr: { operand: 'value', sql: '&<' },
  nxl: { operand: 'value', sql: '&>' },
  adj: { operand: 'value', sql: '-|-' },
  fts: { operand: 'text-search', sql: 'to_tsquery' },
  plfts: { operand: 'text-search', sql: 'plainto_tsquery' },
  phfts: { operand: 'text-search', sql: 'phraseto_tsquery' },
  wfts: { operand: 'text-search', sql: 'websearch_to_tsquery' },
} as const satisfies Record<string, OperatorRow>;

export type FilterOpName = keyof typeof OPERATORS;

/** The operators whose operand is read as `K`. */
export type OpsWith<K extends Operand> = {
  [N in FilterOpName]: (typeof OPERATORS)[N]['operand'] extends K ? N : never;
}[FilterOpName];

/** A parsed right-hand side `[not.]op[(modifier)].operand`; its shape is its operator's operand. */
export type OpExpr =
  | { op: OpsWith<'list'>; negated: boolean; values: string[] }
  | { op: OpsWith<'keyword'>; negated: boolean; value: IsKeyword }
  | { op: OpsWith<'text-search'>; negated: boolean; config?: string; value: string }
  | { op: OpsWith<'value'>; negated: boolean; quantifier?: 'any' | 'all'; value: string };

/** What `is.` accepts (any case) and what it writes after `is`. */
export const IS_KEYWORDS = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
} as const;
export type IsKeyword = keyof typeof IS_KEYWORDS;

const BY_NAME: ReadonlyMap<string, OperatorRow> = new Map(Object.entries(OPERATORS));

/** The row of an operator named in a request, if it is one (`constructor` is not). */
export function operator(name: string): OperatorRow | undefined {
  return BY_NAME.get(name);
}

/** Narrows a parsed expression by its operator's operand. */
export function hasOperand<K extends Operand>(expr: OpExpr, operand: K): expr is Extract<OpExpr, { op: OpsWith<K> }> {
  return OPERATORS[expr.op].operand === operand;
}

/** The text a value operand binds: the value, with the operator's value rule applied. */
export function boundValue(op: FilterOpName, value: string): string {
  const row: OperatorRow = OPERATORS[op];
  return row.wildcard ? value.replace(/\*/g, '%') : value;
}
