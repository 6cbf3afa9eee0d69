// Main statements for writes and RPC (§B.6). Every statement returns one row:
// total (bigint|null), page_total (rows written/returned) and body (text|null).
import type {
  CallPlan,
  Condition,
  DeletePlan,
  EmbedNode,
  InsertPlan,
  ReadNode,
  ResolvedField,
  UpdatePlan,
} from '../plan/types.js';
import type { Table } from '../schema-cache/types.js';
import { ident, literal, Params, qualified } from './fragment.js';
import {
  bodySql,
  conditionSql,
  csvBodySql,
  neededColumns,
  readQuery,
  RESPONSE_GUCS,
  tableAlias,
  type BodyOptions,
  type BuiltQuery,
} from './query-builder.js';

const rel = (t: Table) => qualified(t.schema, t.name);

/** One RETURNING item: a column, or a computed field evaluated on the written row under its name. */
function returnedColumn(alias: string, table: Table, name: string): string {
  if (table.columns.has(name) || !table.computedFields.has(name)) return `${alias}.${ident(name)}`;
  return `${qualified(table.schema, name)}(${alias}) as ${ident(name)}`;
}

/**
 * Computed relationships take the written row itself: RETURNING then also carries the whole row
 * (a whole-row reference, typed as the table) under this name, and only then — a whole-row
 * reference needs SELECT on every column, as the same embed on a read does.
 */
const WRITTEN_ROW = 'pgrst_row';

function needsWrittenRow(returning: InsertPlan['returning']): boolean {
  return !!returning?.embeds.some((e) => e.relationship.computed);
}

/**
 * The returned rows are read from the statement's RETURNING list, where computed fields already
 * are columns (returnedColumn): the read takes them by name instead of calling the function again,
 * and computed relationships take the whole written row from its column.
 */
function computedAsColumns(node: ReadNode): ReadNode {
  const plain = (f: ResolvedField): ResolvedField => ({ column: f.column, jsonPath: f.jsonPath });
  // Projection, filters and order refer to the embeds themselves: they must see the same copies.
  const copies = new Map<EmbedNode, EmbedNode>(
    node.embeds.map((e) => [e, e.relationship.computed ? { ...e, parentRow: WRITTEN_ROW } : e]),
  );
  const embed = (e: EmbedNode) => copies.get(e) ?? e;
  const condition = (c: Condition): Condition =>
    c.kind === 'filter'
      ? { ...c, field: plain(c.field) }
      : c.kind === 'logic'
        ? { ...c, children: c.children.map(condition) }
        : c.kind === 'embed-null' || c.kind === 'embed-exists'
          ? { ...c, embed: embed(c.embed) }
          : c;
  return {
    ...node,
    projection: node.projection.map((p) =>
      p.kind === 'field' ? { ...p, field: plain(p.field) } : p.kind === 'embed' ? { ...p, embed: embed(p.embed) } : p,
    ),
    where: node.where.map(condition),
    order: node.order.map((o) => (o.embed ? { ...o, embed: embed(o.embed) } : { ...o, field: plain(o.field) })),
    embeds: node.embeds.map(embed),
  };
}

/**
 * Minimal writes use `RETURNING 1`: returning real columns would make PostgreSQL require the
 * SELECT policy to admit the written row (the RLS subtlety apps rely on, §B.6).
 */
function wrap(dml: string, returning: InsertPlan['returning'], params: Params, opts: BodyOptions): BuiltQuery {
  if (!returning) {
    return {
      text: `with "pgrst_source" as (${dml} returning 1) select null::bigint as "total", count(*) as "page_total", null::text as "body", ${RESPONSE_GUCS} from "pgrst_source"`,
      values: params.values,
    };
  }
  return readQuery(computedAsColumns(returning), '"pgrst_source"', {
    ...opts,
    count: undefined,
    params,
    prefix: `with "pgrst_source" as (${dml}) `,
  });
}

/**
 * Merge upserts also report how many rows were inserted (`xmax = 0` marks a row version this
 * statement created rather than updated), so the response can answer 201 vs 200 (§B.5.3).
 * Referencing `xmax` would make PostgreSQL apply the SELECT policies to the written rows, which is
 * why plain inserts and ignore-duplicates keep `RETURNING 1`; `ON CONFLICT DO UPDATE` already
 * enforces the SELECT policies on the existing and the new row whatever it returns, so here it
 * adds no requirement (tested in test/rest/upsert-status.int.test.ts).
 */
