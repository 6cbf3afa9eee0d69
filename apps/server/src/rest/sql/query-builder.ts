// ActionPlan → SQL text + parameters (§B.6). Pure: no I/O, no request strings — identifiers come
// from the schema cache (quoted), values are bound parameters. Embeds are LEFT JOIN LATERAL
// subqueries rendered by PostgreSQL's own JSON functions, so PGlite and PostgreSQL answer alike.
import { boundValue, hasOperand, IS_KEYWORDS, OPERATORS, type OperatorRow } from '../request/operators.js';
import type { OpExpr } from '../request/types.js';
import type { Condition, CountMethod, EmbedNode, OrderBy, Projection, ReadNode, ResolvedField } from '../plan/types.js';
import { castTo, ident, Params, qualified } from './fragment.js';

export const tableAlias = (id: number) => ident(`t${id}`);
const lateralAlias = (id: number) => ident(`l${id}`);

export function fieldSql(alias: string, f: ResolvedField, params: Params): string {
  const col = f.computed
    ? `${qualified(f.computed.schema, f.computed.name)}(${alias})`
    : `${alias}.${ident(f.column.name)}`;
  if (!f.jsonPath.length) return col;
  // Composite and array columns are walked as jsonb, like PostgREST does.
  let out = f.column.typname === 'json' || f.column.typname === 'jsonb' ? col : `to_jsonb(${col})`;
  for (const step of f.jsonPath) {
    const key = typeof step.key === 'number' ? String(Math.trunc(step.key)) : `${params.add(step.key)}::text`;
    out = `(${out}${step.arrow}${key})`;
  }
  return out;
}

/** A filter as its operator's row writes it (request/operators.ts); every value is bound. */
function opSql(lhs: string, expr: OpExpr, f: ResolvedField, params: Params): string {
  const row: OperatorRow = OPERATORS[expr.op];
  let sql: string;
  if (hasOperand(expr, 'list')) {
    sql = expr.values.length ? `${lhs} ${row.sql} (${expr.values.map((v) => params.add(v)).join(', ')})` : 'false';
  } else if (hasOperand(expr, 'keyword')) {
    sql = `${lhs} ${row.sql} ${IS_KEYWORDS[expr.value]}`;
  } else if (hasOperand(expr, 'text-search')) {
    const cfg = expr.config !== undefined ? `${params.add(expr.config)}::regconfig, ` : '';
    const isVector = f.column.typname === 'tsvector' && !f.jsonPath.length;
    const doc = isVector ? lhs : `to_tsvector(${cfg}${lhs})`;
    sql = `${doc} @@ ${row.sql}(${cfg}${params.add(expr.value)})`;
  } else {
    const value = params.add(boundValue(expr.op, expr.value));
    sql = expr.quantifier ? `${lhs} ${row.sql} ${expr.quantifier}(${value})` : `${lhs} ${row.sql} ${value}`;
  }
  return expr.negated ? `not (${sql})` : sql;
}

function isToMany(e: EmbedNode): boolean {
  return e.relationship.cardinality === 'o2m' || e.relationship.cardinality === 'm2m';
}

export function conditionSql(alias: string, c: Condition, params: Params): string {
  switch (c.kind) {
    case 'filter':
      return opSql(fieldSql(alias, c.field, params), c.expr, c.field, params);
    case 'embed-null': {
      const j = `${lateralAlias(c.embed.id)}."pgrst_j"`;
      if (c.embed.spread && isToMany(c.embed)) {
        const n = `${lateralAlias(c.embed.id)}."pgrst_n"`;
        return c.isNull ? `${n} = 0` : `${n} > 0`;
      }
      if (c.embed.countOnly) {
        const n = isToMany(c.embed) ? `(${j}->0->>'count')::bigint` : `(${j}->>'count')::bigint`;
        return c.isNull ? `${n} = 0` : `${n} > 0`;
      }
      if (isToMany(c.embed)) return c.isNull ? `json_array_length(${j}) = 0` : `json_array_length(${j}) > 0`;
      return c.isNull ? `${j} is null` : `${j} is not null`;
    }
    case 'embed-exists': {
      const a = ident(`x${c.embed.id}`);
      const rows = embedRows(c.embed, alias, a);
      const where = [...rows.join, conditionSql(a, c.condition, params)].join(' and ');
      return `exists (select 1 from ${rows.source} as ${a} where ${where})`;
    }
    case 'logic': {
      if (!c.children.length) return c.negated ? 'false' : 'true';
      const inner = c.children
        .map((ch) => `(${conditionSql(alias, ch, params)})`)
        .join(c.op === 'and' ? ' and ' : ' or ');
      return c.negated ? `not (${inner})` : `(${inner})`;
    }
  }
}

