// Renders the TypeScript `Database` type of the exposed schema from pg_catalog, in the shape
// `supabase gen types typescript` gives it (Tables/Views with Row, Insert, Update and
// Relationships; Functions with Args and Returns; Enums; CompositeTypes), so that
// `createClient<Database>` types every query the web app writes.
import type { Queryable } from './queryable.js';

const RELATIONS_SQL = `
select c.oid, c.relname as name, c.relkind in ('v', 'm') as is_view,
       c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid, true) & 12 = 12 as writable
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by c.relname`;

const COLUMNS_SQL = `
select a.attrelid as rel, a.attname as name, a.atttypid as type_oid, not a.attnotnull as nullable,
       a.attidentity <> '' or a.atthasdef as has_default, a.attgenerated <> '' or a.attidentity = 'a' as generated
from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and a.attnum > 0 and not a.attisdropped
order by a.attname`;

// Foreign keys between relations of the exposed schema: the embeds PostgREST can resolve.
const FOREIGN_KEYS_SQL = `
select c.conname as name, r.relname as relation, f.relname as referenced,
       (select array_agg(a.attname order by k.ord) from unnest(c.conkey) with ordinality k(n, ord)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as columns,
       (select array_agg(a.attname order by k.ord) from unnest(c.confkey) with ordinality k(n, ord)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as referenced_columns,
       exists (select 1 from pg_constraint u where u.conrelid = c.conrelid and u.contype in ('p', 'u')
                 and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(c.conkey) x)) as one_to_one
from pg_constraint c
join pg_class r on r.oid = c.conrelid join pg_namespace rn on rn.oid = r.relnamespace
join pg_class f on f.oid = c.confrelid join pg_namespace fn on fn.oid = f.relnamespace
where c.contype = 'f' and rn.nspname = $1 and fn.nspname = $1
order by c.conname`;

// Functions callable through /rest/v1/rpc: trigger and event-trigger functions are not.
const FUNCTIONS_SQL = `
select p.proname as name, p.prorettype as return_oid, p.proretset as returns_set, p.pronargdefaults as nargdefaults,
       coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
       coalesce(p.proallargtypes, p.proargtypes::oid[]) as arg_types
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = $1 and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
order by p.proname, pg_get_function_identity_arguments(p.oid)`;

const TYPES_SQL = `
select t.oid, t.typname as name, t.typtype as kind, t.typelem as element, t.typcategory as category,
       n.nspname as schema, t.typrelid as relid, t.typbasetype as base,
       (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('pg_catalog', $1)`;

type Row = Record<string, unknown>;

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING_CATEGORIES = new Set(['S', 'D', 'T', 'I', 'U', 'V', 'B']);

function textArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.length > 2) return v.slice(1, -1).split(',');
  return [];
}

/** A property key as TypeScript needs it: bare when it is an identifier, quoted otherwise. */
const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

