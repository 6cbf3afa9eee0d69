// Renders the current schema of a migrated database as readable SQL, straight from pg_catalog
// (so it works on PGlite, which has no pg_dump). Every list is sorted by name, so the text only
// changes when the schema does. The text describes the result of all migrations; it is not meant
// to be run (migrations stay the one way to change a database).
import type { Queryable } from './queryable.js';

/** The schemas our migrations own; PostgreSQL's own (pg_catalog, information_schema, pg_toast) are left out. */
const OWN_SCHEMAS_SQL = `
select n.oid, n.nspname as name, coalesce(n.nspacl::text[], '{}') as acl
from pg_namespace n
where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_temp%'
  and n.nspname not like 'pg\\_toast\\_temp%'
order by n.nspname`;

// Objects that belong to an extension are the extension's, not ours.
const NOT_FROM_EXTENSION = (classid: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${classid}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

const TYPES_SQL = `
select t.typname as name, t.typtype as kind,
       (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels,
       format_type(t.typbasetype, t.typtypmod) as base_type, t.typnotnull as not_null,
       (select string_agg(pg_get_constraintdef(c.oid), ' ' order by c.conname) from pg_constraint c where c.contypid = t.oid) as checks,
       (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
          from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as attributes
from pg_type t
where t.typnamespace = $1 and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
  and ${NOT_FROM_EXTENSION('pg_type', 't.oid')}
order by t.typname`;

const RELATIONS_SQL = `
select c.oid, c.relname as name, c.relkind as kind, c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
       coalesce(c.relacl::text[], '{}') as acl,
       case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as view_def,
       case when c.relkind = 'p' then pg_get_partkeydef(c.oid) end as partition_key
from pg_class c
where c.relnamespace = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}
  -- Partitions come and go with the data (one a month for the scans): the parent describes them.
  and not c.relispartition
order by c.relname`;

const COLUMNS_SQL = `
select a.attrelid as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
       a.attidentity as identity, a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid) as default_expr,
       coalesce(a.attacl::text[], '{}') as acl
from pg_attribute a
join pg_class c on c.oid = a.attrelid
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where c.relnamespace = $1 and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
select c.conrelid as rel, c.conname as name, pg_get_constraintdef(c.oid, true) as def
from pg_constraint c join pg_class r on r.oid = c.conrelid
where r.relnamespace = $1 and c.contype not in ('t', 'n')
order by c.conrelid, c.conname`;

const INDEXES_SQL = `
select i.indrelid as rel, ic.relname as name, pg_get_indexdef(i.indexrelid) as def
from pg_index i join pg_class ic on ic.oid = i.indexrelid
where ic.relnamespace = $1 and not ic.relispartition
  and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
order by ic.relname`;

const POLICIES_SQL = `
select p.polrelid as rel, p.polname as name, p.polpermissive as permissive,
       case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end as command,
       (select string_agg(case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end, ', ' order by 1)
          from unnest(p.polroles) r) as roles,
       pg_get_expr(p.polqual, p.polrelid) as using_expr, pg_get_expr(p.polwithcheck, p.polrelid) as check_expr
from pg_policy p join pg_class c on c.oid = p.polrelid
where c.relnamespace = $1
order by p.polrelid, p.polname`;

const TRIGGERS_SQL = `
select t.tgrelid as rel, t.tgname as name, pg_get_triggerdef(t.oid, true) as def
from pg_trigger t join pg_class c on c.oid = t.tgrelid
where c.relnamespace = $1 and not t.tgisinternal
order by t.tgname`;

const FUNCTIONS_SQL = `
select p.proname as name, pg_get_function_identity_arguments(p.oid) as identity_args,
       pg_get_functiondef(p.oid) as def, coalesce(p.proacl::text[], '{}') as acl, p.prokind as kind
from pg_proc p
where p.pronamespace = $1 and p.prokind in ('f', 'p') and ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
order by p.proname, pg_get_function_identity_arguments(p.oid)`;

const EXTENSIONS_SQL = `
select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
where e.extname <> 'plpgsql' order by e.extname`;

const DEFAULT_PRIVILEGES_SQL = `
select pg_get_userbyid(d.defaclrole) as owner, n.nspname as schema, d.defaclobjtype as kind, d.defaclacl::text[] as acl
from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
order by 2, 1, 3`;

type Row = Record<string, unknown>;
const str = (v: unknown) => (v == null ? '' : String(v));
const ident = (name: string) => (/^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

/** Both drivers return text[] as arrays; PGlite may hand back the literal form for some array types. */
function textArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{') && v.length > 2)
    return v
      .slice(1, -1)
      .match(/"(?:[^"\\]|\\.)*"|[^,]+/g)!
      .map((s) => (s.startsWith('"') ? s.slice(1, -1).replace(/\\(.)/g, '$1') : s));
  return [];
}

const PRIVILEGE_NAMES: Record<string, string> = {
  r: 'select',
  a: 'insert',
  w: 'update',
  d: 'delete',
  D: 'truncate',
  x: 'references',
  t: 'trigger',
  X: 'execute',
  U: 'usage',
  C: 'create',
  c: 'connect',
  T: 'temporary',
  m: 'maintain',
};

/**
 * One `grant` line per grantee from an aclitem list ("grantee=privs/grantor"). The owner's own
 * entry is left out: owners hold every privilege anyway and the owner differs between drivers.
 */
function grantLines(acl: string[], on: string, owner: string, columns = ''): string[] {
  const lines: string[] = [];
  for (const item of acl) {
    const m = /^(.*)=([a-zA-Z*]*)\/(.*)$/.exec(item);
    if (!m) continue;
    const grantee = m[1] === '' ? 'public' : m[1]!.replace(/^"|"$/g, '');
    if (grantee === owner) continue;
    const privileges = [...m[2]!.replace(/\*/g, '')]
      .map((p) => PRIVILEGE_NAMES[p] ?? p)
      .sort()
      .join(', ');
    lines.push(`grant ${privileges}${columns} on ${on} to ${grantee === 'public' ? 'public' : ident(grantee)};`);
  }
  return lines.sort();
}

export async function renderSchemaSql(db: Queryable): Promise<string> {
  const owner = String((await db.query<Row>('select current_user as u')).rows[0]!.u);
  const out: string[] = [
    '-- The current schema, generated by `npm run db:generate` from a freshly migrated database.',
    '-- Read it to see what all the migrations add up to; do not edit it or run it. Change the schema',
    '-- with a new migration in packages/db/migrations, then regenerate (a test fails when this is stale).',
    '',
  ];
  const extensions = (await db.query<Row>(EXTENSIONS_SQL)).rows;
  for (const e of extensions) out.push(`create extension ${ident(str(e.name))} with schema ${ident(str(e.schema))};`);
  const defaults = (await db.query<Row>(DEFAULT_PRIVILEGES_SQL)).rows;
  const kinds: Record<string, string> = { r: 'tables', S: 'sequences', f: 'functions', T: 'types', n: 'schemas' };
  for (const d of defaults) {
    const target = kinds[str(d.kind)] ?? str(d.kind);
    const scope = `alter default privileges${d.schema ? ` in schema ${ident(str(d.schema))}` : ''}`;
    for (const line of grantLines(textArray(d.acl), target, str(d.owner))) out.push(`${scope} ${line}`);
  }
  if (extensions.length || defaults.length) out.push('');

  for (const schema of (await db.query<Row>(OWN_SCHEMAS_SQL)).rows) {
    out.push(...(await renderSchema(db, schema, owner)));
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

async function renderSchema(db: Queryable, schema: Row, owner: string): Promise<string[]> {
  const name = str(schema.name);
  const q = async (sql: string) => (await db.query<Row>(sql, [schema.oid])).rows;
  const [types, relations, columns, constraints, indexes, policies, triggers, functions] = await Promise.all([
    q(TYPES_SQL),
    q(RELATIONS_SQL),
    q(COLUMNS_SQL),
    q(CONSTRAINTS_SQL),
    q(INDEXES_SQL),
    q(POLICIES_SQL),
    q(TRIGGERS_SQL),
    q(FUNCTIONS_SQL),
  ]);
  const byRel = (rows: Row[], rel: unknown) => rows.filter((r) => String(r.rel) === String(rel));
  const out: string[] = [`-- ${'='.repeat(96)}`, `-- schema ${name}`, `-- ${'='.repeat(96)}`, ''];
  if (name !== 'public') out.push(`create schema ${ident(name)};`);
  out.push(...grantLines(textArray(schema.acl), `schema ${ident(name)}`, owner), '');

  for (const t of types) {
    const qualified = `${ident(name)}.${ident(str(t.name))}`;
    if (t.kind === 'e')
      out.push(
        `create type ${qualified} as enum (${textArray(t.labels)
          .map((l) => `'${l.replace(/'/g, "''")}'`)
          .join(', ')});`,
      );
    else if (t.kind === 'd')
      out.push(
        `create domain ${qualified} as ${str(t.base_type)}${t.not_null ? ' not null' : ''}${t.checks ? ` ${str(t.checks)}` : ''};`,
      );
    else out.push(`create type ${qualified} as (${str(t.attributes)});`);
  }
  if (types.length) out.push('');

  for (const rel of relations) {
    const qualified = `${ident(name)}.${ident(str(rel.name))}`;
    const kind = str(rel.kind);
    if (kind === 'S') {
      out.push(`create sequence ${qualified};`, ...grantLines(textArray(rel.acl), `sequence ${qualified}`, owner), '');
      continue;
    }
    if (kind === 'v' || kind === 'm') {
      const keyword = kind === 'm' ? 'materialized view' : 'view';
      out.push(`create ${keyword} ${qualified} as`, str(rel.view_def).trimEnd().replace(/;?$/, ';'));
    } else {
      const body = byRel(columns, rel.oid).map((c) => `  ${columnDefinition(c)}`);
      body.push(...byRel(constraints, rel.oid).map((c) => `  constraint ${ident(str(c.name))} ${str(c.def)}`));
      const partitioned = rel.partition_key ? ` partition by ${str(rel.partition_key)}` : '';
      out.push(
        `create ${kind === 'f' ? 'foreign table' : 'table'} ${qualified} (`,
        body.join(',\n'),
        `)${partitioned};`,
      );
    }
    for (const i of byRel(indexes, rel.oid)) out.push(`${str(i.def)};`);
    if (rel.rls) out.push(`alter table ${qualified} enable row level security;`);
    if (rel.force_rls) out.push(`alter table ${qualified} force row level security;`);
    for (const p of byRel(policies, rel.oid)) out.push(policyStatement(p, qualified));
    for (const t of byRel(triggers, rel.oid)) out.push(`${str(t.def)};`);
    out.push(...grantLines(textArray(rel.acl), `table ${qualified}`, owner));
    for (const c of byRel(columns, rel.oid))
      out.push(...grantLines(textArray(c.acl), `table ${qualified}`, owner, ` (${ident(str(c.name))})`));
    out.push('');
  }

  for (const f of functions) {
    out.push(str(f.def).trimEnd() + ';');
    const signature = `${ident(name)}.${ident(str(f.name))}(${str(f.identity_args)})`;
    out.push(...grantLines(textArray(f.acl), `${f.kind === 'p' ? 'procedure' : 'function'} ${signature}`, owner), '');
  }
  return out;
}

function columnDefinition(c: Row): string {
  let def = `${ident(str(c.name))} ${str(c.type)}`;
  if (c.identity === 'a') def += ' generated always as identity';
  else if (c.identity === 'd') def += ' generated by default as identity';
  else if (c.generated === 's') def += ` generated always as (${str(c.default_expr)}) stored`;
  else if (c.default_expr != null) def += ` default ${str(c.default_expr)}`;
  if (c.not_null) def += ' not null';
  return def;
}

function policyStatement(p: Row, qualified: string): string {
  let s = `create policy ${ident(str(p.name))} on ${qualified}`;
  if (!p.permissive) s += ' as restrictive';
  s += ` for ${str(p.command)} to ${str(p.roles)}`;
  if (p.using_expr != null) s += `\n  using (${str(p.using_expr)})`;
  if (p.check_expr != null) s += `\n  with check (${str(p.check_expr)})`;
  return s + ';';
}
