// Filters are parsed by request/ with the rest of the query string; plan/ only picks the ones that
// apply (on an RPC GET/HEAD, keys naming an argument are arguments) and resolves their names. A key
// that reads as no filter keeps its error until it is used as one, so errors come in the same order.
import { describe, expect, it } from 'vitest';
import { RestError } from '../../src/rest/errors.js';
import { actionPlan } from '../../src/rest/plan/index.js';
import { parseRequest } from '../../src/rest/request/parse-request.js';
import { withFilters } from '../../src/rest/request/query-params.js';
import type { Column, Routine, SchemaCache, Table } from '../../src/rest/schema-cache/types.js';

const column = (name: string, typname: string): Column => ({
  name,
  type: typname,
  typname,
  nullable: true,
  defaultExpr: null,
});
const posts: Table = {
  schema: 'public',
  name: 'posts',
  isView: false,
  insertable: true,
  columns: new Map([
    ['id', column('id', 'int8')],
    ['title', column('title', 'text')],
  ]),
  columnOrder: ['id', 'title'],
  computedFields: new Map(),
  primaryKey: ['id'],
  uniques: [['id']],
};
const postsBy: Routine = {
  schema: 'public',
  name: 'posts_by',
  args: [{ name: 'author', type: 'bigint', hasDefault: false, variadic: false }],
  returnType: 'setof posts',
  returnTypname: 'posts',
  rows: 1000,
  argTables: [undefined],
  returnsSet: true,
  returnsVoid: false,
  returnTable: 'posts',
  returnColumns: undefined,
  volatility: 's',
};
const cache: SchemaCache = {
  schema: 'public',
  tables: new Map([['posts', posts]]),
  relationships: [],
  routines: new Map([['posts_by', [postsBy]]]),
  typeNames: new Set(['text']),
  fingerprint: '',
};

const get = (path: string, queryString: string, method = 'GET') =>
  parseRequest({ method, path, queryString, headers: {}, body: method === 'GET' ? undefined : { title: 'x' } });

function planError(req: ReturnType<typeof get>): RestError {
  try {
    actionPlan(req, cache);
  } catch (e) {
    if (e instanceof RestError) return e;
    throw e;
  }
  throw new Error('expected a RestError');
}

describe('filters parsed by request/', () => {
  it('reads every non-reserved key as a filter while parsing, embedded ones included', () => {
    const req = get('/posts', 'select=id&title=not.like.*a*&author.name=in.(a,"b,c")&limit=1');
    expect(req.query.params).toEqual([
      {
        key: 'title',
        value: 'not.like.*a*',
        filter: {
          embedPath: [],
          field: { name: 'title', jsonPath: [] },
          expr: { op: 'like', negated: true, value: '*a*' },
        },
      },
      {
        key: 'author.name',
        value: 'in.(a,"b,c")',
        filter: {
          embedPath: ['author'],
          field: { name: 'name', jsonPath: [] },
          expr: { op: 'in', negated: false, values: ['a', 'b,c'] },
        },
      },
    ]);
  });

  it('keeps the error of a pair that reads as no filter, thrown only when it is used as one', () => {
    const req = get('/posts', 'title=eq.a&id=5&x..y=eq.1');
    const [, notAFilter, badKey] = req.query.params;
    expect(notAFilter!.filter).toEqual({ noOperator: true });
    expect(badKey!.filter).toEqual({ error: expect.any(RestError) });
    // The first one in the query string is the one answered.
    const e = planError(req);
    expect([e.status, e.code, e.message]).toEqual([400, 'PGRST100', '"failed to parse filter (5)" (line 1, column 1)']);
    expect(() => withFilters(req.query, new Set(['id']))).toThrow('"failed to parse filter (x..y)" (line 1, column 3)');
    expect(withFilters(req.query, new Set(['id', 'x..y'])).filters.map((f) => f.field.name)).toEqual(['title']);
  });

  it('answers an unknown table before a filter that does not parse, on every verb', () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      expect(planError(get('/nope', 'id=5', method)).code).toBe('PGRST205');
      expect(planError(get('/posts', 'id=5', method)).code).toBe('PGRST100');
    }
  });

  it('takes RPC GET keys naming an argument as arguments and the others as filters', () => {
    const ap = actionPlan(get('/rpc/posts_by', 'author=5&title=eq.x&author=6'), cache);
    if (ap.plan.kind !== 'call') throw new Error('expected a call');
    expect(ap.plan.args).toEqual({ author: ['5', '6'] });
    expect(ap.plan.read?.where).toMatchObject([{ kind: 'filter', expr: { op: 'eq', value: 'x' } }]);
    // Another key that reads as no filter is still refused, before the function is looked up.
    expect(planError(get('/rpc/posts_by', 'author=5&title=x')).code).toBe('PGRST100');
    expect(planError(get('/rpc/nope', 'title=x')).code).toBe('PGRST100');
    // On POST the body carries the arguments: every key is a filter.
    expect(planError(get('/rpc/posts_by', 'author=5', 'POST')).code).toBe('PGRST100');
  });

  it('plans the same parsed request twice alike, without re-reading the query string', () => {
    const req = get('/posts', 'title=eq.x&id=gt.1');
    const before = structuredClone(req);
    expect(actionPlan(req, cache)).toEqual(actionPlan(req, cache));
    expect(req).toEqual(before);
  });

  it('answers PGRST108 for a filter or an order on a resource the select did not embed', () => {
    for (const query of ['authors.name=eq.x', 'order=authors(name)']) {
      const err = planError(get('/posts', query));
      expect(err.code).toBe('PGRST108');
      expect(err.message).toBe("'authors' is not an embedded resource in this request");
    }
  });
});
