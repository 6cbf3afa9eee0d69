// Horizontal filters `col=[not.]op.value` and logic trees `or=(a.eq.1,and(b.gt.2,c.is.null))`
// (SUPABASE-PROTOCOL §B.3.2–3). Pure; errors are PGRST100.
import { RestError } from '../errors.js';
import { Cursor, readField } from './select-parser.js';
import { hasOperand, IS_KEYWORDS, operator, type FilterOpName, type IsKeyword, type OpsWith } from './operators.js';
import type { FieldRef, Filter, LogicNode, OpExpr } from './types.js';

function filterError(raw: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 1)`, details);
}

/** Splits `(a,"b,c",{x,y})` into items, honouring double quotes (with \" and \\ escapes). */
export function parseList(src: string, raw: string): string[] {
  if (!src.startsWith('(') || !src.endsWith(')')) throw filterError(raw, 'unexpected end of input expecting "("');
  const inner = src.slice(1, -1);
  if (inner === '') return [];
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (quoted) {
      if (ch === '\\' && (inner[i + 1] === '"' || inner[i + 1] === '\\')) {
        cur += inner[++i];
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim());
      cur = '';
      wasQuoted = false;
    } else cur += ch;
  }
  if (quoted) throw filterError(raw, 'unexpected end of input expecting "\\""');
  out.push(wasQuoted ? cur : cur.trim());
  return out;
}

/** `op.` or `op(modifier).` at the start of a filter's right-hand side (after any `not.`). */
const OPERATOR_HEAD = /^([a-z]+)(?:\(([^)]*)\))?\./;

/** `[not.]op[(any|all|config)].value` — the right-hand side of a filter, read as its operator's row says. */
export function parseOpExpr(value: string, raw = value): OpExpr {
  const expr = readOpExpr(value, raw);
  if (!expr) throw noOperatorError(value, raw);
  return expr;
}

/** The error of a right-hand side that names no operator (`5`, `not.x`). */
export function noOperatorError(value: string, raw = value): RestError {
  const rest = value.startsWith('not.') ? value.slice(4) : value;
  return filterError(
    raw,
    `unexpected "${rest.slice(0, 1) || 'end of input'}" expecting "not" or operator (eq, gt, ...)`,
  );
}

/**
 * parseOpExpr, except that a value naming no operator is `undefined` rather than an error: on an
 * RPC GET such a value is usually an argument (`?a=5`), so finding that out costs no exception.
 */
export function readOpExpr(value: string, raw = value): OpExpr | undefined {
  let rest = value;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const m = OPERATOR_HEAD.exec(rest);
  const row = m ? operator(m[1]!) : undefined;
  if (!m || !row) return undefined;
  const name = m[1] as FilterOpName;
  const modifier = m[2];
  const operand = rest.slice(m[0].length);
  switch (row.operand) {
    case 'list':
      if (modifier !== undefined) throw filterError(raw, 'unexpected "(" expecting "."');
      return { op: name as OpsWith<'list'>, negated, values: parseList(operand, raw) };
    case 'keyword': {
      const v = operand.toLowerCase();
      if (modifier !== undefined || !Object.hasOwn(IS_KEYWORDS, v)) {
        throw filterError(raw, 'unexpected value expecting null, not_null, true, false or unknown');
      }
      return { op: name as OpsWith<'keyword'>, negated, value: v as IsKeyword };
    }
    case 'text-search':
      return { op: name as OpsWith<'text-search'>, negated, value: operand, ...(modifier ? { config: modifier } : {}) };
    case 'value':
      if (modifier !== undefined) {
        if ((modifier !== 'any' && modifier !== 'all') || !row.quantifiable) {
          throw filterError(raw, `unexpected "(${modifier})" expecting "(any)" or "(all)"`);
        }
        return { op: name as OpsWith<'value'>, negated, quantifier: modifier, value: operand };
      }
      return { op: name as OpsWith<'value'>, negated, value: operand };
  }
}

/** Whether `name` is an operator's name. */
const isOperator = (name: string): name is FilterOpName => operator(name) !== undefined;

function logicError(raw: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse logic tree (${raw})" (line 1, column 1)`, details);
}