/**
 * Where an embed's rows come from for the parent row `p` (child alias `c`): the child table joined
 * on its keys, or — for a computed relationship — the function applied to the parent row.
 */
function embedRows(e: EmbedNode, p: string, c: string): { source: string; join: string[] } {
  const child = e.node.table;
  const fn = e.relationship.computed;
  if (fn)
    return { source: `${qualified(fn.schema, fn.name)}(${e.parentRow ? `${p}.${ident(e.parentRow)}` : p})`, join: [] };
  return { source: qualified(child.schema, child.name), join: [joinSql(e, p, c, child.schema)] };
}

/** Join condition between a parent row (alias `p`) and the embedded child rows (alias `c`). */
function joinSql(e: EmbedNode, p: string, c: string, schema: string): string {
  const r = e.relationship;
  if (r.junction) {
    const j = ident(`j${e.id}`);
    const conds = [
      ...r.junction.fromPairs.map(([jc, pc]) => `${j}.${ident(jc)} = ${p}.${ident(pc)}`),
      ...r.junction.toPairs.map(([jc, cc]) => `${j}.${ident(jc)} = ${c}.${ident(cc)}`),
    ];
    return `exists (select 1 from ${qualified(schema, r.junction.table)} as ${j} where ${conds.join(' and ')})`;
  }
  return r.pairs.map(([pc, cc]) => `${c}.${ident(cc)} = ${p}.${ident(pc)}`).join(' and ');
}

function orderSql(alias: string, o: OrderBy, node: ReadNode, params: Params): string {
  let expr: string;
  if (o.embed) {
    // Ordering by a to-one child column: a correlated scalar lookup keeps the child's type.
    const c = ident(`o${o.embed.id}`);
    const rows = embedRows(o.embed, alias, c);
    const where = rows.join.length ? ` where ${rows.join.join(' and ')}` : '';
    expr = `(select ${fieldSql(c, o.field, params)} from ${rows.source} as ${c}${where} limit 1)`;
  } else {
    expr = fieldSql(alias, o.field, params);
  }
  return `${expr}${o.direction ? ` ${o.direction}` : ''}${o.nulls ? ` nulls ${o.nulls}` : ''}`;
}

interface NodeSql {
  select: string;
  /** FROM source alone, and the lateral joins alone. */
  base: string;
  laterals: string;
  /** FROM source + every lateral join. */
  from: string;
  /** FROM source + only the laterals the WHERE clause needs (for counting). */
  fromForCount: string;
  where: string;
  /** ` group by 1, 2` (output positions) when the node has aggregates and other columns. */
  group: string;
  order: string;
}

function usesEmbed(c: Condition, id: number): boolean {
  if (c.kind === 'embed-null') return c.embed.id === id;
  if (c.kind === 'logic') return c.children.some((ch) => usesEmbed(ch, id));
  return false;
}

