// The operator table (src/rest/request/operators.ts), row by row: what the parser reads after each
// operator and the SQL the builder writes for it, against PostgREST's operators listed here a second
// time. A new row fails here until its line is added below (and in operators.int.test.ts).
import { describe, expect, it } from 'vitest';
import { RestError } from '../../src/rest/errors.js';
import { parseLogicTree, parseOpExpr } from '../../src/rest/request/filter-parser.js';
import { OPERATORS } from '../../src/rest/request/operators.js';
import { FILTER_OPS, type OpExpr } from '../../src/rest/request/types.js';
import type { Column } from '../../src/rest/schema-cache/types.js';
import { Params } from '../../src/rest/sql/fragment.js';
import { conditionSql } from '../../src/rest/sql/query-builder.js';

function errorOf(fn: () => unknown): RestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RestError) return e;
    throw e;
  }
  throw new Error('expected a RestError');
}

/** The SQL and bound values the builder writes for `"t"."c" <expr>`, `c` of type `typname`. */
function sqlOf(expr: OpExpr, typname = 'text'): { text: string; values: unknown[] } {
  const column: Column = { name: 'c', type: typname, typname, nullable: true, defaultExpr: null };
  const params = new Params();
  const text = conditionSql('"t"', { kind: 'filter', field: { column, jsonPath: [] }, expr }, params);
  return { text, values: params.values };
}

/** `op.a*b` (`op.(a*,b)` for lists, `op.null` for is) as PostgREST writes it; `any` marks (any)/(all). */
const ROWS: Record<string, { text: string; values: string[]; any?: true }> = {
  eq: { text: '"t"."c" = $1', values: ['a*b'], any: true },
  neq: { text: '"t"."c" <> $1', values: ['a*b'] },
  gt: { text: '"t"."c" > $1', values: ['a*b'], any: true },
  gte: { text: '"t"."c" >= $1', values: ['a*b'], any: true },
  lt: { text: '"t"."c" < $1', values: ['a*b'], any: true },
  lte: { text: '"t"."c" <= $1', values: ['a*b'], any: true },
  like: { text: '"t"."c" like $1', values: ['a%b'], any: true },
  ilike: { text: '"t"."c" ilike $1', values: ['a%b'], any: true },
  match: { text: '"t"."c" ~ $1', values: ['a*b'], any: true },
  imatch: { text: '"t"."c" ~* $1', values: ['a*b'], any: true },
  in: { text: '"t"."c" in ($1, $2)', values: ['a*', 'b'] },
  is: { text: '"t"."c" is null', values: [] },
  isdistinct: { text: '"t"."c" is distinct from $1', values: ['a*b'] },
  cs: { text: '"t"."c" @> $1', values: ['a*b'] },
  cd: { text: '"t"."c" <@ $1', values: ['a*b'] },
  ov: { text: '"t"."c" && $1', values: ['a*b'] },
  sl: { text: '"t"."c" << $1', values: ['a*b'] },
  sr: { text: '"t"."c" >> $1', values: ['a*b'] },
  nxr: { text: '"t"."c" &< $1', values: ['a*b'] },
  nxl: { text: '"t"."c" &> $1', values: ['a*b'] },
  adj: { text: '"t"."c" -|- $1', values: ['a*b'] },
  fts: { text: 'to_tsvector("t"."c") @@ to_tsquery($1)', values: ['a*b'] },
  plfts: { text: 'to_tsvector("t"."c") @@ plainto_tsquery($1)', values: ['a*b'] },
  phfts: { text: 'to_tsvector("t"."c") @@ phraseto_tsquery($1)', values: ['a*b'] },
  wfts: { text: 'to_tsvector("t"."c") @@ websearch_to_tsquery($1)', values: ['a*b'] },
};
const operand = (op: string) => (op === 'in' ? '(a*,b)' : op === 'is' ? 'null' : 'a*b');