function wrapMerge(
  dml: string,
  table: Table,
  cols: string[],
  returning: InsertPlan['returning'],
  params: Params,
  opts: BodyOptions,
): BuiltQuery {
  const ins = `("pgrst_t"."xmax" = 0) as "pgrst_inserted"`;
  const inserted = `(select count(*) filter (where "pgrst_inserted") from "pgrst_written") as "inserted"`;
  if (!returning) {
    return {
      text: `with "pgrst_written" as (${dml} returning ${ins}) select null::bigint as "total", count(*) as "page_total", null::text as "body", ${inserted}, ${RESPONSE_GUCS} from "pgrst_written"`,
      values: params.values,
    };
  }
  const list = cols.map((c) => returnedColumn('"pgrst_t"', table, c));
  const kept = cols.map(ident);
  if (needsWrittenRow(returning)) {
    list.push(`"pgrst_t" as ${ident(WRITTEN_ROW)}`);
    kept.push(ident(WRITTEN_ROW));
  }
  const prefix =
    `with "pgrst_written" as (${dml} returning ${[...list, ins].join(', ')}), ` +
    `"pgrst_source" as (select ${kept.length ? kept.join(', ') : '1'} from "pgrst_written") `;
  return readQuery(computedAsColumns(returning), '"pgrst_source"', {
    ...opts,
    count: undefined,
    params,
    prefix,
    extra: inserted,
  });
}

function insertReturningColumns(plan: InsertPlan): string[] {
  if (!plan.returning) return [];
  const cols = neededColumns(plan.returning);
  for (const c of plan.locationColumns) if (!cols.includes(c)) cols.push(c);
  return cols;
}

function returningList(alias: string, plan: InsertPlan | UpdatePlan | DeletePlan): string {
  if (!plan.returning) return '';
  const cols = plan.kind === 'insert' ? insertReturningColumns(plan) : neededColumns(plan.returning);
  const items = cols.map((c) => returnedColumn(alias, plan.table, c));
  if (needsWrittenRow(plan.returning)) items.push(`${alias} as ${ident(WRITTEN_ROW)}`);
  // RETURNING needs at least one expression; `1` keeps the SELECT policy out of it.
  return ` returning ${items.length ? items.join(', ') : '1'}`;
}

/**
 * A body row as jsonb; with missing=default, laid over the defaults of the inserted columns as
 * PostgREST 13 does (`jsonb_build_object(col, default, …) || row`). Every default is evaluated for
 * every row, keys given or not, so an identity or serial column draws its sequence once per row:
 * `[{ id: 100 }, {}]` takes two values and the second row gets the later one, the ids PostgREST
 * hands out. Default expressions are catalog text (pg_get_expr), never request text.
 */
function rowWithDefaults(plan: InsertPlan): string {
  const row = '"pgrst_body"."j"';
  if (!plan.missingDefault) return row;
  const pairs = plan.columns.flatMap((name) => {
    const expr = plan.table.columns.get(name)!.defaultExpr;
    return expr ? [`${literal(name)}, ${expr}`] : [];
  });
  return pairs.length ? `jsonb_build_object(${pairs.join(', ')}) || ${row}` : row;
}