/** Renders one node: its projection, lateral embeds, conditions and order. */
export function nodeSql(
  node: ReadNode,
  alias: string,
  source: string,
  params: Params,
  extraWhere: string[] = [],
): NodeSql {
  const cols: string[] = [];
  /** Output positions of everything that is not an aggregate: the GROUP BY when there are aggregates. */
  const grouped: number[] = [];
  const aggregated = node.projection.some((p) => p.kind === 'aggregate');
  const plain = (sql: string) => grouped.push(cols.push(sql));
  const laterals: { id: number; sql: string }[] = [];
  for (const e of node.embeds) laterals.push({ id: e.id, sql: embedLateral(e, alias, params) });
  for (const p of node.projection) {
    if (p.kind === 'aggregate') {
      cols.push(`${aggregateSql(alias, p, params)} as ${ident(p.outName)}`);
    } else if (p.kind === 'field') {
      plain(`${fieldSql(alias, p.field, params)}${p.cast ? castTo(p.cast) : ''} as ${ident(p.outName)}`);
    } else if (p.embed.spread) {
      for (const n of outputNames(p.embed.node)) plain(`${lateralAlias(p.embed.id)}.${ident(n)} as ${ident(n)}`);
    } else {
      // json has no equality, so grouped rows carry the embed as jsonb (same JSON text out).
      const j = `${lateralAlias(p.embed.id)}."pgrst_j"${aggregated ? '::jsonb' : ''}`;
      plain(`${j} as ${ident(p.embed.outName)}`);
    }
  }
  const where = [...extraWhere, ...node.where.map((c) => conditionSql(alias, c, params))];
  const order = node.order.map((o) => orderSql(alias, o, node, params));
  const base = `${source} as ${alias}`;
  return {
    select: cols.join(', '),
    base,
    laterals: laterals.map((l) => l.sql).join(' '),
    from: [base, ...laterals.map((l) => l.sql)].join(' '),
    fromForCount: [base, ...laterals.filter((l) => node.where.some((c) => usesEmbed(c, l.id))).map((l) => l.sql)].join(
      ' ',
    ),
    where: where.length ? ` where ${where.join(' and ')}` : '',
    group: aggregated && grouped.length ? ` group by ${grouped.join(', ')}` : '',
    order: order.length ? ` order by ${order.join(', ')}` : '',
  };
}

/**
 * A page bound as PostgREST writes it: a literal when it is a non-negative integer (which the
 * request parser guarantees), a bound parameter otherwise. A statement whose only parameter was
 * its limit is then planned once per connection and reused; with `limit $1` PostgreSQL judged
 * the generic plan (a limit of unknown size) worse and planned it again at every execution,
 * which under RLS cost more than running it (decision 0086).
 */
function pageBound(n: number, params: Params): string {
  return Number.isSafeInteger(n) && n >= 0 ? String(n) : `${params.add(n)}::bigint`;
}

function limitSql(limit: number | undefined, offset: number | undefined, params: Params): string {
  let out = '';
  if (limit !== undefined) out += ` limit ${pageBound(limit, params)}`;
  if (offset) out += ` offset ${pageBound(offset, params)}`;
  return out;
}

/** `sum("t0"."amount")`, `count(*)`; casts as asked (`amount::int.sum()::text`). */
function aggregateSql(alias: string, p: Extract<Projection, { kind: 'aggregate' }>, params: Params): string {
  const arg = p.field ? `${fieldSql(alias, p.field, params)}${p.inputCast ? castTo(p.inputCast) : ''}` : '*';
  return `${p.fn}(${arg})${p.cast ? castTo(p.cast) : ''}`;
}

/** The keys a node's rows carry: its fields and embeds, with spread children's keys lifted. */
function outputNames(node: ReadNode): string[] {
  return node.projection.flatMap((p) => {
    if (p.kind === 'field' || p.kind === 'aggregate') return [p.outName];
    return p.embed.spread ? outputNames(p.embed.node) : [p.embed.outName];
  });
}