/**
 * Reads one tree item's raw text up to the next top-level `,` or `)`, keeping quoted strings,
 * `{...}` array literals and `(...)` lists intact.
 */
function readTreeToken(src: string, start: number): number {
  let i = start;
  let depth = 0;
  let brace = 0;
  let quoted = false;
  for (; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '{') brace++;
    else if (ch === '}') brace = Math.max(0, brace - 1);
    else if (brace === 0 && ch === '(') depth++;
    else if (brace === 0 && ch === ')') {
      if (depth === 0) break;
      depth--;
    } else if (brace === 0 && depth === 0 && ch === ',') break;
  }
  return i;
}

/** Strips one pair of surrounding double quotes from a tree value (`"a,b"` → `a,b`). */
function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(["\\])/g, '$1');
  return v;
}

/** `a.b.col.not.eq.v` inside a tree → embed path [a,b], field col, expression. */
function parseTreeFilter(text: string, raw: string): Filter {
  const c = new Cursor(text);
  const err = (d: string) => logicError(raw, d);
  const embedPath: string[] = [];
  let field: FieldRef = readField(c, err);
  for (;;) {
    if (c.peek() !== '.') throw err(`unexpected ${c.eof() ? 'end of input' : `"${c.peek()}"`} expecting "."`);
    const after = text.slice(c.pos + 1);
    const word = /^[a-z]+/.exec(after)?.[0] ?? '';
    const isOp = word === 'not' || (isOperator(word) && OPERATOR_HEAD.test(after));
    // `rel.not.is.null`: a segment that reads as an operator ends the path, as in PostgREST.
    if (isOp) break;
    if (field.jsonPath.length) throw err('unexpected "." after a JSON path expecting operator');
    embedPath.push(field.name);
    c.pos++;
    field = readField(c, err);
  }
  c.pos++;
  const exprText = text.slice(c.pos);
  let expr: OpExpr;
  try {
    expr = parseOpExpr(exprText, raw);
  } catch {
    throw err(`unexpected "${exprText.slice(0, 1) || 'end of input'}" expecting "not" or operator (eq, gt, ...)`);
  }
  // A value may be double-quoted in a tree (`title.eq."a,b"`); keywords and lists read their own.
  if (hasOperand(expr, 'value') || hasOperand(expr, 'text-search')) expr = { ...expr, value: unquote(expr.value) };
  return { embedPath, field, expr };
}

function parseTreeItems(src: string, start: number, raw: string): { nodes: LogicNode[]; end: number } {
  const nodes: LogicNode[] = [];
  let i = start;
  if (src[i] === ')') throw logicError(raw, 'unexpected ")" expecting a filter or a logic tree');
  for (;;) {
    const m = /^(not\.)?(and|or)\(/.exec(src.slice(i));
    if (m) {
      const inner = parseTreeItems(src, i + m[0].length, raw);
      if (src[inner.end] !== ')') throw logicError(raw, 'unexpected end of input expecting ")"');
      nodes.push({ kind: 'logic', op: m[2] as 'and' | 'or', negated: !!m[1], children: inner.nodes });
      i = inner.end + 1;
    } else {
      const end = readTreeToken(src, i);
      const text = src.slice(i, end);
      if (!text) throw logicError(raw, `unexpected "${src[i] ?? 'end of input'}" expecting a filter`);
      nodes.push({ kind: 'filter', filter: parseTreeFilter(text, raw) });
      i = end;
    }
    if (src[i] === ',') {
      i++;
      continue;
    }
    return { nodes, end: i };
  }
}

/** `op` is and|or from the key; `value` is `(…)`. */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, value: string): LogicNode {
  const raw = value;
  if (!value.startsWith('(')) throw logicError(raw, `unexpected "${value[0] ?? 'end of input'}" expecting "("`);
  const { nodes, end } = parseTreeItems(value, 1, raw);
  if (value[end] !== ')' || end !== value.length - 1)
    throw logicError(raw, 'unexpected input expecting ")" at the end');
  return { kind: 'logic', op, negated, children: nodes };
}