describe('operator table', () => {
  it('has exactly the operators listed here', () => {
    expect([...FILTER_OPS].sort()).toEqual(Object.keys(ROWS).sort());
  });

  it.each(Object.entries(ROWS))('%s writes %j', (op, expected) => {
    expect(sqlOf(parseOpExpr(`${op}.${operand(op)}`))).toEqual({ text: expected.text, values: expected.values });
    // not. wraps the same condition.
    expect(sqlOf(parseOpExpr(`not.${op}.${operand(op)}`))).toEqual({
      text: `not (${expected.text})`,
      values: expected.values,
    });
  });

  it.each(Object.entries(ROWS).filter(([, r]) => r.any))('%s takes (any) and (all)', (op, expected) => {
    for (const q of ['any', 'all'] as const) {
      const expr = parseOpExpr(`${op}(${q}).{a*,b}`);
      expect(expr).toEqual({ op, negated: false, quantifier: q, value: '{a*,b}' });
      expect(sqlOf(expr)).toEqual({
        text: expected.text.replace('$1', `${q}($1)`),
        values: [op === 'like' || op === 'ilike' ? '{a%,b}' : '{a*,b}'],
      });
    }
  });

  it.each(
    Object.keys(ROWS).filter((op) => OPERATORS[op as keyof typeof OPERATORS].operand === 'value' && !ROWS[op]!.any),
  )('%s refuses (any) with PGRST100', (op) => {
    const e = errorOf(() => parseOpExpr(`${op}(any).{1}`));
    expect([e.status, e.code, e.details]).toEqual([400, 'PGRST100', 'unexpected "(any)" expecting "(any)" or "(all)"']);
  });

  it('reads the modifier of in and is as an error, and of full-text search as its configuration', () => {
    expect(errorOf(() => parseOpExpr('in(any).(1)')).details).toBe('unexpected "(" expecting "."');
    expect(errorOf(() => parseOpExpr('is(any).null')).details).toBe(
      'unexpected value expecting null, not_null, true, false or unknown',
    );
    expect(sqlOf(parseOpExpr('fts(english).cat'))).toEqual({
      text: 'to_tsvector($1::regconfig, "t"."c") @@ to_tsquery($1::regconfig, $2)',
      values: ['english', 'cat'],
    });
    // A tsvector column is searched as it is.
    expect(sqlOf(parseOpExpr('wfts(simple).cat'), 'tsvector')).toEqual({
      text: '"t"."c" @@ websearch_to_tsquery($1::regconfig, $2)',
      values: ['simple', 'cat'],
    });
  });

  it('writes each is keyword, in any case, into the SQL and nothing else', () => {
    const keywords: [string, string][] = [
      ['null', 'null'],
      ['NOT_NULL', 'not null'],
      ['True', 'true'],
      ['false', 'false'],
      ['unknown', 'unknown'],
    ];
    for (const [given, sql] of keywords) expect(sqlOf(parseOpExpr(`is.${given}`)).text).toBe(`"t"."c" is ${sql}`);
    for (const bad of ['maybe', 'nul', '', 'constructor', '__proto__', 'null;']) {
      expect(errorOf(() => parseOpExpr(`is.${bad}`)).code).toBe('PGRST100');
    }
  });

  it('writes an empty in-list as false', () => {
    expect(sqlOf(parseOpExpr('in.()'))).toEqual({ text: 'false', values: [] });
    expect(sqlOf(parseOpExpr('not.in.()'))).toEqual({ text: 'not (false)', values: [] });
  });

  it.each(['constructor', 'hasownproperty', 'EQ', 'e', 'eqq', 'any'])(
    'knows no operator %j (names of the table object itself included)',
    (name) => {
      const e = errorOf(() => parseOpExpr(`${name}.1`));
      expect([e.status, e.code, e.details]).toEqual([
        400,
        'PGRST100',
        `unexpected "${name[0]}" expecting "not" or operator (eq, gt, ...)`,
      ]);
    },
  );

  it('unquotes tree values of value and text-search operators, not is keywords, and applies the wildcard after', () => {
    const leaf = (tree: string) => {
      const t = parseLogicTree('or', false, tree);
      if (t.kind !== 'logic' || t.children[0]?.kind !== 'filter') throw new Error('expected a filter');
      return t.children[0].filter.expr;
    };
    expect(sqlOf(leaf('(c.like."*a,b*")'))).toEqual({ text: '"t"."c" like $1', values: ['%a,b%'] });
    expect(sqlOf(leaf('(c.fts(english)."a, b")')).values).toEqual(['english', 'a, b']);
    expect(sqlOf(leaf('(c.in.("a,b",c))')).values).toEqual(['a,b', 'c']);
    expect(errorOf(() => leaf('(c.is."null")')).code).toBe('PGRST100');
  });
});
