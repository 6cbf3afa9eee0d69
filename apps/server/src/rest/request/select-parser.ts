// select=alias:col->json::cast, rel!hint!inner(...), ...spread — a small recursive-descent parser
// (PostgREST QueryParams.pFieldForest). Pure; errors are PGRST100 with a position.
import { RestError } from '../errors.js';
import { AGGREGATE_FUNCTIONS, type AggregateFn, type FieldRef, type JsonStep, type SelectItem } from './types.js';

const AGGREGATES = new Set<string>(AGGREGATE_FUNCTIONS);
const isAggregate = (name: string): name is AggregateFn => AGGREGATES.has(name);

export class Cursor {
  pos = 0;
  constructor(readonly src: string) {}
  peek(n = 0): string {
    return this.src[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }
  eof(): boolean {
    return this.pos >= this.src.length;
  }
}

export function selectError(src: string, pos: number, details: string): RestError {
  return new RestError(
    400,
    'PGRST100',
    `"failed to parse select parameter (${src})" (line 1, column ${pos + 1})`,
    details,
  );
}

/** Identifier characters: letters, digits, _, $, space, and `-` not followed by `>`. */
export function readIdent(c: Cursor, err: (d: string) => RestError): string {
  if (c.peek() === '"') {
    c.pos++;
    let out = '';
    while (!c.eof() && c.peek() !== '"') {
      if (c.peek() === '\\' && (c.peek(1) === '"' || c.peek(1) === '\\')) c.pos++;
      out += c.peek();
      c.pos++;
    }
    if (c.eof()) throw err('unexpected end of input expecting "\\""');
    c.pos++;
    return out;
  }
  const start = c.pos;
  while (!c.eof()) {
    const ch = c.peek();
    if (/[\p{L}\p{N}_$ ]/u.test(ch) || (ch === '-' && c.peek(1) !== '>')) c.pos++;
    else break;
  }
  const name = c.src.slice(start, c.pos).trim();
  if (!name)
    throw err(
      c.eof() ? 'unexpected end of input expecting field name' : `unexpected "${c.peek()}" expecting field name`,
    );
  return name;
}

/** `->a->>b->0` after a column name. Integer keys index arrays. */
export function readJsonPath(c: Cursor, err: (d: string) => RestError): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow: JsonStep['arrow'] = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    const numMatch = /^-?\d+(?![\p{L}_$])/u.exec(c.src.slice(c.pos));
    if (numMatch && !(c.src[c.pos + numMatch[0].length] === '-' && c.src[c.pos + numMatch[0].length + 1] !== '>')) {
      c.pos += numMatch[0].length;
      steps.push({ arrow, key: Number(numMatch[0]) });
    } else {
      steps.push({ arrow, key: readIdent(c, err) });
    }
  }
  return steps;
}

export function readField(c: Cursor, err: (d: string) => RestError): FieldRef {
  const name = readIdent(c, err);
  return { name, jsonPath: readJsonPath(c, err) };
}

function readCast(c: Cursor, err: (d: string) => RestError): string | undefined {
  if (!c.startsWith('::')) return undefined;
  c.pos += 2;
  const m = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(c.src.slice(c.pos));
  if (!m) throw err(`unexpected "${c.peek()}" expecting type name`);
  c.pos += m[0].length;
  return m[0].trim();
}

function parseItems(c: Cursor, err: (d: string) => RestError, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && c.peek() === ')') return items; // empty embed rel()
  for (;;) {
    items.push(parseItem(c, err));
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    break;
  }
  return items;
}

function parseItem(c: Cursor, err: (d: string) => RestError): SelectItem {
  if (c.peek() === '*') {
    c.pos++;
    return { kind: 'star' };
  }
  let spread = false;
  if (c.startsWith('...')) {
    spread = true;
    c.pos += 3;
  }
  let alias: string | undefined;
  let field = readField(c, err);
  if (c.peek() === ':' && c.peek(1) !== ':') {
    if (field.jsonPath.length) throw err(`unexpected ":" expecting "::" or ","`);
    c.pos++;
    alias = field.name;
    field = readField(c, err);
  }
  // Bare `count()`: rows per group. Whether aggregates may run is the planner's decision.
  if (!spread && c.startsWith('()') && !field.jsonPath.length && field.name === 'count') {
    c.pos += 2;
    const cast = readCast(c, err);
    return { kind: 'aggregate', fn: 'count', ...(alias !== undefined ? { alias } : {}), ...(cast ? { cast } : {}) };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    if (field.jsonPath.length) throw err(`unexpected "${c.peek()}" expecting "," or ")"`);
    let hint: string | undefined;
    let joinType: 'inner' | 'left' | undefined;
    while (c.peek() === '!') {
      c.pos++;
      const word = readIdent(c, err);
      if (word === 'inner' || word === 'left') joinType = word;
      else if (hint === undefined) hint = word;
      else throw err(`unexpected "${word}" expecting "inner" or "left"`);
    }
    if (c.peek() !== '(') throw err(`unexpected ${c.eof() ? 'end of input' : `"${c.peek()}"`} expecting "("`);
    c.pos++;
    const children = parseItems(c, err, true);
    if (c.peek() !== ')') throw err(`unexpected ${c.eof() ? 'end of input' : `"${c.peek()}"`} expecting ")"`);
    c.pos++;
    return {
      kind: 'embed',
      relation: field.name,
      spread,
      children,
      ...(alias !== undefined ? { alias } : {}),
      ...(hint !== undefined ? { hint } : {}),
      ...(joinType ? { joinType } : {}),
    };
  }
  if (spread) throw err('unexpected end of spread expecting "("');
  const cast = readCast(c, err);
  if (c.peek() === '.') {
    c.pos++;
    const fn = readIdent(c, err);
    if (!isAggregate(fn) || !c.startsWith('()')) throw err(`unexpected "${fn}" expecting an aggregate function`);
    c.pos += 2;
    const outputCast = readCast(c, err);
    return {
      kind: 'aggregate',
      fn,
      field,
      ...(alias !== undefined ? { alias } : {}),
      ...(cast ? { inputCast: cast } : {}),
      ...(outputCast ? { cast: outputCast } : {}),
    };
  }
  return { kind: 'field', field, ...(alias !== undefined ? { alias } : {}), ...(cast ? { cast } : {}) };
}

export function parseSelect(src: string): SelectItem[] {
  // supabase-js strips whitespace outside quotes; be as lenient for hand-written URLs.
  const c = new Cursor(src);
  const err = (d: string) => selectError(src, c.pos, d);
  if (src === '') return [{ kind: 'star' }];
  const items = parseItems(c, err, false);
  if (!c.eof()) throw err(`unexpected "${c.peek()}" expecting "," or end of input`);
  return items;
}