/** Columns of a spread child are selected directly so the parent can lift them. */
function embedLateral(e: EmbedNode, parentAlias: string, params: Params): string {
  const c = tableAlias(e.id);
  const rows = embedRows(e, parentAlias, c);
  const inner = nodeSql(e.node, c, rows.source, params, rows.join);
  const select = inner.select || 'null as "pgrst_none"';
  const sub = `select ${select} from ${inner.from}${inner.where}${inner.group}${inner.order}`;
  if (e.countOnly) {
    // Every related row that passes the embed's filters counts; its range does not apply.
    const count = `json_build_object('count', count(*))`;
    return `left join lateral (select ${isToMany(e) ? `json_build_array(${count})` : count} as "pgrst_j" from (${sub}) as "x") as ${lateralAlias(e.id)} on true`;
  }
  if (isToMany(e) && e.spread) {
    // PostgREST 13 spreads a to-many embed as one array per column, in the embed's order.
    const arrays = outputNames(e.node).map((n) => `coalesce(json_agg("x".${ident(n)}), '[]') as ${ident(n)}`);
    const page = `${sub}${limitSql(e.node.limit, e.node.offset, params)}`;
    return `left join lateral (select ${[...arrays, 'count(*) as "pgrst_n"'].join(', ')} from (${page}) as "x") as ${lateralAlias(e.id)} on true`;
  }
  if (isToMany(e)) {
    return `left join lateral (select coalesce(json_agg("x"), '[]') as "pgrst_j" from (${sub}${limitSql(e.node.limit, e.node.offset, params)}) as "x") as ${lateralAlias(e.id)} on true`;
  }
  return `left join lateral (select row_to_json("x") as "pgrst_j", "x".* from (${sub} limit 1) as "x") as ${lateralAlias(e.id)} on true`;
}

/** Response overrides a function may set with set_config('response.headers'|'response.status', …, true). */
export const RESPONSE_GUCS = `nullif(current_setting('response.headers', true), '') as "response_headers", nullif(current_setting('response.status', true), '') as "response_status"`;

export interface BuiltQuery {
  text: string;
  values: unknown[];
  /**
   * For planned/estimated counts: the rows to count as a statement of their own, whose EXPLAIN
   * gives the planner's estimate (execute/ runs it when the count method needs it).
   */
  planRows?: { text: string; values: unknown[] };
}

export interface BodyOptions {
  singular: boolean;
  stripNulls: boolean;
  /** text/csv: the body is rendered by PostgreSQL (see csvBodySql). */
  csv?: boolean;
}

/**
 * CSV as PostgREST renders it: a header of the first row's keys, then each row in PostgreSQL's
 * record text form without its parentheses, so quoting, NULLs, booleans (t/f), timestamps, arrays
 * and JSON spacing are PostgreSQL's own. No rows give an empty body.
 */
export function csvBodySql(): string {
  return (
    `case when count("t") = 0 then '' else ` +
    `(select string_agg("k", ',') from (select json_object_keys(json_agg("t")->0) as "k") as "h") || chr(10) || ` +
    `string_agg(substring("t"::text, 2, length("t"::text) - 2), chr(10)) end`
  );
}

/** The JSON body over rows `t`: array (default) or the single object; nulls stripped on request. */
export function bodySql(o: BodyOptions): string {
  if (o.csv) return csvBodySql();
  const row = o.stripNulls ? 'json_strip_nulls(row_to_json("t"))' : '"t"';
  return o.singular ? `coalesce((json_agg(${row})->0)::text, 'null')` : `coalesce(json_agg(${row}), '[]')::text`;
}

/**
 * SELECT over a relation (table, view, or `source` such as a function call or a write's CTE):
 * one row with total (when counting), page_total and the rendered body.
 */