export function insertQuery(plan: InsertPlan, opts: BodyOptions): BuiltQuery {
  const params = new Params();
  const t = plan.table;
  const body = params.add(JSON.stringify(plan.rows));
  const exprs = plan.columns.map((name) => `"pgrst_rec".${ident(name)}`);
  const target = `${rel(t)} as "pgrst_t"`;
  const colList = plan.columns.length ? ` (${plan.columns.map(ident).join(', ')})` : '';
  let dml =
    `insert into ${target}${colList} select ${exprs.join(', ')} ` +
    `from jsonb_array_elements(${body}::jsonb) with ordinality as "pgrst_body"("j", "n") ` +
    `cross join lateral jsonb_populate_record(null::${rel(t)}, ${rowWithDefaults(plan)}) as "pgrst_rec" order by "pgrst_body"."n"`;
  if (plan.onConflict) {
    const target = `(${plan.onConflict.columns.map(ident).join(', ')})`;
    const updatable = plan.columns;
    if (plan.onConflict.action === 'ignore' || !updatable.length) {
      dml += ` on conflict ${target} do nothing`;
    } else {
      dml += ` on conflict ${target} do update set ${updatable.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
      return wrapMerge(dml, t, insertReturningColumns(plan), plan.returning, params, opts);
    }
  }
  dml += returningList('"pgrst_t"', plan);
  return wrap(dml, plan.returning, params, opts);
}

export function updateQuery(plan: UpdatePlan, opts: BodyOptions): BuiltQuery {
  const params = new Params();
  const t = plan.table;
  const alias = tableAlias(0);
  const body = params.add(JSON.stringify(plan.row));
  const sets = plan.columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`);
  const where = plan.where.map((c) => conditionSql(alias, c, params));
  const dml =
    `update ${rel(t)} as ${alias} set ${sets.join(', ')} ` +
    `from (select * from jsonb_populate_record(null::${rel(t)}, ${body}::jsonb)) as "pgrst_body"` +
    `${where.length ? ` where ${where.join(' and ')}` : ''}${returningList(alias, plan)}`;
  return wrap(dml, plan.returning, params, opts);
}

export function deleteQuery(plan: DeletePlan, opts: BodyOptions): BuiltQuery {
  const params = new Params();
  const alias = tableAlias(0);
  const where = plan.where.map((c) => conditionSql(alias, c, params));
  const dml = `delete from ${rel(plan.table)} as ${alias}${where.length ? ` where ${where.join(' and ')}` : ''}${returningList(alias, plan)}`;
  return wrap(dml, plan.returning, params, opts);
}

/** `"public"."fn"("a" := "pgrst_args"."a", …)` with the arguments typed by the catalog. */
function callSql(plan: CallPlan, params: Params): { call: string; from: string } {
  const r = plan.routine;
  const given = r.args.filter((a) => Object.hasOwn(plan.args, a.name));
  const fn = qualified(r.schema, r.name);
  if (!given.length) return { call: `${fn}()`, from: '' };
  const defs = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const args = given
    .map(
      (a) =>
        `${a.variadic ? 'variadic ' : ''}${a.positional ? '' : `${ident(a.name)} := `}"pgrst_args".${ident(a.name)}`,
    )
    .join(', ');
  const p = params.add(JSON.stringify(plan.args));
  return { call: `${fn}(${args})`, from: ` from jsonb_to_record(${p}::jsonb) as "pgrst_args"(${defs})` };
}

export function callQuery(plan: CallPlan, opts: BodyOptions & { limit?: number; offset?: number }): BuiltQuery {
  const params = new Params();
  const { call, from } = callSql(plan, params);
  if (plan.shape === 'void') {
    return {
      text: `select null::bigint as "total", 1 as "page_total", null::text as "body", ${RESPONSE_GUCS} from (select ${call}::text as "v"${from}) as "t"`,
      values: params.values,
    };
  }
  if (plan.shape === 'scalar') {
    const body = `coalesce((json_agg("t"."pgrst_scalar")->0)::text, 'null')`;
    return {
      text: `select null::bigint as "total", 1 as "page_total", ${body} as "body", ${RESPONSE_GUCS} from (select ${call} as "pgrst_scalar"${from}) as "t"`,
      values: params.values,
    };
  }
  if (plan.shape === 'set-scalar') {
    // CSV names the column after the function, as PostgREST does.
    const page = `select ${call} as ${opts.csv ? ident(plan.routine.name) : '"pgrst_scalar"'}${from}`;
    const planRows =
      plan.count === 'planned' || plan.count === 'estimated' ? { text: page, values: [...params.values] } : undefined;
    const lim = `${opts.limit !== undefined ? ` limit ${params.add(opts.limit)}::bigint` : ''}${opts.offset ? ` offset ${params.add(opts.offset)}::bigint` : ''}`;
    const exact = plan.count === 'exact' || plan.count === 'estimated';
    const total = exact ? `(select count(*) from (${page}) as "c")` : 'null::bigint';
    const body = opts.csv
      ? csvBodySql()
      : opts.singular
        ? `coalesce((json_agg("t"."pgrst_scalar")->0)::text, 'null')`
        : `coalesce(json_agg("t"."pgrst_scalar"), '[]')::text`;
    return {
      text: `select ${total} as "total", count(*) as "page_total", ${body} as "body", ${RESPONSE_GUCS} from (${page}${lim}) as "t"`,
      values: params.values,
      ...(planRows ? { planRows } : {}),
    };
  }
  // Composite results: the function's rows are a relation for select/filters/order/embeds.
  const source = `(select "pgrst_f".*${from ? `${from} cross join lateral ${call} as "pgrst_f"` : ` from ${call} as "pgrst_f"`})`;
  const singular = opts.singular || plan.shape === 'composite';
  return readQuery(plan.read!, source, {
    ...opts,
    singular,
    count: plan.count,
    params,
    ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    ...(opts.offset !== undefined ? { offset: opts.offset } : {}),
  });
}

export { bodySql };
