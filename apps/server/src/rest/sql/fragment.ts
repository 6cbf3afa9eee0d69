// The only ways text enters generated SQL: identifiers from the schema cache (quoted), literals
// of catalog names (quoted), and bound parameters for every request value.

/** Collects bound parameters; `add` returns the `$n` placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier (names come from the schema cache or are output aliases). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quotes a string literal — used only for catalog-derived names (e.g. column keys in `?`). */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A `::type` cast from a name the planner checked against pg_type. */
export function castTo(typname: string): string {
  const isArray = typname.endsWith('[]');
  const base = isArray ? typname.slice(0, -2) : typname;
  return `::${ident(base)}${isArray ? '[]' : ''}`;
}
