// Resolves select items, filters, logic trees, order and ranges against the schema cache into a
// ReadNode tree. All "does this exist" errors of reads live here: 42703 (column), PGRST200/201
// (relationship), PGRST108 (filter on a resource not embedded), PGRST118/120.
import { RestError } from '../errors.js';
import type { FieldRef, Filter, FilteredQuery, LogicNode, OrderTerm, SelectItem } from '../request/types.js';
import type { Relationship, SchemaCache, Table } from '../schema-cache/types.js';
import type { Condition, EmbedNode, OrderBy, PlanOptions, Projection, ReadNode, ResolvedField } from './types.js';

/** Common spellings → pg_type names, so `::integer` or `::double precision` work like in SQL. */
const TYPE_ALIASES: Record<string, string> = {
  integer: 'int4',
  int: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  'double precision': 'float8',
  boolean: 'bool',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  decimal: 'numeric',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

export function resolveCast(cache: SchemaCache, cast: string): string {
  const lower = cast.toLowerCase().replace(/\s+/g, ' ').trim();
  const isArray = lower.endsWith('[]');
  const base = isArray ? lower.slice(0, -2).trim() : lower;
  const typname = TYPE_ALIASES[base] ?? base;
  if (!cache.typeNames.has(typname)) {
    throw new RestError(400, '42704', `type "${cast}" does not exist`);
  }
  return isArray ? `${typname}[]` : typname;
}

/**
 * PostgreSQL's 42703 text names the table the way PostgREST's statement refers to it
 * (`sqlName`, see ReadNode), so the message is PostgREST's word for word.
 */
export function columnError(table: Table, name: string, sqlName = table.name): RestError {
  return new RestError(400, '42703', `column ${sqlName}.${name} does not exist`);
}

/** PostgREST 13's alias of an embedded table: `<table>_<depth>`, none for many-to-many (Plan.addRels). */
function embeddedSqlName(relationship: Relationship, depth: number): string {
  return relationship.cardinality === 'm2m' ? relationship.to : `${relationship.to}_${depth}`;
}

export function resolveField(table: Table, f: FieldRef, sqlName = table.name): ResolvedField {
  const column = table.columns.get(f.name);
  if (column) return { column, jsonPath: f.jsonPath };
  const computed = table.computedFields.get(f.name);
  if (!computed) throw columnError(table, f.name, sqlName);
  return { column: computed, jsonPath: f.jsonPath, computed: { schema: table.schema, name: f.name } };
}

/** Output key: alias, else the last JSON key in the path, else the column name. */
function outputName(f: FieldRef, alias: string | undefined): string {
  if (alias) return alias;
  for (let i = f.jsonPath.length - 1; i >= 0; i--) {
    const k = f.jsonPath[i]!.key;
    if (typeof k === 'string') return k;
  }
  return f.name;
}

function describeRel(r: Relationship) {
  const cardinality = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many' }[r.cardinality];
  return {
    cardinality,
    embedding: `${r.from} with ${r.to}`,
    relationship: r.junction
      ? `${r.junction.table} using ${r.junction.fromConstraint}(${r.junction.fromPairs.map((p) => p[0]).join(', ')}) and ${r.junction.toConstraint}(${r.junction.toPairs.map((p) => p[0]).join(', ')})`
      : `${r.constraint} using ${r.from}(${r.pairs.map((p) => p[0]).join(', ')}) and ${r.to}(${r.pairs.map((p) => p[1]).join(', ')})`,
  };
}

export function findRelationship(cache: SchemaCache, from: string, to: string, hint: string | undefined): Relationship {
  let candidates = cache.relationships.filter((r) => r.from === from && r.to === to && !r.computed);
  if (hint !== undefined) {
    candidates = candidates.filter((r) =>
      r.junction
        ? r.junction.table === hint || r.junction.fromConstraint === hint || r.junction.toConstraint === hint
        : r.constraint === hint || r.pairs.some(([a, b]) => a === hint || b === hint),
    );
  }
  if (candidates.length > 1 && from === to && hint === undefined) {
    // A table embedding itself without a hint (`collections(*)` on collections): PostgREST takes
    // the one-to-many side, the rows that point at this one (its children).
    const children = candidates.filter((r) => r.cardinality === 'o2m' && !r.junction);
    if (children.length === 1) return children[0]!;
  }
  return oneRelationship(cache, from, to, hint, candidates);
}

/**
 * The relationship an embed names when its target is not a table: a foreign-key constraint of
 * `from` (`first_friend:best_friends_first_user_fkey(*)`) or a single foreign-key column of `from`
 * (`parent_id(*)`), as PostgREST allows. The embed then reads the constraint's other table.
 */
export function findRelationshipByKey(
  cache: SchemaCache,
  from: string,
  target: string,
  hint: string | undefined,
): Relationship {
  let candidates = cache.relationships.filter(
    (r) =>
      r.from === from &&
      !r.junction &&
      !r.computed &&
      (r.constraint === target ||
        ((r.cardinality === 'm2o' || r.cardinality === 'o2o') && r.pairs.length === 1 && r.pairs[0]![0] === target)),
  );
  if (hint !== undefined) candidates = candidates.filter((r) => r.to === hint || r.constraint === hint);
  return oneRelationship(cache, from, target, hint, candidates);
}

/** `select=*,top_tags(*)`: a function taking this table's row and returning rows of a table. */
function findComputedRelationship(cache: SchemaCache, from: string, name: string): Relationship | undefined {
  return cache.relationships.find((r) => r.computed && r.from === from && r.computed.name === name);
}

function oneRelationship(
  cache: SchemaCache,
  from: string,
  to: string,
  hint: string | undefined,
  candidates: Relationship[],
): Relationship {
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
      `Searched for a foreign key relationship between '${from}' and '${to}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
    );
  }
  const hints = candidates.map((r) => `'${to}!${r.junction ? r.junction.table : r.constraint}'`).join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
    candidates.map(describeRel),
    `Try changing '${to}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
}

/**
 * Two embeds answering under one name (`users!first(*),users!second(*)`): one would silently
 * replace the other in the JSON. PostgREST's query gives both the same alias, and PostgreSQL
 * refuses with 42712 naming it; the same answer here, before any SQL runs.
 */
function duplicateEmbed(parent: string, name: string): RestError {
  return new RestError(400, '42712', `table name "${parent}_${name}_1" specified more than once`);
}

/**
 * `rel(count)`: PostgREST's count of related rows, which works with aggregates disabled. Only the
 * bare word, and only when the table has no column of that name (then it is that column).
 */
function isBareCount(target: Table, children: SelectItem[]): boolean {
  const only = children.length === 1 ? children[0] : undefined;
  return (
    only?.kind === 'field' &&
    only.field.name === 'count' &&
    !only.field.jsonPath.length &&
    only.alias === undefined &&
    only.cast === undefined &&
    !target.columns.has('count')
  );
}

export class ReadPlanner {
  private nextId = 1;
  constructor(
    private readonly cache: SchemaCache,
    private readonly options: PlanOptions,
  ) {}

  /** `depth`: 0 at the root, one more per embedding level (PostgREST's, which names aliases by it). */
  node(table: Table, items: SelectItem[], sqlName = table.name, depth = 0): ReadNode {
    const node: ReadNode = { table, sqlName, projection: [], embeds: [], where: [], order: [] };
    for (const item of items) {
      if (item.kind === 'star') {
        for (const name of table.columnOrder) {
          node.projection.push({
            kind: 'field',
            field: { column: table.columns.get(name)!, jsonPath: [] },
            outName: name,
          });
        }
      } else if (item.kind === 'aggregate') {
        // Off by default, as on hosted Supabase (PostgREST's db-aggregates-enabled).
        if (!this.options.aggregates) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
        node.projection.push({
          kind: 'aggregate',
          fn: item.fn,
          field: item.field ? resolveField(table, item.field, sqlName) : undefined,
          outName: item.alias ?? item.fn,
          ...(item.inputCast ? { inputCast: resolveCast(this.cache, item.inputCast) } : {}),
          ...(item.cast ? { cast: resolveCast(this.cache, item.cast) } : {}),
        });
      } else if (item.kind === 'field') {
        const field = resolveField(table, item.field, sqlName);
        const p: Projection = { kind: 'field', field, outName: outputName(item.field, item.alias) };
        if (item.cast) p.cast = resolveCast(this.cache, item.cast);
        node.projection.push(p);
      } else {
        // A computed relationship (function of this row) by its name, else a table, else a
        // foreign-key constraint or column of this table.
        const relationship =
          findComputedRelationship(this.cache, table.name, item.relation) ??
          (this.cache.tables.has(item.relation)
            ? findRelationship(this.cache, table.name, item.relation, item.hint)
            : findRelationshipByKey(this.cache, table.name, item.relation, item.hint));
        const target = this.cache.tables.get(relationship.to)!;
        const countOnly = !item.spread && isBareCount(target, item.children);
        const embed: EmbedNode = {
          name: item.alias ?? item.relation,
          outName: item.alias ?? item.relation,
          relationship,
          node: this.node(target, countOnly ? [] : item.children, embeddedSqlName(relationship, depth + 1), depth + 1),
          inner: item.joinType === 'inner',
          empty: item.children.length === 0,
          spread: item.spread,
          countOnly,
          id: this.nextId++,
        };
        if (node.embeds.some((e) => e.name === embed.name)) throw duplicateEmbed(table.name, embed.name);
        node.embeds.push(embed);
        if (!embed.empty) node.projection.push({ kind: 'embed', embed });
        if (embed.inner) node.where.push({ kind: 'embed-null', embed, isNull: false });
      }
    }
    return node;
  }

  /** Finds the node an embed path points to (alias or relation name at each step). */
  static locate(root: ReadNode, path: string[]): ReadNode {
    let node = root;
    for (const step of path) node = ReadPlanner.embedNamed(node, step).node;
    return node;
  }

  /**
   * The embed a filter's path or an order term names (its alias, else its relation's name);
   * PGRST108, as PostgREST answers, when the request's select did not embed it.
   */
  static embedNamed(node: ReadNode, name: string): EmbedNode {
    const embed = node.embeds.find((e) => e.name === name) ?? node.embeds.find((e) => e.relationship.to === name);
    if (!embed) {
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    }
    return embed;
  }

  condition(node: ReadNode, f: Filter): Condition {
    const target = ReadPlanner.locate(node, f.embedPath);
    // `rel=is.null` / `rel=not.is.null` filter the parent by the presence of embedded rows.
    const embed =
      f.field.jsonPath.length === 0 && !target.table.columns.has(f.field.name)
        ? target.embeds.find((e) => e.name === f.field.name)
        : undefined;
    if (embed) {
      if (f.expr.op !== 'is' || (f.expr.value !== 'null' && f.expr.value !== 'not_null')) {
        throw new RestError(400, 'PGRST120', `Only is null or not is null filters are allowed on embedded resources`);
      }
      const isNull = (f.expr.value === 'null') !== f.expr.negated;
      return { kind: 'embed-null', embed, isNull };
    }
    if (f.embedPath.length > 0) {
      // Inside a parent's logic tree, `rel.col.op.v` asks whether some related row matches.
      const [first, ...rest] = f.embedPath;
      const child = ReadPlanner.embedNamed(node, first!);
      return { kind: 'embed-exists', embed: child, condition: this.condition(child.node, { ...f, embedPath: rest }) };
    }
    return { kind: 'filter', field: resolveField(target.table, f.field, target.sqlName), expr: f.expr };
  }

  tree(node: ReadNode, t: LogicNode): Condition {
    if (t.kind === 'filter') return this.condition(node, t.filter);
    return { kind: 'logic', op: t.op, negated: t.negated, children: t.children.map((c) => this.tree(node, c)) };
  }

  order(node: ReadNode, term: OrderTerm): OrderBy {
    const dir = {
      ...(term.direction ? { direction: term.direction } : {}),
      ...(term.nulls ? { nulls: term.nulls } : {}),
    };
    if (term.relation) {
      const embed = ReadPlanner.embedNamed(node, term.relation);
      if (embed.relationship.cardinality === 'o2m' || embed.relationship.cardinality === 'm2m') {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${embed.name}' is not possible`,
          `'${node.table.name}' and '${embed.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      return { field: resolveField(embed.node.table, term.field, embed.node.sqlName), embed, ...dir };
    }
    return { field: resolveField(node.table, term.field, node.sqlName), ...dir };
  }

  /** Applies the query's filters, trees, orders and embedded ranges to the tree rooted at `root`. */
  applyQuery(root: ReadNode, q: FilteredQuery): void {
    for (const f of q.filters) {
      if (f.embedPath.length === 0) {
        root.where.push(this.condition(root, f));
      } else {
        // `rel.col=…` filters the child rows; `a.rel=not.is.null` filters `a` by its own embed.
        const parentPath = f.embedPath;
        const target = ReadPlanner.locate(root, parentPath);
        target.where.push(this.condition(target, { ...f, embedPath: [] }));
      }
    }
    for (const l of q.logic) {
      const target = ReadPlanner.locate(root, l.embedPath);
      target.where.push(this.tree(target, l.tree));
    }
    for (const o of q.order) {
      const target = ReadPlanner.locate(root, o.embedPath);
      target.order.push(...o.terms.map((t) => this.order(target, t)));
    }
    for (const r of q.ranges) {
      if (r.embedPath.length === 0) continue; // the root range is resolved with the Range header
      const target = ReadPlanner.locate(root, r.embedPath);
      if (r.limit !== undefined) target.limit = r.limit;
      if (r.offset !== undefined) target.offset = r.offset;
    }
  }
}
