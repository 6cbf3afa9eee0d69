// ActionPlan → SQL text + parameters (§B.6). Pure: no I/O, no request strings — identifiers come
// from the schema cache (quoted), values are bound parameters. Embeds are LEFT JOIN LATERAL
// subqueries rendered by PostgreSQL's own JSON functions, so PGlite and PostgreSQL answer alike.
import type { OpExpr } from '../request/types.js';
import type { Condition, EmbedNode, OrderBy, ReadNode, ResolvedField } from '../plan/types.js';
import { castTo, ident, Params, qualified } from './fragment.js';

const SIMPLE_OPS: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  isdistinct: 'is distinct from', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const FTS_FN: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

export const tableAlias = (id: number) => ident(`t${id}`);
const lateralAlias = (id: number) => ident(`l${id}`);

export function fieldSql(alias: string, f: ResolvedField, params: Params): string {
  const col = `${alias}.${ident(f.column.name)}`;
  if (!f.jsonPath.length) return col;
  // Composite and array columns are walked as jsonb, like PostgREST does.
  let out = f.column.typname === 'json' || f.column.typname === 'jsonb' ? col : `to_jsonb(${col})`;
  for (const step of f.jsonPath) {
    const key = typeof step.key === 'number' ? String(Math.trunc(step.key)) : `${params.add(step.key)}::text`;
    out = `(${out}${step.arrow}${key})`;
  }
  return out;
}

function opSql(lhs: string, expr: OpExpr, f: ResolvedField, params: Params): string {
  let sql: string;
  switch (expr.op) {
    case 'in':
      sql = expr.values.length ? `${lhs} in (${expr.values.map((v) => params.add(v)).join(', ')})` : 'false';
      break;
    case 'is': {
      const v = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[expr.value];
      sql = `${lhs} is ${v}`;
      break;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const cfg = expr.config !== undefined ? `${params.add(expr.config)}::regconfig, ` : '';
      const isVector = f.column.typname === 'tsvector' && !f.jsonPath.length;
      const doc = isVector ? lhs : `to_tsvector(${cfg}${lhs})`;
      sql = `${doc} @@ ${FTS_FN[expr.op]}(${cfg}${params.add(expr.value)})`;
      break;
    }
    default: {
      const op = SIMPLE_OPS[expr.op]!;
      const value = expr.op === 'like' || expr.op === 'ilike' ? expr.value.replace(/\*/g, '%') : expr.value;
      if ('quantifier' in expr && expr.quantifier) {
        const arr = expr.op === 'like' || expr.op === 'ilike' ? value : expr.value;
        sql = `${lhs} ${op} ${expr.quantifier}(${params.add(arr)})`;
      } else {
        sql = `${lhs} ${op} ${params.add(value)}`;
      }
    }
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
      if (c.embed.countOnly) {
        const n = isToMany(c.embed) ? `(${j}->0->>'count')::bigint` : `(${j}->>'count')::bigint`;
        return c.isNull ? `${n} = 0` : `${n} > 0`;
      }
      if (isToMany(c.embed)) return c.isNull ? `json_array_length(${j}) = 0` : `json_array_length(${j}) > 0`;
      return c.isNull ? `${j} is null` : `${j} is not null`;
    }
    case 'embed-exists': {
      const e = c.embed;
      const child = e.node.table;
      const a = ident(`x${e.id}`);
      return `exists (select 1 from ${qualified(child.schema, child.name)} as ${a} where ${joinSql(e, alias, a, child.schema)} and ${conditionSql(a, c.condition, params)})`;
    }
    case 'logic': {
      if (!c.children.length) return c.negated ? 'false' : 'true';
      const inner = c.children.map((ch) => `(${conditionSql(alias, ch, params)})`).join(c.op === 'and' ? ' and ' : ' or ');
      return c.negated ? `not (${inner})` : `(${inner})`;
    }
  }
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
    const child = o.embed.node.table;
    expr = `(select ${fieldSql(c, o.field, params)} from ${qualified(child.schema, child.name)} as ${c} where ${joinSql(o.embed, alias, c, node.table.schema)} limit 1)`;
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
  order: string;
}

function usesEmbed(c: Condition, id: number): boolean {
  if (c.kind === 'embed-null') return c.embed.id === id;
  if (c.kind === 'logic') return c.children.some((ch) => usesEmbed(ch, id));
  return false;
}

