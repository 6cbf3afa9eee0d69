// Table-driven parser tests: query-string text in, request AST out (PostgREST QueryParams doctests).
import { describe, expect, it } from 'vitest';
import { RestError } from '../../src/rest/errors.js';
import { parseLogicTree, parseOpExpr } from '../../src/rest/request/filter-parser.js';
import { parseOrder } from '../../src/rest/request/order-parser.js';
import { parsePreferences } from '../../src/rest/request/preferences.js';
import { negotiate } from '../../src/rest/request/media-type.js';
import {
  withFilters,
  parseColumnList,
  parseQueryParams,
  splitQueryString,
} from '../../src/rest/request/query-params.js';
import { resolveRange } from '../../src/rest/request/range.js';
import { parseSelect } from '../../src/rest/request/select-parser.js';

const f = (name: string, ...path: ['->' | '->>', string | number][]) => ({
  name,
  jsonPath: path.map(([arrow, key]) => ({ arrow, key })),
});

function errorOf(fn: () => unknown): RestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RestError) return e;
    throw e;
  }
  throw new Error('expected a RestError');
}

describe('select parser', () => {
  const cases: [string, unknown][] = [
    ['*', [{ kind: 'star' }]],
    ['', [{ kind: 'star' }]],
    [
      'id,name',
      [
        { kind: 'field', field: f('id') },
        { kind: 'field', field: f('name') },
      ],
    ],
    ['who:name', [{ kind: 'field', field: f('name'), alias: 'who' }]],
    ['price::text', [{ kind: 'field', field: f('price'), cast: 'text' }]],
    ['p:price::numeric[]', [{ kind: 'field', field: f('price'), alias: 'p', cast: 'numeric[]' }]],
    ['data->a->>b', [{ kind: 'field', field: f('data', ['->', 'a'], ['->>', 'b']) }]],
    ['data->0->-1', [{ kind: 'field', field: f('data', ['->', 0], ['->', -1]) }]],
    ['"weird, col"', [{ kind: 'field', field: f('weird, col') }]],
    ['first-name', [{ kind: 'field', field: f('first-name') }]],
    ['author(*)', [{ kind: 'embed', relation: 'author', spread: false, children: [{ kind: 'star' }] }]],
    [
      'a:authors!fk_x!inner(name)',
      [
        {
          kind: 'embed',
          relation: 'authors',
          alias: 'a',
          hint: 'fk_x',
          joinType: 'inner',
          spread: false,
          children: [{ kind: 'field', field: f('name') }],
        },
      ],
    ],
    [
      'authors!inner!fk_x(name)',
      [
        {
          kind: 'embed',
          relation: 'authors',
          hint: 'fk_x',
          joinType: 'inner',
          spread: false,
          children: [{ kind: 'field', field: f('name') }],
        },
      ],
    ],
    ['tags()', [{ kind: 'embed', relation: 'tags', spread: false, children: [] }]],
    [
      '...author(name)',
      [{ kind: 'embed', relation: 'author', spread: true, children: [{ kind: 'field', field: f('name') }] }],
    ],
    [
      'id,a(b(c(d)))',
      [
        { kind: 'field', field: f('id') },
        {
          kind: 'embed',
          relation: 'a',
          spread: false,
          children: [
            {
              kind: 'embed',
              relation: 'b',
              spread: false,
              children: [{ kind: 'embed', relation: 'c', spread: false, children: [{ kind: 'field', field: f('d') }] }],
            },
          ],
        },
      ],
    ],
  ];
  it.each(cases)('parses %j', (input, expected) => {
    expect(parseSelect(input)).toEqual(expected);
  });

  it.each(['id,', 'a(', 'a(b', ')', 'a::', '...a', 'x->', 'a!(b)', 'id;drop'])('rejects %j with PGRST100', (input) => {
    const e = errorOf(() => parseSelect(input));
    expect(e.status).toBe(400);
    expect(e.code).toBe('PGRST100');
    expect(e.message).toContain(`failed to parse select parameter (${input})`);
  });

  it('parses aggregates (whether they may run is for the planner to say)', () => {
    expect(parseSelect('count()')).toEqual([{ kind: 'aggregate', fn: 'count' }]);
    expect(parseSelect('total:amount::int.sum()::text,n:count()::int')).toEqual([
      { kind: 'aggregate', fn: 'sum', field: f('amount'), alias: 'total', inputCast: 'int', cast: 'text' },
      { kind: 'aggregate', fn: 'count', alias: 'n', cast: 'int' },
    ]);
    expect(errorOf(() => parseSelect('amount.median()')).code).toBe('PGRST100');
    expect(errorOf(() => parseSelect('amount.sum')).code).toBe('PGRST100');
  });
});

