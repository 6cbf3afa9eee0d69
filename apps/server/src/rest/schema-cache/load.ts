// pg_catalog introspection of the exposed schema: relations, columns, keys, foreign keys,
// functions and type names. Runs at start and on reload; a few queries, no per-table round trips.
import type { Queryable } from '@tagledger/db';
import { buildRelationships } from './relationships.js';
import type { Column, ForeignKey, Relationship, Routine, SchemaCache, Table } from './types.js';

const TABLES_SQL = `
select c.relname as name, c.relkind in ('v','m') as is_view,
       (c.relkind in ('r','p') or pg_relation_is_updatable(c.oid, true) & 8 = 8) as insertable,
       coalesce(json_agg(json_build_object(
         'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname,
         'nullable', not a.attnotnull,
         -- The default missing=default takes, as PostgREST's schema cache reads it: a domain's own
         -- default when the column has none, the next sequence value of a 'by default' identity
         -- (no pg_attrdef row), none for a stored generated column (its pg_attrdef row is the
         -- generation expression), else the column's default.
         'default', case when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
                         when a.attidentity = 'd'
                         then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                         when a.attgenerated = 's' then null
                         else pg_get_expr(d.adbin, d.adrelid) end) order by a.attnum)
         filter (where a.attnum is not null), '[]') as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r','p','v','m','f')
group by c.oid, c.relname, c.relkind`;

const KEYS_SQL = `
select cls.relname as table_name, con.contype as kind, con.conname as name,
       (select array_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
       fcls.relname as ref_table, fns.nspname as ref_schema,
       (select array_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
from pg_constraint con
join pg_class cls on cls.oid = con.conrelid
join pg_namespace ns on ns.oid = cls.relnamespace
left join pg_class fcls on fcls.oid = con.confrelid
left join pg_namespace fns on fns.oid = fcls.relnamespace
where ns.nspname = $1 and con.contype in ('p','u','f')
union all
select cls.relname, 'u', ic.relname,
       (select array_agg(a.attname order by k.ord) from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum),
       null, null, null
from pg_index i
join pg_class cls on cls.oid = i.indrelid
join pg_class ic on ic.oid = i.indexrelid
join pg_namespace ns on ns.oid = cls.relnamespace
where ns.nspname = $1 and i.indisunique and i.indpred is null and i.indexprs is null
  and not exists (select 1 from pg_constraint x where x.conindid = i.indexrelid)`;

// View column lineage: which base-table column a view column exposes (for inherited FKs).
const VIEW_COLUMNS_SQL = `
select distinct v.relname as view_name, dt.relname as base_table, da.attname as base_column
from pg_class v
join pg_namespace n on n.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refobjsubid > 0
join pg_class dt on dt.oid = d.refobjid and dt.oid <> v.oid
join pg_namespace dn on dn.oid = dt.relnamespace and dn.nspname = n.nspname
join pg_attribute da on da.attrelid = dt.oid and da.attnum = d.refobjsubid
where n.nspname = $1 and v.relkind in ('v','m')`;

