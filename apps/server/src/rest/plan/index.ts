// actionPlan(): ApiRequest + SchemaCache → ActionPlan. Pure, and parses nothing: request/ has read
// every key; here the names are resolved. Unknown tables/functions (PGRST205/202), payload problems
// (PGRST102/204) and safeupdate (21000) are decided here, before any SQL runs.
import { RestError } from '../errors.js';
import { withFilters } from '../request/query-params.js';
import type { ApiRequest, FilteredQuery } from '../request/types.js';
import { DB_MAX_ROWS } from '../request/range.js';
import type { Column, Routine, SchemaCache, Table } from '../schema-cache/types.js';
import { ReadPlanner } from './read-plan.js';
import type { ActionPlan, CallPlan, InsertPlan, PlanOptions, ReadNode } from './types.js';

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

export function findTable(cache: SchemaCache, name: string): Table {
  const t = cache.tables.get(name);
  if (t) return t;
  let best: string | undefined;
  let bestD = Infinity;
  for (const n of cache.tables.keys()) {
    const dist = levenshtein(n, name);
    if (dist < bestD) [best, bestD] = [n, dist];
  }
  throw new RestError(
    404,
    'PGRST205',
    `Could not find the table '${cache.schema}.${name}' in the schema cache`,
    null,
    best !== undefined && bestD <= Math.max(3, name.length / 2)
      ? `Perhaps you meant the table '${cache.schema}.${best}'`
      : null,
  );
}

