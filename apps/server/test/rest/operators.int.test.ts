// Every row of the operator table (src/rest/request/operators.ts) run on the database, both
// drivers: each operator's SQL with a value of the column's kind selects the rows PostgreSQL's
// operator selects. A new row fails the first test until it has a line here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { FILTER_OPS } from '../../src/rest/request/types.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const SQL = `
create table public.op_rows (
  id integer primary key,
  n integer,
  t text not null,
  tags text[] not null,
  r int4range not null,
  body text
);
grant select on public.op_rows to anon;
insert into public.op_rows values
  (1, 1, 'apple pie', '{a,b}', '[1,5)', 'The cats are running'),
  (2, 2, 'Banana', '{b}', '[5,10)', 'A dog runs home'),
  (3, null, 'cherry*', '{}', '[20,30)', null);
`;

/** A filter as the query string carries it, and the ids it selects. */
const CASES: [string, number[]][] = [
  ['n=eq.1', [1]],
  ['n=neq.1', [2]],
  ['n=gt.1', [2]],
  ['n=gte.1', [1, 2]],
  ['n=lt.2', [1]],
  ['n=lte.2', [1, 2]],
  ['t=like.*pie', [1]],
  ['t=ilike.BAN*', [2]],
  ['t=match.^B', [2]],
  ['t=imatch.^b', [2]],
  ['n=in.(1,2)', [1, 2]],
  ['n=is.null', [3]],
  ['n=isdistinct.1', [2, 3]],
  ['tags=cs.{b}', [1, 2]],
  ['tags=cd.{a,b}', [1, 2, 3]],
  ['tags=ov.{a,c}', [1]],
  ['r=sl.[10,20)', [1, 2]],
  ['r=sr.[10,20)', [3]],
  ['r=nxr.[1,6)', [1]],
  ['r=nxl.[5,6)', [2, 3]],
  ['r=adj.[10,20)', [2, 3]],
  ['body=fts(english).cat', [1]],
  ['body=plfts(english).running cats', [1]],
  ['body=phfts(english).dog runs', [2]],
  ['body=wfts(english).cat or dog', [1, 2]],
  // Quantified, negated, and the like wildcard on a value that holds a `*` itself.
  ['n=eq(any).{1,2}', [1, 2]],
  ['n=gt(all).{0,1}', [2]],
  ['t=like(all).{*a*,*e*}', [1]],
  ['t=ilike(any).{*PIE,cherry}', [1]],
  ['t=like.cherry*', [3]],
  ['n=not.eq.1', [2]],
  ['n=not.is.null', [1, 2]],
];

describe('operator cases', () => {
  it('run every operator of the table', () => {
    const tried = new Set(CASES.map(([qs]) => /=(?:not\.)?([a-z]+)/.exec(qs)![1]));
    expect([...tried].sort()).toEqual([...FILTER_OPS].sort());
  });
});

describe.each(drivers)('filter operators on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    await server.ctx.db.exec(SQL);
    await reloadSchemaCache(server.ctx);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(CASES)('%s selects %j', async (filter, ids) => {
    const [key, value] = filter.split(/=(.*)/s);
    const qs = `select=id&order=id&${key}=${encodeURIComponent(value!)}`;
    const res = await fetch(`${server.url}/rest/v1/op_rows?${qs}`, { headers: { apikey: server.anonKey } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: number }[]).map((r) => r.id)).toEqual(ids);
  });
});