const ROUTINES_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile as volatility,
       format_type(p.prorettype, null) as return_type, rt.typtype as ret_typtype, rt.typname as return_typname,
       p.prorows as rows,
       case when rt.typrelid <> 0 and rn.nspname = $1 then rc.relname end as return_table,
       p.pronargs as nargs, p.pronargdefaults as nargdefaults,
       coalesce(p.proargnames, '{}') as arg_names,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       (select coalesce(array_agg(format_type(x, null) order by o), '{}')
          from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)) as arg_types,
       (select coalesce(array_agg(tt.typname order by o), '{}')
          from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)
          join pg_type tt on tt.oid = u.x) as arg_typnames,
       (select coalesce(array_agg(coalesce(ac.relname, '') order by o), '{}')
          from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)
          join pg_type tt on tt.oid = u.x
          left join pg_class ac on ac.oid = tt.typrelid
            and ac.relnamespace = (select oid from pg_namespace where nspname = $1)) as arg_tables
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = $1 and p.prokind = 'f'`;

const TYPES_SQL = `
select distinct t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('pg_catalog', $1) and t.typtype in ('b','e','d','r','c','m')`;

// Changes whenever DDL touches the exposed schema (catalog rows get new xmins or go away), so a
// request naming something unknown can tell cheaply whether the cache is out of date.
const FINGERPRINT_SQL = `
select concat_ws('|',
  (select count(*) || ':' || coalesce(max(c.xmin::text::bigint), 0) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1),
  (select count(*) || ':' || coalesce(max(a.xmin::text::bigint), 0) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1),
  (select count(*) || ':' || coalesce(max(p.xmin::text::bigint), 0) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1),
  (select count(*) || ':' || coalesce(max(k.xmin::text::bigint), 0) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = $1)
) as fingerprint`;

export async function catalogFingerprint(db: Queryable, schema = 'public'): Promise<string> {
  const r = await db.query<{ fingerprint: string }>(FINGERPRINT_SQL, [schema]);
  return r.rows[0]?.fingerprint ?? '';
}

interface RawColumn {
  name: string;
  type: string;
  typname: string;
  nullable: boolean;
  default: string | null;
}

function pgArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) {
    // Both drivers return text[] as arrays; this is a safety net for name[] on older pg.
    return v
      .slice(1, -1)
      .split(',')
      .filter(Boolean)
      .map((s) => s.replace(/^"|"$/g, ''));
  }
  return [];
}

export async function loadSchemaCache(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const fingerprint = await catalogFingerprint(db, schema);
  const tablesRes = await db.query<{
    name: string;
    is_view: boolean;
    insertable: boolean;
    columns: RawColumn[] | string;
  }>(TABLES_SQL, [schema]);
  const tables = new Map<string, Table>();
  for (const row of tablesRes.rows) {
    const cols = (typeof row.columns === 'string' ? JSON.parse(row.columns) : row.columns) as RawColumn[];
    const columns = new Map<string, Column>();
    for (const c of cols) {
      columns.set(c.name, {
        name: c.name,
        type: c.type,
        typname: c.typname,
        nullable: c.nullable,
        defaultExpr: c.default,
      });
    }
    tables.set(row.name, {
      schema,
      name: row.name,
      isView: row.is_view,
      insertable: row.insertable,
      columns,
      columnOrder: cols.map((c) => c.name),
      primaryKey: [],
      uniques: [],
      computedFields: new Map(),
    });
  }

  const keys = await db.query<{
    table_name: string;
    kind: string;
    name: string;
    columns: unknown;
    ref_table: string | null;
    ref_schema: string | null;
    ref_columns: unknown;
  }>(KEYS_SQL, [schema]);
  const fks: ForeignKey[] = [];
  for (const k of keys.rows) {
    const t = tables.get(k.table_name);
    if (!t) continue;
    const columns = pgArray(k.columns);
    if (k.kind === 'p') {
      t.primaryKey = columns;
      t.uniques.push(columns);
    } else if (k.kind === 'u') t.uniques.push(columns);
    else if (k.kind === 'f' && k.ref_schema === schema && k.ref_table) {
      fks.push({
        name: k.name,
        fromTable: k.table_name,
        fromColumns: columns,
        toTable: k.ref_table,
        toColumns: pgArray(k.ref_columns),
      });
    }
  }

  // Views inherit FKs whose columns they expose unchanged (same name as the base column).
  const lineage = await db.query<{ view_name: string; base_table: string; base_column: string }>(VIEW_COLUMNS_SQL, [
    schema,
  ]);
  const exposes = new Map<string, Set<string>>(); // view → "base.col"
  for (const l of lineage.rows) {
    const view = tables.get(l.view_name);
    if (!view || !view.columns.has(l.base_column)) continue;
    let set = exposes.get(l.view_name);
    if (!set) exposes.set(l.view_name, (set = new Set()));
    set.add(`${l.base_table}.${l.base_column}`);
  }
  const inherited: ForeignKey[] = [];
  for (const [view, set] of exposes) {
    const covers = (table: string, cols: string[]) => cols.every((c) => set.has(`${table}.${c}`));
    for (const fk of fks) {
      if (covers(fk.fromTable, fk.fromColumns)) inherited.push({ ...fk, fromTable: view });
      if (covers(fk.toTable, fk.toColumns)) inherited.push({ ...fk, toTable: view });
    }
  }

  const routines = new Map<string, Routine[]>();
  const procs = await db.query<{
    name: string;
    returns_set: boolean;
    volatility: 'v' | 's' | 'i';
    return_type: string;
    ret_typtype: string;
    return_table: string | null;
    nargs: number;
    nargdefaults: number;
    arg_names: unknown;
    arg_modes: unknown;
    arg_types: unknown;
    arg_typnames: unknown;
    return_typname: string;
    rows: number | string;
    arg_tables: unknown;
  }>(ROUTINES_SQL, [schema]);
  for (const p of procs.rows) {
    const names = pgArray(p.arg_names);
    const modes = pgArray(p.arg_modes);
    const types = pgArray(p.arg_types);
    const typnames = pgArray(p.arg_typnames);
    const relnames = pgArray(p.arg_tables);
    const args: Routine['args'] = [];
    const argTables: Routine['argTables'] = [];
    const outs: Column[] = [];
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const name = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        args.push({ name, type, hasDefault: false, variadic: mode === 'v' });
        argTables.push(relnames[i] || undefined);
      }
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outs.push({ name, type, typname: typnames[i] ?? '', nullable: true, defaultExpr: null });
      }
    });
    // The last pronargdefaults input arguments have defaults.
    for (let i = args.length - p.nargdefaults; i < args.length; i++) if (args[i]) args[i]!.hasDefault = true;
    const routine: Routine = {
      schema,
      name: p.name,
      args,
      returnType: p.return_type,
      returnTypname: p.return_typname,
      rows: Number(p.rows),
      argTables,
      returnsSet: p.returns_set,
      returnsVoid: p.return_type === 'void',
      returnTable: p.return_table && tables.has(p.return_table) ? p.return_table : undefined,
      returnColumns: outs.length > 1 || (outs.length === 1 && p.ret_typtype === 'c') ? outs : undefined,
      volatility: p.volatility,
    };
    const list = routines.get(p.name) ?? [];
    list.push(routine);
    routines.set(p.name, list);
  }

  addComputedFields(tables, routines);
  const typesRes = await db.query<{ typname: string }>(TYPES_SQL, [schema]);
  const typeNames = new Set(typesRes.rows.map((r) => r.typname.toLowerCase()));

  return {
    schema,
    tables,
    relationships: [...computedRelationships(tables, routines), ...buildRelationships(tables, [...fks, ...inherited])],
    routines,
    typeNames,
    fingerprint,
  };
}

/** The table a routine computes something for: its only argument is that table's row type. */
function rowArgument(r: Routine): string | undefined {
  return r.args.length === 1 && !r.args[0]!.variadic ? r.argTables[0] : undefined;
}

/** Functions `f(t) returns scalar` become computed fields of `t` (columns win over a same name). */
function addComputedFields(tables: Map<string, Table>, routines: Map<string, Routine[]>): void {
  for (const list of routines.values()) {
    for (const r of list) {
      const table = tables.get(rowArgument(r) ?? '');
      if (!table || r.returnsSet || r.returnsVoid || r.returnTable || r.returnColumns) continue;
      if (table.columns.has(r.name)) continue;
      table.computedFields.set(r.name, {
        name: r.name,
        type: r.returnType,
        typname: r.returnTypname,
        nullable: true,
        defaultExpr: null,
      });
    }
  }
}

/** Functions `f(t) returns [setof] u` (u an exposed table) become computed relationships t → u. */
function computedRelationships(tables: Map<string, Table>, routines: Map<string, Routine[]>): Relationship[] {
  const out: Relationship[] = [];
  for (const list of routines.values()) {
    for (const r of list) {
      const from = rowArgument(r);
      if (!from || !tables.has(from) || !r.returnTable) continue;
      out.push({
        from,
        to: r.returnTable,
        cardinality: r.returnsSet && r.rows !== 1 ? 'o2m' : 'm2o',
        pairs: [],
        constraint: r.name,
        computed: { schema: r.schema, name: r.name },
      });
    }
  }
  return out;
}
