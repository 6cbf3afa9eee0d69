// Foreign keys → relationships (§B.3.1 "Relationship detection"): A(cols)→B gives A→B many-to-one
// and B→A one-to-many (one-to-one both ways when A's columns are unique); a junction table whose
// primary key covers FKs to A and B gives A↔B many-to-many.
import type { ForeignKey, Relationship, Table } from './types.js';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function buildRelationships(tables: Map<string, Table>, fks: ForeignKey[]): Relationship[] {
  const rels: Relationship[] = [];
  const seen = new Set<string>();
  const push = (r: Relationship) => {
    const key = `${r.from}|${r.to}|${r.cardinality}|${r.constraint}|${r.junction?.table ?? ''}|${r.junction?.fromConstraint ?? ''}|${r.junction?.toConstraint ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    rels.push(r);
  };
  for (const fk of fks) {
    const from = tables.get(fk.fromTable);
    if (!from || !tables.has(fk.toTable)) continue;
    const unique = from.uniques.some((u) => sameSet(u, fk.fromColumns));
    const pairs = fk.fromColumns.map((c, i) => [c, fk.toColumns[i]!] as [string, string]);
    push({ from: fk.fromTable, to: fk.toTable, cardinality: unique ? 'o2o' : 'm2o', pairs, constraint: fk.name });
    push({
      from: fk.toTable,
      to: fk.fromTable,
      cardinality: unique ? 'o2o' : 'o2m',
      pairs: pairs.map(([a, b]) => [b, a]),
      constraint: fk.name,
    });
  }
  // Junctions: tables with at least two FKs whose columns lie inside the primary key.
  const byTable = new Map<string, ForeignKey[]>();
  for (const fk of fks) {
    const list = byTable.get(fk.fromTable) ?? [];
    list.push(fk);
    byTable.set(fk.fromTable, list);
  }
  for (const [jName, list] of byTable) {
    const j = tables.get(jName);
    if (!j || list.length < 2) continue;
    const inPk = list.filter((fk) => fk.fromColumns.every((c) => j.primaryKey.includes(c)));
    for (const a of inPk) {
      for (const b of inPk) {
        if (a === b || !tables.has(a.toTable) || !tables.has(b.toTable)) continue;
        push({
          from: a.toTable,
          to: b.toTable,
          cardinality: 'm2m',
          pairs: [],
          constraint: `${a.name}/${b.name}`,
          junction: {
            table: jName,
            fromPairs: a.fromColumns.map((c, i) => [c, a.toColumns[i]!]),
            toPairs: b.fromColumns.map((c, i) => [c, b.toColumns[i]!]),
            fromConstraint: a.name,
            toConstraint: b.name,
          },
        });
      }
    }
  }
  return rels;
}