describe('filter parser', () => {
  const cases: [string, unknown][] = [
    ['eq.5', { op: 'eq', negated: false, value: '5' }],
    ['not.eq.a.b.c', { op: 'eq', negated: true, value: 'a.b.c' }],
    ['like.*abc*', { op: 'like', negated: false, value: '*abc*' }],
    ['in.(1,2,3)', { op: 'in', negated: false, values: ['1', '2', '3'] }],
    ['in.("a,b","c\\"d",e)', { op: 'in', negated: false, values: ['a,b', 'c"d', 'e'] }],
    ['in.()', { op: 'in', negated: false, values: [] }],
    ['is.NULL', { op: 'is', negated: false, value: 'null' }],
    ['not.is.not_null', { op: 'is', negated: true, value: 'not_null' }],
    ['cs.{a,b}', { op: 'cs', negated: false, value: '{a,b}' }],
    ['cs.{"k":1}', { op: 'cs', negated: false, value: '{"k":1}' }],
    ['fts(english).cat & dog', { op: 'fts', negated: false, config: 'english', value: 'cat & dog' }],
    ['wfts.a b', { op: 'wfts', negated: false, value: 'a b' }],
    ['eq(any).{1,2}', { op: 'eq', negated: false, quantifier: 'any', value: '{1,2}' }],
    ['like(all).{a*,*b}', { op: 'like', negated: false, quantifier: 'all', value: '{a*,*b}' }],
  ];
  it.each(cases)('parses %j', (input, expected) => {
    expect(parseOpExpr(input)).toEqual(expected);
  });
  it.each(['5', 'eqq.5', 'is.maybe', 'in.1,2', 'in.("a)', 'cs(any).{1}', 'eq(some).1', ''])('rejects %j', (input) => {
    const e = errorOf(() => parseOpExpr(input));
    expect(e.code).toBe('PGRST100');
    expect(e.status).toBe(400);
  });
});

describe('logic tree parser', () => {
  const leaf = (name: string, expr: unknown, embedPath: string[] = []) => ({
    kind: 'filter',
    filter: { embedPath, field: f(name), expr },
  });
  const cases: [string, 'and' | 'or', boolean, unknown][] = [
    [
      '(a.eq.1,b.gt.2)',
      'or',
      false,
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          leaf('a', { op: 'eq', negated: false, value: '1' }),
          leaf('b', { op: 'gt', negated: false, value: '2' }),
        ],
      },
    ],
    [
      '(age.lt.18,and(age.gte.65,retired.is.true))',
      'or',
      false,
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          leaf('age', { op: 'lt', negated: false, value: '18' }),
          {
            kind: 'logic',
            op: 'and',
            negated: false,
            children: [
              leaf('age', { op: 'gte', negated: false, value: '65' }),
              leaf('retired', { op: 'is', negated: false, value: 'true' }),
            ],
          },
        ],
      },
    ],
    [
      '(not.or(a.eq.1,b.eq.2))',
      'and',
      true,
      {
        kind: 'logic',
        op: 'and',
        negated: true,
        children: [
          {
            kind: 'logic',
            op: 'or',
            negated: true,
            children: [
              leaf('a', { op: 'eq', negated: false, value: '1' }),
              leaf('b', { op: 'eq', negated: false, value: '2' }),
            ],
          },
        ],
      },
    ],
    [
      '(title.eq."a,b)",x.in.(1,"2,3"))',
      'or',
      false,
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          leaf('title', { op: 'eq', negated: false, value: 'a,b)' }),
          leaf('x', { op: 'in', negated: false, values: ['1', '2,3'] }),
        ],
      },
    ],
    [
      '(tags.cs.{a,b},n.not.is.null)',
      'or',
      false,
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          leaf('tags', { op: 'cs', negated: false, value: '{a,b}' }),
          leaf('n', { op: 'is', negated: true, value: 'null' }),
        ],
      },
    ],
    [
      '(rel.not.is.null,other.col.eq.1)',
      'or',
      false,
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          leaf('rel', { op: 'is', negated: true, value: 'null' }),
          leaf('col', { op: 'eq', negated: false, value: '1' }, ['other']),
        ],
      },
    ],
    [
      '(data->>k.eq.v)',
      'or',
      false,
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          {
            kind: 'filter',
            filter: { embedPath: [], field: f('data', ['->>', 'k']), expr: { op: 'eq', negated: false, value: 'v' } },
          },
        ],
      },
    ],
  ];
  it.each(cases)('parses %j', (input, op, negated, expected) => {
    expect(parseLogicTree(op, negated, input)).toEqual(expected);
  });
  it.each(['a.eq.1', '(a.eq.1', '(a.eq.1))', '()', '(a.zz.1)', '(and(a.eq.1)', '(a)'])('rejects %j', (input) => {
    const e = errorOf(() => parseLogicTree('or', false, input));
    expect(e.code).toBe('PGRST100');
  });
});

describe('order parser', () => {
  const cases: [string, unknown][] = [
    ['id', [{ field: f('id') }]],
    ['id.desc', [{ field: f('id'), direction: 'desc' }]],
    [
      'created_at.desc.nullslast,id.asc',
      [
        { field: f('created_at'), direction: 'desc', nulls: 'last' },
        { field: f('id'), direction: 'asc' },
      ],
    ],
    ['name.nullsfirst', [{ field: f('name'), nulls: 'first' }]],
    ['data->>k.desc', [{ field: f('data', ['->>', 'k']), direction: 'desc' }]],
    ['author(name).desc', [{ relation: 'author', field: f('name'), direction: 'desc' }]],
  ];
  it.each(cases)('parses %j', (input, expected) => {
    expect(parseOrder(input)).toEqual(expected);
  });
  it.each(['id.up', 'id.desc.asc', 'id,', 'a(b', 'id.nullsfirst.nullslast'])('rejects %j', (input) => {
    expect(errorOf(() => parseOrder(input)).code).toBe('PGRST100');
  });
});

