// SQL-builder tests on representative plans: identifiers quoted from the cache, every request value
// a bound parameter, and the shapes of §B.6 (lateral embeds, json_agg body, RETURNING 1).
import { describe, expect, it } from 'vitest';
import { actionPlan } from '../../src/rest/plan/index.js';
import { buildQuery } from '../../src/rest/sql/build-query.js';
import { parseRequest } from '../../src/rest/request/parse-request.js';
import { buildRelationships } from '../../src/rest/schema-cache/relationships.js';
import type { Column, SchemaCache, Table } from '../../src/rest/schema-cache/types.js';

function table(name: string, cols: [string, string, string?][], pk: string[]): Table {
  const columns = new Map<string, Column>();
  for (const [n, type, def] of cols)
    columns.set(n, { name: n, type, typname: type, nullable: true, defaultExpr: def ?? null });
  return {
    schema: 'public',
    name,
    isView: false,
    insertable: true,
    columns,
    columnOrder: cols.map((c) => c[0]),
    computedFields: new Map(),
    primaryKey: pk,
    uniques: [pk],
  };
}

const tables = new Map<string, Table>([
  [
    'authors',
    table(
      'authors',
      [
        ['id', 'int8'],
        ['name', 'text'],
      ],
      ['id'],
    ),
  ],
  [
    'posts',
    table(
      'posts',
      [
        ['id', 'int8'],
        ['author_id', 'int8'],
        ['title', 'text'],
        ['meta', 'jsonb'],
        ['views', 'int4', '0'],
      ],
      ['id'],
    ),
  ],
  [
    'tags',
    table(
      'tags',
      [
        ['id', 'int8'],
        ['label', 'text'],
      ],
      ['id'],
    ),
  ],
  [
    'post_tags',
    table(
      'post_tags',
      [
        ['post_id', 'int8'],
        ['tag_id', 'int8'],
      ],
      ['post_id', 'tag_id'],
    ),
  ],
]);
const cache: SchemaCache = {
  schema: 'public',
  tables,
  relationships: buildRelationships(tables, [
    {
      name: 'posts_author_id_fkey',
      fromTable: 'posts',
      fromColumns: ['author_id'],
      toTable: 'authors',
      toColumns: ['id'],
    },
    {
      name: 'post_tags_post_id_fkey',
      fromTable: 'post_tags',
      fromColumns: ['post_id'],
      toTable: 'posts',
      toColumns: ['id'],
    },
    {
      name: 'post_tags_tag_id_fkey',
      fromTable: 'post_tags',
      fromColumns: ['tag_id'],
      toTable: 'tags',
      toColumns: ['id'],
    },
  ]),
  routines: new Map(),
  typeNames: new Set(['text', 'int4', 'int8', 'numeric']),
  fingerprint: '',
};

function sqlFor(
  method: string,
  path: string,
  qs: string,
  opts: { body?: unknown; prefer?: string; accept?: string } = {},
) {
  const req = parseRequest({
    method,
    path,
    queryString: qs,
    headers: { ...(opts.prefer ? { prefer: opts.prefer } : {}), ...(opts.accept ? { accept: opts.accept } : {}) },
    body: opts.body,
  });
  return buildQuery(actionPlan(req, cache));
}