export async function renderDatabaseTypes(db: Queryable, schema = 'public'): Promise<string> {
  const q = async (sql: string) => (await db.query<Row>(sql, [schema])).rows;
  const [relations, columns, foreignKeys, functions, types] = await Promise.all([
    q(RELATIONS_SQL),
    q(COLUMNS_SQL),
    q(FOREIGN_KEYS_SQL),
    q(FUNCTIONS_SQL),
    q(TYPES_SQL),
  ]);
  const typeByOid = new Map(types.map((t) => [String(t.oid), t]));
  const relationByOid = new Map(relations.map((r) => [String(r.oid), r]));
  const ref = (section: string, name: string) =>
    `Database[${JSON.stringify(schema)}][${JSON.stringify(section)}][${JSON.stringify(name)}]`;

  const tsType = (oid: unknown): string => {
    const t = typeByOid.get(String(oid));
    if (!t) return 'unknown';
    const name = String(t.name);
    if (t.category === 'A' && Number(t.element) !== 0) {
      const element = tsType(t.element);
      return `${/[ |]/.test(element) ? `(${element})` : element}[]`;
    }
    if (t.kind === 'e') return t.schema === schema ? ref('Enums', name) : 'string';
    if (t.kind === 'd') return tsType(t.base);
    if (t.kind === 'c') {
      const rel = relationByOid.get(String(t.relid));
      if (rel) return ref(rel.is_view ? 'Views' : 'Tables', String(rel.name)) + '["Row"]';
      return t.schema === schema ? ref('CompositeTypes', name) : 'Record<string, unknown>';
    }
    if (name === 'bool') return 'boolean';
    if (NUMBER_TYPES.has(name)) return 'number';
    if (name === 'json' || name === 'jsonb') return 'Json';
    if (name === 'void') return 'undefined';
    if (name === 'record') return 'Record<string, unknown>';
    if (STRING_CATEGORIES.has(String(t.category))) return 'string';
    return 'unknown';
  };

  // Where we are wider than supabase's shape (see decision 0085): a column of `returns table (...)`
  // may be null (PostgreSQL cannot declare it not null, so a null answered there is typed as one);
  // an argument may be null (PostgREST passes JSON null as SQL NULL, and our functions read it as
  // "not given", e.g. admin_save_token_package's p_id), and so may an array argument's elements
  // (quote_asset_cost reads a null duration as "not known yet").
  const argType = (oid: unknown): string => {
    const t = typeByOid.get(String(oid));
    if (t?.category !== 'A' || Number(t.element) === 0) return `${tsType(oid)} | null`;
    return `(${tsType(t.element)} | null)[] | null`;
  };

  const columnsOf = (rel: Row) => columns.filter((c) => String(c.rel) === String(rel.oid));
  const fields = (entries: string[], indent: string) =>
    entries.length
      ? `{\n${entries.map((e) => `${indent}  ${e}`).join('\n')}\n${indent}}`
      : '{\n' + indent + '  [_ in never]: never\n' + indent + '}';

  const relationEntry = (rel: Row, indent: string): string => {
    const cols = columnsOf(rel);
    const nullable = (c: Row) => (c.nullable || rel.is_view ? ' | null' : '');
    const row = cols.map((c) => `${key(String(c.name))}: ${tsType(c.type_oid)}${nullable(c)}`);
    const insert = cols.map((c) =>
      c.generated
        ? `${key(String(c.name))}?: never`
        : `${key(String(c.name))}${c.nullable || c.has_default || rel.is_view ? '?' : ''}: ${tsType(c.type_oid)}${nullable(c)}`,
    );
    const update = cols.map((c) =>
      c.generated ? `${key(String(c.name))}?: never` : `${key(String(c.name))}?: ${tsType(c.type_oid)}${nullable(c)}`,
    );
    const relationships = foreignKeys
      .filter((fk) => fk.relation === rel.name)
      .map(
        (fk) =>
          `{ foreignKeyName: ${JSON.stringify(fk.name)}; columns: [${textArray(fk.columns)
            .map((c) => JSON.stringify(c))
            .join(', ')}]; ` +
          `isOneToOne: ${fk.one_to_one ? 'true' : 'false'}; referencedRelation: ${JSON.stringify(fk.referenced)}; ` +
          `referencedColumns: [${textArray(fk.referenced_columns)
            .map((c) => JSON.stringify(c))
            .join(', ')}] }`,
      );
    const inner = indent + '  ';
    const parts = [`Row: ${fields(row, inner)}`];
    if (rel.writable) parts.push(`Insert: ${fields(insert, inner)}`, `Update: ${fields(update, inner)}`);
    parts.push(`Relationships: [${relationships.join(', ')}]`);
    return `${key(String(rel.name))}: {\n${parts.map((p) => `${inner}${p}`).join('\n')}\n${indent}}`;
  };

  const functionEntry = (name: string, overloads: Row[], indent: string): string => {
    const variants = overloads.map((f) => {
      const modes = textArray(f.arg_modes);
      const names = textArray(f.arg_names);
      const argTypes = textArray(f.arg_types);
      const isInput = (i: number) => !modes.length || ['i', 'b', 'v'].includes(modes[i]!);
      const inputs = argTypes.map((oid, i) => ({ oid, name: names[i] ?? '', i })).filter((a) => isInput(a.i));
      const firstDefault = inputs.length - Number(f.nargdefaults);
      const args = inputs
        .filter((a) => a.name !== '')
        .map((a, n) => `${key(a.name)}${n >= firstDefault ? '?' : ''}: ${argType(a.oid)}`);
      const outputs = argTypes
        .map((oid, i) => ({ oid, name: names[i] ?? '', mode: modes[i] }))
        .filter((a) => a.mode === 'o' || a.mode === 't' || a.mode === 'b');
      let returns = outputs.length
        ? `{ ${outputs.map((o) => `${key(o.name)}: ${tsType(o.oid)} | null`).join('; ')} }`
        : tsType(f.return_oid);
      if (f.returns_set) returns = `${/[ |]/.test(returns) && !returns.startsWith('{') ? `(${returns})` : returns}[]`;
      return `{ Args: ${args.length ? `{ ${args.join('; ')} }` : 'never'}; Returns: ${returns} }`;
    });
    return `${key(name)}:\n${indent}  | ${variants.join(`\n${indent}  | `)}`;
  };

  const functionNames = [...new Set(functions.map((f) => String(f.name)))];
  const enums = types
    .filter((t) => t.kind === 'e' && t.schema === schema)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const composites = types
    .filter((t) => t.kind === 'c' && t.schema === schema && !relationByOid.has(String(t.relid)))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const indent = '      ';
  const section = (entries: string[]) => fields(entries, '    ');

  return `// Generated by \`npm run db:generate\` from the catalog of a freshly migrated database; do not edit.
// The shape follows \`supabase gen types typescript\`; a test fails when a migration changes the schema
// and this file was not regenerated.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  ${key(schema)}: {
    Tables: ${section(relations.filter((r) => !r.is_view).map((r) => relationEntry(r, indent)))}
    Views: ${section(relations.filter((r) => r.is_view).map((r) => relationEntry(r, indent)))}
    Functions: ${section(
      functionNames.map((n) =>
        functionEntry(
          n,
          functions.filter((f) => f.name === n),
          indent,
        ),
      ),
    )}
    Enums: ${section(
      enums.map(
        (e) =>
          `${key(String(e.name))}: ${textArray(e.labels)
            .map((l) => JSON.stringify(l))
            .join(' | ')}`,
      ),
    )}
    CompositeTypes: ${section(composites.map((c) => `${key(String(c.name))}: Record<string, unknown>`))}
  };
};

type Schema = Database[${JSON.stringify(schema)}];

/** A table's or view's row: \`Tables<'assets'>\`. */
export type Tables<Name extends keyof (Schema['Tables'] & Schema['Views'])> = (Schema['Tables'] & Schema['Views'])[Name] extends {
  Row: infer Row;
}
  ? Row
  : never;
export type TablesInsert<Name extends keyof Schema['Tables']> = Schema['Tables'][Name]['Insert'];
export type TablesUpdate<Name extends keyof Schema['Tables']> = Schema['Tables'][Name]['Update'];
export type Enums<Name extends keyof Schema['Enums']> = Schema['Enums'][Name];
/** What an RPC function returns: \`FunctionReturns<'wallet_summary'>\`. */
export type FunctionReturns<Name extends keyof Schema['Functions']> = Schema['Functions'][Name]['Returns'];
/** The arguments of an RPC function. */
export type FunctionArgs<Name extends keyof Schema['Functions']> = Schema['Functions'][Name]['Args'];
`;
}