export function readQuery(
  node: ReadNode,
  source: string,
  opts: BodyOptions & {
    count: CountMethod | undefined;
    limit?: number;
    offset?: number;
    prefix?: string;
    params?: Params;
    extra?: string;
  },
): BuiltQuery {
  const params = opts.params ?? new Params();
  const sourceValues = [...params.values];
  const alias = tableAlias(0);
  const n = nodeSql(node, alias, source, params);
  const select = n.select || 'null as "pgrst_none"';
  let page: string;
  if (
    node.embeds.length &&
    !node.where.some((c) => node.embeds.some((e) => usesEmbed(c, e.id))) &&
    !embedsInOnePass(node)
  ) {
    // Page first, embed after: the lateral subqueries then run for the returned rows only, not
    // for every row the filter admits (a list with embeds stays cheap whatever the table size).
    const cols =
      neededColumns(node)
        .map((c) => `${alias}.${ident(c)}`)
        .join(', ') || '1';
    const inner = `(select ${cols} from ${n.base}${n.where}${n.order}${limitSql(opts.limit, opts.offset, params)})`;
    page = `select ${select} from ${inner} as ${alias} ${n.laterals}${n.order}`;
  } else {
    page = `select ${select} from ${n.from}${n.where}${n.group}${n.order}${limitSql(opts.limit, opts.offset, params)}`;
  }
  const exact = opts.count === 'exact' || opts.count === 'estimated';
  const total = exact ? `(select count(*) from ${n.fromForCount}${n.where})` : 'null::bigint';
  const text = `${opts.prefix ?? ''}select ${total} as "total", count("t") as "page_total", ${bodySql(opts)} as "body", ${opts.extra ? `${opts.extra}, ` : ''}${RESPONSE_GUCS} from (${page}) as "t"`;
  if (opts.count !== 'planned' && opts.count !== 'estimated') return { text, values: params.values };
  return { text, values: params.values, planRows: countedRows(node, alias, source, sourceValues) };
}

/** `select 1 from … where …` over the rows a count covers, with parameters of its own. */
function countedRows(node: ReadNode, alias: string, source: string, sourceValues: unknown[]) {
  const params = new Params();
  params.values.push(...sourceValues);
  const n = nodeSql(node, alias, source, params);
  return { text: `select 1 from ${n.fromForCount}${n.where}`, values: params.values };
}

/**
 * Reads that cannot page before embedding: computed fields and relationships take the row itself
 * (`f(t0)`), which a page of selected columns no longer is, and aggregates group the whole result.
 */
function embedsInOnePass(node: ReadNode): boolean {
  return (
    node.projection.some((p) => p.kind === 'field' && p.field.computed) ||
    node.where.some(conditionUsesComputed) ||
    node.order.some((o) => !o.embed && o.field.computed) ||
    node.embeds.some((e) => e.relationship.computed) ||
    node.projection.some((p) => p.kind === 'aggregate')
  );
}

function conditionUsesComputed(c: Condition): boolean {
  if (c.kind === 'filter') return !!c.field.computed;
  if (c.kind === 'logic') return c.children.some(conditionUsesComputed);
  return false;
}

/** Every column a returning read needs from the written rows (projection, joins, order). */
export function neededColumns(node: ReadNode): string[] {
  const cols = new Set<string>();
  for (const p of node.projection) {
    if (p.kind === 'field') cols.add(p.field.column.name);
    if (p.kind === 'aggregate' && p.field) cols.add(p.field.column.name);
  }
  for (const e of node.embeds) {
    const r = e.relationship;
    if (r.junction) r.junction.fromPairs.forEach(([, pc]) => cols.add(pc));
    else r.pairs.forEach(([pc]) => cols.add(pc));
  }
  for (const c of node.where) collectCondColumns(c, cols);
  for (const o of node.order) {
    if (!o.embed) cols.add(o.field.column.name);
    else {
      const r = o.embed.relationship;
      r.pairs.forEach(([pc]) => cols.add(pc));
    }
  }
  return [...cols];
}

function collectCondColumns(c: Condition, out: Set<string>): void {
  if (c.kind === 'filter') out.add(c.field.column.name);
  else if (c.kind === 'embed-exists') {
    const r = c.embed.relationship;
    if (r.junction) r.junction.fromPairs.forEach(([, pc]) => out.add(pc));
    else r.pairs.forEach(([pc]) => out.add(pc));
  } else if (c.kind === 'logic') c.children.forEach((ch) => collectCondColumns(ch, out));
}