describe('query string splitting', () => {
  it('decodes, keeps repeats, drops apikey and keys without =', () => {
    expect(splitQueryString('a=eq.1&a=neq.2&apikey=x&flag&b=like.a+b%2Cc')).toEqual([
      ['a', 'eq.1'],
      ['a', 'neq.2'],
      ['b', 'like.a b,c'],
    ]);
  });

  it('groups reserved keys by embed path and leaves the rest as filters', () => {
    const parsed = parseQueryParams(
      splitQueryString(
        'select=id,posts(id)&order=id.desc&limit=5&offset=10&posts.order=id&posts.limit=2&or=(a.eq.1,b.eq.2)&posts.not.or=(c.eq.3)&name=eq.x&posts.title=like.*a*',
      ),
    );
    const before = structuredClone(parsed);
    const q = withFilters(parsed);
    // Reading the filters leaves the parsed request as it was (plan/ is pure).
    expect(parsed).toEqual(before);
    expect(q.order).toEqual([
      { embedPath: [], terms: [{ field: f('id'), direction: 'desc' }] },
      { embedPath: ['posts'], terms: [{ field: f('id') }] },
    ]);
    expect(q.ranges).toEqual([
      { embedPath: [], limit: 5, offset: 10 },
      { embedPath: ['posts'], limit: 2 },
    ]);
    expect(q.logic.map((l) => [l.embedPath, l.tree.kind === 'logic' && l.tree.negated])).toEqual([
      [[], false],
      [['posts'], true],
    ]);
    expect(q.filters).toEqual([
      { embedPath: [], field: f('name'), expr: { op: 'eq', negated: false, value: 'x' } },
      { embedPath: ['posts'], field: f('title'), expr: { op: 'like', negated: false, value: '*a*' } },
    ]);
  });

  it('parses the not.or key at the root', () => {
    const q = parseQueryParams(splitQueryString('not.or=(a.eq.1)'));
    expect(q.logic[0]!.embedPath).toEqual([]);
    expect(q.logic[0]!.tree).toMatchObject({ op: 'or', negated: true });
  });

  it.each(['limit=-1', 'limit=abc', 'offset=1.5', 'a=%E0%A4%A'])('rejects %j', (qs) => {
    expect(errorOf(() => parseQueryParams(splitQueryString(qs))).status).toBe(400);
  });

  it('parses columns and on_conflict lists', () => {
    expect(parseColumnList('"a","b c",d', 'columns')).toEqual(['a', 'b c', 'd']);
    expect(errorOf(() => parseColumnList('a,,b', 'columns')).code).toBe('PGRST100');
  });
});

describe('headers', () => {
  it('parses Prefer with several values and remembers unknown ones', () => {
    expect(
      parsePreferences([
        'return=representation, count=exact',
        'resolution=merge-duplicates,missing=default,max-affected=5,handling=strict,bogus',
      ]),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      maxAffected: 5,
      handling: 'strict',
      invalid: ['bogus'],
    });
  });

  it('negotiates Accept', () => {
    expect(negotiate(undefined)).toEqual({ media: 'json', stripNulls: false });
    expect(negotiate('application/vnd.pgrst.object+json')).toEqual({ media: 'object', stripNulls: false });
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({
      media: 'object',
      stripNulls: true,
    });
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ media: 'json', stripNulls: true });
    expect(negotiate('text/csv')).toEqual({ media: 'csv', stripNulls: false });
    expect(errorOf(() => negotiate('image/png')).code).toBe('PGRST107');
  });

  it('negotiates plan media types only when plans are enabled, keeping known options', () => {
    const accept = 'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose|bogus;';
    expect(errorOf(() => negotiate(accept)).code).toBe('PGRST107');
    expect(negotiate(accept, true)).toEqual({
      media: 'csv',
      stripNulls: false,
      plan: { format: 'json', options: ['analyze', 'verbose'] },
    });
    expect(negotiate('application/vnd.pgrst.plan', true)).toEqual({
      media: 'json',
      stripNulls: false,
      plan: { format: 'json', options: [] },
    });
    expect(negotiate('application/vnd.pgrst.plan+text', true).plan?.format).toBe('text');
  });

  it('intersects the Range header with limit/offset', () => {
    expect(resolveRange('0-9', undefined)).toEqual({ offset: 0, limit: 10 });
    expect(resolveRange('5-', { limit: 3 })).toEqual({ offset: 5, limit: 0 });
    expect(resolveRange('2-20', { offset: 4, limit: 5 })).toEqual({ offset: 4, limit: 5 });
    expect(resolveRange(undefined, { offset: 3 })).toEqual({ offset: 3 });
    expect(errorOf(() => resolveRange('9-2', undefined)).status).toBe(416);
  });
});