describe('SQL builder', () => {
  it('builds a filtered, ordered, paged read rendered by json_agg', () => {
    const q = sqlFor(
      'GET',
      '/posts',
      'select=id,t:title&views=gt.5&title=like.*x*&order=id.desc.nullslast&limit=10&offset=20',
    );
    expect(q.text).toBe(
      'select null::bigint as "total", count("t") as "page_total", coalesce(json_agg("t"), \'[]\')::text as "body", ' +
        `nullif(current_setting('response.headers', true), '') as "response_headers", nullif(current_setting('response.status', true), '') as "response_status" from (` +
        'select "t0"."id" as "id", "t0"."title" as "t" from "public"."posts" as "t0" where "t0"."views" > $1 and "t0"."title" like $2 ' +
        'order by "t0"."id" desc nulls last limit 10 offset 20) as "t"',
    );
    // Page bounds are literals, as PostgREST writes them: a statement without parameters is
    // planned once per connection (decision 0086).
    expect(q.values).toEqual(['5', '%x%']);
  });

  it('embeds to-one with row_to_json and to-many/many-to-many with json_agg in lateral joins', () => {
    const q = sqlFor('GET', '/posts', 'select=id,authors(name),tags!inner(label)&tags.label=eq.news');
    expect(q.text).toContain(
      'left join lateral (select row_to_json("x") as "pgrst_j", "x".* from (select "t1"."name" as "name" from "public"."authors" as "t1" where "t1"."id" = "t0"."author_id" limit 1) as "x") as "l1" on true',
    );
    expect(q.text).toContain(
      'left join lateral (select coalesce(json_agg("x"), \'[]\') as "pgrst_j" from (select "t2"."label" as "label" from "public"."tags" as "t2" where exists (select 1 from "public"."post_tags" as "j2" where "j2"."post_id" = "t0"."id" and "j2"."tag_id" = "t2"."id") and "t2"."label" = $1) as "x") as "l2" on true',
    );
    expect(q.text).toContain('where json_array_length("l2"."pgrst_j") > 0');
    // db-max-rows caps every read.
    expect(q.text).toMatch(/ limit 1000\) as "t"$/);
    expect(q.values).toEqual(['news']);
  });

  it('pages before embedding when no filter depends on an embed', () => {
    const q = sqlFor('GET', '/posts', 'select=id,authors(name)&order=id.desc&limit=20');
    expect(q.text).toContain(
      'from (select "t0"."id", "t0"."author_id" from "public"."posts" as "t0" order by "t0"."id" desc limit 20) as "t0" left join lateral',
    );
    expect(q.text).toMatch(/on true order by "t0"."id" desc\) as "t"$/);
    // With !inner the parent filter needs the embed, so the embed runs before the limit.
    const inner = sqlFor('GET', '/posts', 'select=id,authors!inner(name)&limit=20');
    expect(inner.text).toContain('from "public"."posts" as "t0" left join lateral');
  });

  it('turns embedded columns inside a parent logic tree into EXISTS over the relationship', () => {
    const q = sqlFor('GET', '/posts', 'select=id,tags()&or=(title.eq.a,tags.label.eq.b)');
    expect(q.text).toContain(
      '(("t0"."title" = $1) or (exists (select 1 from "public"."tags" as "x1" where exists (select 1 from "public"."post_tags" as "j1" where "j1"."post_id" = "t0"."id" and "j1"."tag_id" = "x1"."id") and "x1"."label" = $2)))',
    );
  });

  it('binds JSON path keys, in-lists and casts checked against pg_type', () => {
    const q = sqlFor('GET', '/posts', 'select=id::text,meta->>kind&meta->>kind=in.(a,"b,c")');
    expect(q.text).toContain('"t0"."id"::"text" as "id"');
    expect(q.text).toContain('("t0"."meta"->>$1::text) as "kind"');
    expect(q.text).toContain('("t0"."meta"->>$2::text) in ($3, $4)');
    expect(q.values).toEqual(['kind', 'kind', 'a', 'b,c']);
    expect(() => sqlFor('GET', '/posts', 'select=id::text;drop')).toThrow();
    expect(() => sqlFor('GET', '/posts', 'select=id::nosuchtype')).toThrow(/does not exist/);
  });

  it('never puts request text into the statement', () => {
    const hostile = `x'); drop table posts; --`;
    const q = sqlFor(
      'GET',
      '/posts',
      `select=id&title=eq.${encodeURIComponent(hostile)}&or=(title.eq.${encodeURIComponent(`"${hostile}"`)})`,
    );
    expect(q.text).not.toContain('drop table');
    expect(q.values).toContain(hostile);
  });

  it('counts over the same FROM/WHERE without order and limit', () => {
    const q = sqlFor('GET', '/posts', 'select=id&views=gte.1&limit=1', { prefer: 'count=exact' });
    expect(q.text).toContain('(select count(*) from "public"."posts" as "t0" where "t0"."views" >= $1) as "total"');
  });

  it('inserts with RETURNING 1 for minimal writes and returns only needed columns for representation', () => {
    const minimal = sqlFor('POST', '/posts', '', { body: { title: 'a' } });
    expect(minimal.text).toBe(
      'with "pgrst_source" as (insert into "public"."posts" as "pgrst_t" ("title") select "pgrst_rec"."title" ' +
        'from jsonb_array_elements($1::jsonb) with ordinality as "pgrst_body"("j", "n") cross join lateral jsonb_populate_record(null::"public"."posts", "pgrst_body"."j") as "pgrst_rec" order by "pgrst_body"."n" returning 1) ' +
        'select null::bigint as "total", count(*) as "page_total", null::text as "body", ' +
        `nullif(current_setting('response.headers', true), '') as "response_headers", nullif(current_setting('response.status', true), '') as "response_status" from "pgrst_source"`,
    );
    expect(minimal.values).toEqual(['[{"title":"a"}]']);
    const rep = sqlFor('POST', '/posts', 'select=title,authors(name)', {
      body: { title: 'a' },
      prefer: 'return=representation',
    });
    expect(rep.text).toContain('returning "pgrst_t"."title", "pgrst_t"."author_id")');
    expect(rep.text).toContain('from "pgrst_source" as "t0"');
    expect(rep.text).toContain('left join lateral');
  });

  it('uses column defaults for missing keys with missing=default, and ON CONFLICT for upserts', () => {
    const q = sqlFor('POST', '/posts', 'columns="title","views"&on_conflict=id', {
      body: [{ title: 'a' }],
      prefer: 'missing=default, resolution=merge-duplicates',
    });
    // Every row is laid over the inserted columns' defaults, as PostgREST 13 builds it.
    expect(q.text).toContain(
      `jsonb_populate_record(null::"public"."posts", jsonb_build_object('views', 0) || "pgrst_body"."j") as "pgrst_rec"`,
    );
    expect(q.text).toContain('on conflict ("id") do update set "title" = excluded."title", "views" = excluded."views"');
  });

  it('updates and deletes with bound filters and refuses to build unfiltered ones', () => {
    const upd = sqlFor('PATCH', '/posts', 'id=eq.3', { body: { title: 'b' } });
    expect(upd.text).toContain(
      'update "public"."posts" as "t0" set "title" = "pgrst_body"."title" from (select * from jsonb_populate_record(null::"public"."posts", $1::jsonb)) as "pgrst_body" where "t0"."id" = $2 returning 1',
    );
    const del = sqlFor('DELETE', '/posts', 'or=(id.eq.1,id.eq.2)');
    expect(del.text).toContain(
      'delete from "public"."posts" as "t0" where (("t0"."id" = $1) or ("t0"."id" = $2)) returning 1',
    );
    expect(() => sqlFor('DELETE', '/posts', '')).toThrow('DELETE requires a WHERE clause');
    expect(() => sqlFor('PATCH', '/posts', 'authors.id=eq.1', { body: {} })).toThrow('UPDATE requires a WHERE clause');
  });

  it('plans without changing the parsed request, so one parse plans twice alike', () => {
    const req = parseRequest({
      method: 'GET',
      path: '/posts',
      queryString: 'select=id,tags(label)&views=gt.5&tags.label=eq.news',
      headers: {},
      body: undefined,
    });
    const parsed = structuredClone(req);
    const first = buildQuery(actionPlan(req, cache));
    expect(req).toEqual(parsed);
    expect(buildQuery(actionPlan(req, cache))).toEqual(first);
  });
});
