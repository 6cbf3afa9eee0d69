// Reads through unmodified supabase-js: select grammar, embeds, filters, logic trees, order,
// ranges and counts, singular responses, media types, and the read-side error codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { seedFixture } from './fixture.js';

describe.each(drivers)('rest reads on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let anon: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    await seedFixture(server, alice.id, bob.id);
    anon = server.anonClient();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('selects all columns of visible rows, RLS applied per caller', async () => {
    const asAnon = await anon.from('rt_posts').select('id').order('id');
    expect(asAnon.error).toBeNull();
    expect(asAnon.data).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    const asAlice = await alice.client.from('rt_posts').select('id').order('id');
    expect(asAlice.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    const asService = await server.serviceClient().from('rt_posts').select('id').order('id');
    expect(asService.data?.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('renders values as PostgreSQL JSON (timestamptz, arrays, jsonb)', async () => {
    const { data, error } = await anon.from('rt_posts').select('*').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: 1,
      title: 'First post',
      labels: ['a', 'b'],
      meta: { score: 5, kind: 'intro' },
      created_at: '2026-01-01T10:00:00+00:00',
      published: true,
    });
  });

  it('supports aliases, casts and JSON paths', async () => {
    const { data, error } = await anon
      .from('rt_authors')
      .select(
        'who:name, id_text:id::text, city:profile->>city, profile->langs, first_lang:profile->langs->>0, profile->age',
      )
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ who: 'Alice', id_text: '1', city: 'Oslo', langs: ['no', 'en'], first_lang: 'no', age: 30 });
  });

  it('embeds to-one as an object (or null), to-many as an array, one-to-one and many-to-many', async () => {
    const { data, error } = await anon
      .from('rt_posts')
      .select(
        'id, author:rt_authors!author_id(name, settings:rt_author_settings(theme)), reviewer:rt_authors!reviewer_id(name), rt_tags(label)',
      )
      .order('id')
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        author: { name: 'Alice', settings: { theme: 'dark' } },
        reviewer: { name: 'Carol, "the reviewer"' },
        rt_tags: [{ label: 'news' }, { label: 'howto' }],
      },
      { id: 2, author: { name: 'Alice', settings: { theme: 'dark' } }, reviewer: null, rt_tags: [{ label: 'howto' }] },
    ]);
    const many = await anon.from('rt_authors').select('name, rt_posts!author_id(id)').eq('id', 3).single();
    expect(many.data).toEqual({ name: 'Carol, "the reviewer"', rt_posts: [] });
  });

  it('answers 300 PGRST201 for an ambiguous embed and 400 PGRST200 for no relationship', async () => {
    const ambiguous = await anon.from('rt_posts').select('id, rt_authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(Array.isArray(ambiguous.error?.details)).toBe(true);
    expect(ambiguous.error?.hint).toContain("'rt_authors!rt_posts_reviewer_fkey'");
    const none = await anon.from('rt_tags').select('id, rt_authors(name)');
    expect(none.status).toBe(400);
    expect(none.error?.code).toBe('PGRST200');
  });

  it('filters parents with !inner and embedded filters, and by embed presence', async () => {
    const inner = await anon
      .from('rt_posts')
      .select('id, rt_tags!inner(label)')
      .eq('rt_tags.label', 'news')
      .order('id');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([
      { id: 1, rt_tags: [{ label: 'news' }] },
      { id: 4, rt_tags: [{ label: 'news' }] },
    ]);
    const childOnly = await anon.from('rt_posts').select('id, rt_tags(label)').eq('rt_tags.label', 'news').order('id');
    expect(childOnly.data).toEqual([
      { id: 1, rt_tags: [{ label: 'news' }] },
      { id: 2, rt_tags: [] },
      { id: 4, rt_tags: [{ label: 'news' }] },
    ]);
    const withReviewer = await anon
      .from('rt_posts')
      .select('id, reviewer:rt_authors!reviewer_id()')
      .not('reviewer', 'is', null);
    expect(withReviewer.data).toEqual([{ id: 1 }]);
    const withoutTags = await alice.client.from('rt_posts').select('id, rt_tags()').is('rt_tags', null).order('id');
    expect(withoutTags.data).toEqual([{ id: 3 }]);
  });

  it('applies every filter operator', async () => {
    const ids = async (q: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
      const r = await q;
      expect(r.error).toBeNull();
      return (r.data ?? []).map((x) => x.id).sort((a, b) => a - b);
    };
    const t = () => alice.client.from('rt_posts').select('id');
    expect(await ids(t().eq('views', 10))).toEqual([1]);
    expect(await ids(t().neq('views', 10))).toEqual([2, 3, 4]);
    expect(await ids(t().gt('views', 5))).toEqual([1, 2]);
    expect(await ids(t().gte('views', 5))).toEqual([1, 2, 4]);
    expect(await ids(t().lt('views', 5))).toEqual([3]);
    expect(await ids(t().lte('views', 5))).toEqual([3, 4]);
    expect(await ids(t().like('title', '%post'))).toEqual([1, 2]);
    expect(await ids(t().ilike('title', 'bob*'))).toEqual([4]);
    expect(await ids(t().match({ views: 20, published: true }))).toEqual([2]);
    expect(await ids(t().filter('title', 'imatch', '^b.*rome$'))).toEqual([4]);
    expect(await ids(t().filter('title', 'match', 'draft$'))).toEqual([3]);
    expect(await ids(t().in('id', [1, 4, 99]))).toEqual([1, 4]);
    expect(await ids(t().in('title', ['First post', 'a,b "c"']))).toEqual([1]);
    expect(await ids(t().in('id', []))).toEqual([]);
    expect(await ids(t().is('body', null))).toEqual([2]);
    expect(await ids(t().not('body', 'is', null))).toEqual([1, 3, 4]);
    expect(await ids(t().is('published', false))).toEqual([3]);
    expect(await ids(t().contains('labels', ['b']))).toEqual([1, 2]);
    expect(await ids(t().containedBy('labels', ['a', 'b']))).toEqual([1, 2, 3]);
    expect(await ids(t().overlaps('labels', ['a', 'c']))).toEqual([1, 4]);
    expect(await ids(t().contains('meta', { score: 5 }))).toEqual([1]);
    expect(await ids(t().not('id', 'in', '(1,2)'))).toEqual([3, 4]);
    expect(await ids(t().textSearch('title', 'post'))).toEqual([1, 2]);
    expect(await ids(t().textSearch('title', 'bob rome', { type: 'plain', config: 'english' }))).toEqual([4]);
    expect(await ids(t().eq('meta->>kind', 'intro'))).toEqual([1]);
    expect(await ids(t().gt('meta->score', 4))).toEqual([1, 2]);
    expect(await ids(t().filter('views', 'eq(any)', '{10,5}'))).toEqual([1, 4]);
  });

  it('combines or/and trees, nested, negated and on embeds', async () => {
    const ids = (r: { data: { id: number }[] | null }) => (r.data ?? []).map((x) => x.id).sort((a, b) => a - b);
    const t = () => alice.client.from('rt_posts').select('id');
    expect(ids(await t().or('views.eq.10,views.eq.5'))).toEqual([1, 4]);
    expect(ids(await t().or('views.lt.1,and(published.is.true,views.gte.20)'))).toEqual([2, 3]);
    const negated = await fetch(`${server.url}/rest/v1/rt_posts?select=id&not.and=(published.is.true,views.gt.1)`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${alice.token}` },
    });
    expect(await negated.json()).toEqual([{ id: 3 }]);
    expect(ids(await t().or('title.eq."First post",title.in.("Bob on Rome","x,y")'))).toEqual([1, 4]);
    const acrossEmbed = await alice.client
      .from('rt_posts')
      .select('id, rt_tags()')
      .or('title.eq.Bob on Rome,rt_tags.label.eq.howto');
    expect(acrossEmbed.error).toBeNull();
    expect(ids(acrossEmbed as { data: { id: number }[] | null })).toEqual([1, 2, 4]);
    const embedded = await alice.client
      .from('rt_authors')
      .select('id, rt_posts!author_id(id)')
      .or('views.eq.10,views.eq.0', { referencedTable: 'rt_posts' })
      .order('id');
    expect(embedded.error).toBeNull();
    expect(embedded.data).toEqual([
      { id: 1, rt_posts: [{ id: 1 }, { id: 3 }] },
      { id: 2, rt_posts: [] },
      { id: 3, rt_posts: [] },
    ]);
  });

  it('orders with nulls placement, embedded order/limit, and by a to-one column', async () => {
    const nulls = await alice.client
      .from('rt_posts')
      .select('id')
      .order('body', { ascending: true, nullsFirst: true })
      .order('id');
    expect(nulls.data?.map((r) => r.id)).toEqual([2, 4, 1, 3]);
    const desc = await alice.client
      .from('rt_posts')
      .select('id')
      .order('reviewer_id', { ascending: false, nullsFirst: false })
      .order('id');
    expect(desc.data?.map((r) => r.id)).toEqual([1, 3, 2, 4]);
    const embedded = await anon
      .from('rt_authors')
      .select('id, rt_posts!author_id(id)')
      .order('id', { referencedTable: 'rt_posts', ascending: false })
      .limit(1, { referencedTable: 'rt_posts' })
      .eq('id', 1)
      .single();
    expect(embedded.data).toEqual({ id: 1, rt_posts: [{ id: 2 }] });
    const byParent = await anon
      .from('rt_posts')
      .select('id, author:rt_authors!author_id(name)')
      .order('rt_authors(name)' as 'id', { ascending: false })
      .order('id');
    expect(byParent.data?.map((r) => r.id)).toEqual([4, 1, 2]);
  });

  it('pages with range and counts (206, Content-Range, head)', async () => {
    const page = await alice.client.from('rt_posts').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    const head = await anon.from('rt_posts').select('*', { count: 'exact', head: true });
    expect(head.status).toBe(200);
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
    const res = await fetch(`${server.url}/rest/v1/rt_posts?select=id&order=id`, {
      headers: { apikey: server.anonKey, Range: '1-1', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-1/3');
    expect(await res.json()).toEqual([{ id: 2 }]);
    const past = await anon.from('rt_posts').select('id', { count: 'exact' }).range(10, 12);
    expect(past.status).toBe(416);
    expect(past.error?.code).toBe('PGRST103');
  });

  it('answers single() with an object or 406 PGRST116, and maybeSingle() with null', async () => {
    const one = await anon.from('rt_posts').select('id').eq('id', 1).single();
    expect(one.data).toEqual({ id: 1 });
    const none = await anon.from('rt_posts').select('id').eq('id', 3).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
    const many = await anon.from('rt_posts').select('id').single();
    expect(many.error?.details).toBe('The result contains 3 rows');
    const maybe = await anon.from('rt_posts').select('id').eq('id', 3).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('strips nulls and renders CSV', async () => {
    const stripped = await anon.from('rt_authors').select('id, bio').eq('id', 2).stripNulls().single();
    expect(stripped.data).toEqual({ id: 2 });
    const csv = await anon.from('rt_authors').select('id, name').order('id').csv();
    expect(csv.data).toBe('id,name\n1,Alice\n2,Bob\n3,"Carol, ""the reviewer"""');
  });

  it('lifts spread to-one columns into the parent', async () => {
    const { data, error } = await anon
      .from('rt_posts')
      .select('id, ...rt_authors!author_id(author_name:name)')
      .eq('id', 4)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 4, author_name: 'Bob' });
  });

  it('spreads to-many embeds as one array per column, in the embed order (PostgREST 13)', async () => {
    const { data, error } = await anon
      .from('rt_authors')
      .select('id, ...rt_posts!author_id(post_ids:id, title, rt_tags(label))')
      .order('id')
      .order('id', { referencedTable: 'rt_posts', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        post_ids: [2, 1],
        title: ['Second post', 'First post'],
        rt_tags: [[{ label: 'howto' }], [{ label: 'news' }, { label: 'howto' }]],
      },
      { id: 2, post_ids: [4], title: ['Bob on Rome'], rt_tags: [[{ label: 'news' }]] },
      { id: 3, post_ids: [], title: [], rt_tags: [] },
    ]);
    // Many-to-many, with !inner dropping parents without related rows.
    const tags = await anon
      .from('rt_posts')
      .select('id, ...rt_tags!inner(labels:label)')
      .order('id')
      .order('label', { referencedTable: 'rt_tags' });
    expect(tags.error).toBeNull();
    expect(tags.data).toEqual([
      { id: 1, labels: ['howto', 'news'] },
      { id: 2, labels: ['howto'] },
      { id: 4, labels: ['news'] },
    ]);
  });

  it('reads views with foreign keys inherited from the base table', async () => {
    const { data, error } = await anon.from('rt_published_posts').select('id, rt_authors(name)').order('id').limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, rt_authors: { name: 'Alice' } }]);
  });

  it('answers 4xx for unknown tables, columns, relationships, schemas and bad syntax', async () => {
    const table = await anon.from('rt_postz').select('*');
    expect(table.status).toBe(404);
    expect(table.error?.code).toBe('PGRST205');
    expect(table.error?.hint).toBe("Perhaps you meant the table 'public.rt_posts'");
    const column = await anon.from('rt_posts').select('nope');
    expect(column.status).toBe(400);
    expect(column.error?.code).toBe('42703');
    const filterColumn = await anon.from('rt_posts').select('id').eq('nope', 1);
    expect(filterColumn.error?.code).toBe('42703');
    const rel = await anon.from('rt_posts').select('id, rt_nothing(id)');
    expect(rel.error?.code).toBe('PGRST200');
    const schema = await anon.schema('private').from('rt_posts').select('*');
    expect(schema.status).toBe(406);
    expect(schema.error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' });
    const syntax = await anon.from('rt_posts').select('id,(');
    expect(syntax.status).toBe(400);
    expect(syntax.error?.code).toBe('PGRST100');
    const typeError = await anon.from('rt_posts').select('id').eq('views', 'many');
    expect(typeError.status).toBe(400);
    expect(typeError.error?.code).toBe('22P02');
    const notEmbedded = await anon.from('rt_posts').select('id').eq('rt_tags.label', 'x');
    expect(notEmbedded.error?.code).toBe('PGRST108');
  });

  it('finds tables, columns and functions created after the schema cache was loaded', async () => {
    await server.ctx.db.exec(`
      create table public.rt_late (id int primary key, label text);
      grant select on public.rt_late to anon;
      insert into public.rt_late values (1, 'late');`);
    const table = await anon.from('rt_late').select('id, label');
    expect(table.data).toEqual([{ id: 1, label: 'late' }]);
    await server.ctx.db.exec(`alter table public.rt_late add column extra text default 'x';
      create function public.rt_late_fn() returns int language sql stable as $$ select 42 $$;
      grant execute on function public.rt_late_fn() to anon;`);
    expect((await anon.from('rt_late').select('extra')).data).toEqual([{ extra: 'x' }]);
    expect((await anon.rpc('rt_late_fn')).data).toBe(42);
    // Unknown names with an unchanged catalog stay a plain 404.
    expect((await anon.from('rt_still_missing').select('*')).error?.code).toBe('PGRST205');
  });

  it('requires an API key and rejects bad tokens with PostgREST JWT errors', async () => {
    const noKey = await fetch(`${server.url}/rest/v1/rt_posts`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const badKey = await fetch(`${server.url}/rest/v1/rt_posts`, { headers: { apikey: 'nope' } });
    expect(badKey.status).toBe(401);
    expect(((await badKey.json()) as { message: string }).message).toBe('Invalid API key');
    const queryKey = await fetch(`${server.url}/rest/v1/rt_posts?select=id&apikey=${server.anonKey}&id=eq.1`);
    expect(await queryKey.json()).toEqual([{ id: 1 }]);
    expect(queryKey.headers.get('x-content-type-options')).toBe('nosniff');
    expect(queryKey.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const badJwt = await fetch(`${server.url}/rest/v1/rt_posts`, {
      headers: { apikey: server.anonKey, Authorization: 'Bearer a.b' },
    });
    expect(badJwt.status).toBe(401);
    expect(badJwt.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await badJwt.json()).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' });
    const expired = await server.ctx.keys.sign({ sub: alice.id, role: 'authenticated', iat: 1_000_000 }, 60);
    const exp = await fetch(`${server.url}/rest/v1/rt_posts`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${expired}` },
    });
    expect(exp.status).toBe(401);
    expect(await exp.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });
});
