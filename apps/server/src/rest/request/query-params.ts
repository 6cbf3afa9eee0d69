// Splits the raw query string into select / filters / logic / order / limit / offset / columns /
// on_conflict and parses each (PostgREST QueryParams.parse). Keys with a dotted prefix apply to
// embedded resources.
import { RestError } from '../errors.js';
import { noOperatorError, parseLogicTree, readOpExpr } from './filter-parser.js';
import { parseOrder } from './order-parser.js';
import { Cursor, parseSelect, readField } from './select-parser.js';
import type { FieldRef, Filter, FilteredQuery, ParsedFilter, QueryParams } from './types.js';

/** Decodes `a=b&c=d` keeping order and repeats; `+` is a space; `apikey` is the gateway's. */
export function splitQueryString(qs: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    // A key without `=` is ignored, as PostgREST does.
    if (eq < 0) continue;
    const key = decode(part.slice(0, eq));
    if (key === 'apikey') continue;
    out.push([key, decode(part.slice(eq + 1))]);
  }
  return out;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new RestError(400, 'PGRST100', 'Invalid percent-encoding in the query string', null);
  }
}

function parseNonNegativeInt(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse ${key} parameter (${value})" (line 1, column 1)`,
      'unexpected input expecting a non-negative integer',
    );
  }
  return Number(value);
}

/** `"a","b"` or `a,b` → names. */
export function parseColumnList(value: string, what: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,"]+))\s*(?:,|$)/gy;
  let m: RegExpExecArray | null;
  let last = 0;
  while (last < value.length && (m = re.exec(value))) {
    out.push((m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!).trim());
    last = re.lastIndex;
  }
  if (last < value.length || out.some((c) => !c)) {
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse ${what} parameter (${value})" (line 1, column 1)`,
      'unexpected input expecting column names',
    );
  }
  return out;
}

/** `a.b.col` → embed path [a,b] and the field `col` (which may carry a JSON path). */
function splitKey(key: string): { embedPath: string[]; field: FieldRef } {
  const c = new Cursor(key);
  const err = (d: string) =>
    new RestError(400, 'PGRST100', `"failed to parse filter (${key})" (line 1, column ${c.pos + 1})`, d);
  const path: string[] = [];
  let field = readField(c, err);
  while (c.peek() === '.' && !field.jsonPath.length) {
    c.pos++;
    path.push(field.name);
    field = readField(c, err);
  }
  if (!c.eof()) throw err(`unexpected "${c.peek()}" expecting "." or "="`);
  return { embedPath: path, field };
}

const RESERVED = /^(order|limit|offset|or|and|not\.or|not\.and)$/;
const RESERVED_TAIL = /^(.+?)\.(order|limit|offset|or|and|not\.or|not\.and)$/;

/**
 * A non-reserved pair read as a filter. What reads as none waits for withFilters: an RPC GET/HEAD
 * argument (`?a=5`) is no filter, and for a table an unknown name (PGRST205) is answered first.
 */
function readFilter(key: string, value: string): ParsedFilter {
  try {
    const { embedPath, field } = splitKey(key);
    const expr = readOpExpr(value, value);
    return expr ? { embedPath, field, expr } : { noOperator: true };
  } catch (e) {
    if (e instanceof RestError) return { error: e };
    throw e;
  }
}

export function parseQueryParams(pairs: [string, string][]): QueryParams {
  const q: QueryParams = { select: [{ kind: 'star' }], logic: [], order: [], ranges: [], params: [] };
  const range = (embedPath: string[]) => {
    let r = q.ranges.find((x) => x.embedPath.join('.') === embedPath.join('.'));
    if (!r) q.ranges.push((r = { embedPath }));
    return r;
  };
  for (const [key, value] of pairs) {
    if (key === 'select') {
      q.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      q.columns = parseColumnList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      q.onConflict = parseColumnList(value, 'on_conflict');
      continue;
    }
    const reserved = RESERVED.exec(key) ? [key, undefined, key] : RESERVED_TAIL.exec(key);
    if (reserved && !(reserved[1] && /->/.test(reserved[1]))) {
      const embedPath = reserved[1] ? reserved[1].split('.') : [];
      const what = reserved[2]!;
      if (what === 'order') q.order.push({ embedPath, terms: parseOrder(value) });
      else if (what === 'limit') range(embedPath).limit = parseNonNegativeInt('limit', value);
      else if (what === 'offset') range(embedPath).offset = parseNonNegativeInt('offset', value);
      else {
        const negated = what.startsWith('not.');
        const op = what.endsWith('or') ? 'or' : 'and';
        q.logic.push({ embedPath, tree: parseLogicTree(op, negated, value) });
      }
      continue;
    }
    q.params.push({ key, value, filter: readFilter(key, value) });
  }
  return q;
}

/**
 * The query with the filters that apply: every non-reserved key's, except the keys in `exclude`
 * (an RPC GET/HEAD's arguments, which only plan/ knows). Nothing is parsed here; the first
 * filter that did not parse is thrown. Returns a new value: the parsed request stays as parsed.
 */
export function withFilters(q: QueryParams, exclude: ReadonlySet<string> = new Set()): FilteredQuery {
  const filters: Filter[] = [];
  for (const p of q.params) {
    if (exclude.has(p.key)) continue;
    if ('noOperator' in p.filter) throw noOperatorError(p.value);
    if ('error' in p.filter) throw p.filter.error;
    filters.push(p.filter);
  }
  return { ...q, filters };
}
