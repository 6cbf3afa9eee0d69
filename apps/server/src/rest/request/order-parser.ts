// order=col[.asc|.desc][.nullsfirst|.nullslast][,…] and order=rel(col).desc (§B.3.4). Pure.
import { RestError } from '../errors.js';
import { Cursor, readField, readIdent } from './select-parser.js';
import type { OrderTerm } from './types.js';

export function parseOrder(src: string): OrderTerm[] {
  const c = new Cursor(src);
  const err = (d: string) =>
    new RestError(400, 'PGRST100', `"failed to parse order (${src})" (line 1, column ${c.pos + 1})`, d);
  const terms: OrderTerm[] = [];
  for (;;) {
    let field = readField(c, err);
    let relation: string | undefined;
    if (c.peek() === '(' && !field.jsonPath.length) {
      c.pos++;
      relation = field.name;
      field = readField(c, err);
      if (c.peek() !== ')') throw err(`unexpected ${c.eof() ? 'end of input' : `"${c.peek()}"`} expecting ")"`);
      c.pos++;
    }
    const term: OrderTerm = { field, ...(relation ? { relation } : {}) };
    while (c.peek() === '.') {
      c.pos++;
      const word = readIdent(c, err);
      if (word === 'asc' || word === 'desc') {
        if (term.direction || term.nulls) throw err(`unexpected "${word}" expecting "nullsfirst" or "nullslast"`);
        term.direction = word;
      } else if (word === 'nullsfirst' || word === 'nullslast') {
        if (term.nulls) throw err(`unexpected "${word}" expecting "," or end of input`);
        term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      } else throw err(`unexpected "${word}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    terms.push(term);
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    if (!c.eof()) throw err(`unexpected "${c.peek()}" expecting "," or end of input`);
    return terms;
  }
}