const payloadError = (message: string) => new RestError(400, 'PGRST102', message);
const unknownColumn = (t: Table, col: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${col}' column of '${t.name}' in the schema cache`);

/** Filters/logic that apply to the root (used as WHERE of update/delete). */
function rootOnly(q: FilteredQuery): FilteredQuery {
  return {
    ...q,
    filters: q.filters.filter((f) => !f.embedPath.length),
    logic: q.logic.filter((l) => !l.embedPath.length),
    order: [],
    ranges: [],
  };
}
function embeddedOnly(q: FilteredQuery): FilteredQuery {
  return {
    ...q,
    filters: q.filters.filter((f) => f.embedPath.length),
    logic: q.logic.filter((l) => l.embedPath.length),
  };
}

function returningNode(
  planner: ReadPlanner,
  table: Table,
  req: ApiRequest,
  query: FilteredQuery,
): ReadNode | undefined {
  if (req.prefs.return === 'representation') {
    const node = planner.node(table, query.select);
    planner.applyQuery(node, embeddedOnly(query));
    return node;
  }
  if (req.prefs.return === 'headers-only' && req.action.kind === 'insert') {
    return planner.node(
      table,
      table.primaryKey.map((name) => ({ kind: 'field' as const, field: { name, jsonPath: [] } })),
    );
  }
  return undefined;
}

function planInsert(req: ApiRequest, query: FilteredQuery, planner: ReadPlanner, table: Table): InsertPlan {
  const body = req.body;
  const rows = Array.isArray(body) ? body : [body];
  if (body === undefined || body === null || typeof body !== 'object') throw payloadError('Empty or invalid json');
  for (const r of rows)
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw payloadError('Empty or invalid json');
  let columns: string[];
  if (req.query.columns) {
    columns = req.query.columns;
  } else {
    const first = rows[0] as Record<string, unknown> | undefined;
    columns = first ? Object.keys(first) : [];
    const key = [...columns].sort().join('\u0000');
    for (const r of rows) {
      if (
        Object.keys(r as object)
          .sort()
          .join('\u0000') !== key
      )
        throw payloadError('All object keys must match');
    }
  }
  for (const c of columns) if (!table.columns.has(c)) throw unknownColumn(table, c);
  let onConflict: InsertPlan['onConflict'];
  if (req.prefs.resolution) {
    const cols = req.query.onConflict ?? table.primaryKey;
    for (const c of cols)
      if (!table.columns.has(c)) throw new RestError(400, '42703', `column ${table.name}.${c} does not exist`);
    if (!cols.length) {
      throw new RestError(
        400,
        '42P10',
        'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      );
    }
    onConflict = { columns: cols, action: req.prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }
  return {
    kind: 'insert',
    table,
    columns,
    missingDefault: req.prefs.missing === 'default',
    rows,
    ...(onConflict ? { onConflict } : {}),
    returning: returningNode(planner, table, req, query),
    locationColumns: req.prefs.return === 'headers-only' ? table.primaryKey : [],
  };
}

function requireFilters(q: FilteredQuery, verb: 'UPDATE' | 'DELETE'): void {
  if (!q.filters.some((f) => !f.embedPath.length) && !q.logic.some((l) => !l.embedPath.length)) {
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
  }
}

function pseudoTable(cache: SchemaCache, r: Routine): Table {
  if (r.returnTable) return cache.tables.get(r.returnTable)!;
  const columns = new Map<string, Column>();
  for (const c of r.returnColumns ?? []) columns.set(c.name, c);
  return {
    schema: r.schema,
    name: r.name,
    isView: true,
    insertable: false,
    columns,
    columnOrder: [...columns.keys()],
    primaryKey: [],
    uniques: [],
    computedFields: new Map(),
  };
}

const JSON_TYPES = new Set(['json', 'jsonb']);

function planCall(req: ApiRequest, cache: SchemaCache, planner: ReadPlanner): CallPlan {
  const name = req.target;
  const candidates = cache.routines.get(name) ?? [];
  const isGet = req.action.kind === 'call' && req.action.readOnlyVerb;
  let args: Record<string, unknown> = {};
  let routine: Routine | undefined;
  const argNames = new Set(candidates.flatMap((r) => r.args.map((a) => a.name)));
  // On GET/HEAD the query string carries the arguments; the other keys filter the result.
  const query = withFilters(req.query, isGet ? argNames : undefined);
  if (isGet) {
    for (const { key, value } of req.query.params) {
      if (!argNames.has(key)) continue;
      const prev = args[key];
      args[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  } else {
    const body = req.body === undefined || req.body === '' ? {} : req.body;
    // A single unnamed json/jsonb parameter receives the whole body.
    const single = candidates.find(
      (r) => r.args.length === 1 && r.args[0]!.name === '' && JSON_TYPES.has(r.args[0]!.type),
    );
    if (single) {
      routine = single;
      args = { '': body };
    } else {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw payloadError('Empty or invalid json');
      args = body as Record<string, unknown>;
    }
  }
  if (!routine) {
    const keys = Object.keys(args);
    const matches = candidates.filter(
      (r) =>
        keys.every((k) => r.args.some((a) => a.name === k)) &&
        r.args.every((a) => a.hasDefault || keys.includes(a.name)),
    );
    if (matches.length > 1) {
      const exact = matches.filter((r) => r.args.length === keys.length);
      if (exact.length === 1) routine = exact[0];
      else {
        throw new RestError(
          300,
          'PGRST203',
          `Could not choose the best candidate function between: ${matches.map((r) => `${r.schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
          null,
          'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        );
      }
    } else routine = matches[0];
    if (!routine) {
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function ${cache.schema}.${name}${keys.length ? `(${[...keys].sort().join(', ')})` : ' without parameters'} in the schema cache`,
        `Searched for the function ${cache.schema}.${name}${keys.length ? ` with parameters ${[...keys].sort().join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      );
    }
  }
  // A single unnamed json parameter is passed positionally via a stable alias.
  if (routine.args.length === 1 && routine.args[0]!.name === '' && Object.hasOwn(args, '')) {
    routine = { ...routine, args: [{ ...routine.args[0]!, name: 'pgrst_body', positional: true }] };
    args = { pgrst_body: args[''] };
  }
  const composite = !!(routine.returnTable || routine.returnColumns);
  const shape: CallPlan['shape'] = routine.returnsVoid
    ? 'void'
    : routine.returnsSet
      ? composite
        ? 'set'
        : 'set-scalar'
      : composite
        ? 'composite'
        : 'scalar';
  let read: ReadNode | undefined;
  if (composite) {
    read = planner.node(pseudoTable(cache, routine), query.select);
    planner.applyQuery(read, query);
  }
  return {
    kind: 'call',
    routine,
    args,
    shape,
    read,
    readOnly: isGet || routine.volatility !== 'v',
    count: req.prefs.count,
  };
}

/** The page's row limit: the request's, capped by db-max-rows when there is one. */
function pageLimit(requested: number | undefined, maxRows: number | null): number | undefined {
  if (maxRows === null) return requested;
  return Math.min(requested ?? maxRows, maxRows);
}

export function actionPlan(
  req: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions = { aggregates: false, maxRows: DB_MAX_ROWS },
): ActionPlan {
  const planner = new ReadPlanner(cache, options);
  const base = { schema: req.schema, prefs: req.prefs, range: req.range };
  if (req.action.kind === 'call') {
    const plan = planCall(req, cache, planner);
    const head = req.action.head;
    // db-max-rows caps set-returning calls like table reads.
    const limit =
      plan.shape === 'set' || plan.shape === 'set-scalar' ? pageLimit(req.range.limit, options.maxRows) : undefined;
    return {
      ...base,
      range: { offset: req.range.offset, ...(limit !== undefined ? { limit } : {}) },
      plan,
      output: { accept: req.accept, wantBody: !head },
      readOnly: plan.readOnly,
    };
  }
  const table = findTable(cache, req.target);
  const query = withFilters(req.query);
  const wantBody = req.prefs.return === 'representation';
  switch (req.action.kind) {
    case 'read': {
      const root = planner.node(table, query.select);
      planner.applyQuery(root, query);
      const limit = pageLimit(req.range.limit, options.maxRows);
      return {
        ...base,
        range: { offset: req.range.offset, ...(limit !== undefined ? { limit } : {}) },
        plan: { kind: 'read', root, count: req.prefs.count, head: req.action.head },
        output: { accept: req.accept, wantBody: !req.action.head },
        readOnly: true,
      };
    }
    case 'insert':
      return {
        ...base,
        plan: planInsert(req, query, planner, table),
        output: { accept: req.accept, wantBody },
        readOnly: false,
      };
    case 'update':
    case 'delete': {
      requireFilters(query, req.action.kind === 'update' ? 'UPDATE' : 'DELETE');
      const whereNode = planner.node(table, []);
      planner.applyQuery(whereNode, rootOnly(query));
      const returning = returningNode(planner, table, req, query);
      if (req.action.kind === 'delete') {
        return {
          ...base,
          plan: { kind: 'delete', table, where: whereNode.where, returning },
          output: { accept: req.accept, wantBody },
          readOnly: false,
        };
      }
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw payloadError('Empty or invalid json');
      const row = body as Record<string, unknown>;
      const columns = req.query.columns ?? Object.keys(row);
      for (const c of columns) if (!table.columns.has(c)) throw unknownColumn(table, c);
      return {
        ...base,
        plan: { kind: 'update', table, columns, row, where: whereNode.where, returning },
        output: { accept: req.accept, wantBody },
        readOnly: false,
      };
    }
  }
}