/** Renders one node: its projection, lateral embeds, conditions and order. */
export function nodeSql(node: ReadNode, alias: string, source: string, params: Params, extraWhere: string[] = []): NodeSql {
  const cols: string[] = [];
  const laterals: { id: number; sql: string }[] = [];
  for (const e of node.embeds) laterals.push({ id: e.id, sql: embedLateral(e, alias, node.table.schema, params) });
  for (const p of node.projection) {
    if (p.kind === 'field') {
      cols.push(`${fieldSql(alias, p.field, params)}${p.cast ? castTo(p.cast) : ''} as ${ident(p.outName)}`);
    } else if (p.embed.spread) {
      for (const cp of p.embed.node.projection) {
        const name = cp.kind === 'field' ? cp.outName : cp.embed.outName;
        if (cp.kind === 'embed' && cp.embed.spread) {
          for (const inner of cp.embed.node.projection) {
            const n = inner.kind === 'field' ? inner.outName : inner.embed.outName;
            cols.push(`${lateralAlias(p.embed.id)}.${ident(n)} as ${ident(n)}`);
          }
        } else cols.push(`${lateralAlias(p.embed.id)}.${ident(name)} as ${ident(name)}`);
      }
    } else {
      cols.push(`${lateralAlias(p.embed.id)}."pgrst_j" as ${ident(p.embed.outName)}`);
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
    fromForCount: [base, ...laterals.filter((l) => node.where.some((c) => usesEmbed(c, l.id))).map((l) => l.sql)].join(' '),
    where: where.length ? ` where ${where.join(' and ')}` : '',
    order: order.length ? ` order by ${order.join(', ')}` : '',
  };
}

function limitSql(limit: number | undefined, offset: number | undefined, params: Params): string {
  let out = '';
  if (limit !== undefined) out += ` limit ${params.add(limit)}::bigint`;
  if (offset) out += ` offset ${params.add(offset)}::bigint`;
  return out;
}

/** Columns of a spread child are selected directly so the parent can lift them. */
function embedLateral(e: EmbedNode, parentAlias: string, schema: string, params: Params): string {
  const child = e.node.table;
  const c = tableAlias(e.id);
  const inner = nodeSql(e.node, c, qualified(child.schema, child.name), params, [joinSql(e, parentAlias, c, schema)]);
  const select = inner.select || 'null as "pgrst_none"';
  const sub = `select ${select} from ${inner.from}${inner.where}${inner.order}`;
  if (e.countOnly) {
    // Every related row that passes the embed's filters counts; its range does not apply.
    const count = `json_build_object('count', count(*))`;
    return `left join lateral (select ${isToMany(e) ? `json_build_array(${count})` : count} as "pgrst_j" from (${sub}) as "x") as ${lateralAlias(e.id)} on true`;
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
  opts: BodyOptions & { count: boolean; limit?: number; offset?: number; prefix?: string; params?: Params; extra?: string },
): BuiltQuery {
  const params = opts.params ?? new Params();
  const alias = tableAlias(0);
  const n = nodeSql(node, alias, source, params);
  const select = n.select || 'null as "pgrst_none"';
  let page: string;
  if (node.embeds.length && !node.where.some((c) => node.embeds.some((e) => usesEmbed(c, e.id)))) {
    // Page first, embed after: the lateral subqueries then run for the returned rows only, not
    // for every row the filter admits (a list with embeds stays cheap whatever the table size).
    const cols = neededColumns(node).map((c) => `${alias}.${ident(c)}`).join(', ') || '1';
    const inner = `(select ${cols} from ${n.base}${n.where}${n.order}${limitSql(opts.limit, opts.offset, params)})`;
    page = `select ${select} from ${inner} as ${alias} ${n.laterals}${n.order}`;
  } else {
    page = `select ${select} from ${n.from}${n.where}${n.order}${limitSql(opts.limit, opts.offset, params)}`;
  }
  const total = opts.count ? `(select count(*) from ${n.fromForCount}${n.where})` : 'null::bigint';
  const text = `${opts.prefix ?? ''}select ${total} as "total", count("t") as "page_total", ${bodySql(opts)} as "body", ${opts.extra ? `${opts.extra}, ` : ''}${RESPONSE_GUCS} from (${page}) as "t"`;
  return { text, values: params.values };
}

/** Every column a returning read needs from the written rows (projection, joins, order). */
export function neededColumns(node: ReadNode): string[] {
  const cols = new Set<string>();
  for (const p of node.projection) if (p.kind === 'field') cols.add(p.field.column.name);
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
  }
  else if (c.kind === 'logic') c.children.forEach((ch) => collectCondColumns(ch, out));
}
