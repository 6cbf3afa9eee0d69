// Writes through unmodified supabase-js: insert/upsert/update/delete with and without a
// representation, RLS allow and deny (401 vs 403), singular rollback, safeupdate, max-affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { seedFixture } from './fixture.js';

describe.each(drivers)('rest writes on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    await seedFixture(server, alice.id, bob.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const countPosts = async (where = 'true') =>
    Number(
      (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.rt_posts where ${where}`))
        .rows[0]!.n,
    );

  it('inserts without a representation: 201, empty body, defaults applied', async () => {
    const res = await alice.client.from('rt_posts').insert({ title: 'Minimal', author_id: 1 });
    expect(res.status).toBe(201);
    expect(res.error).toBeNull();
    expect(res.data).toBeNull();
    const row = (
      await server.ctx.db.query<{ owner_id: string; views: number }>(
        `select owner_id, views from public.rt_posts where title = 'Minimal'`,
      )
    ).rows[0];
    expect(row).toEqual({ owner_id: alice.id, views: 0 });
  });

  it('inserts with select(): 201 with the rows shaped by select, embeds included', async () => {
    const { data, error, status } = await alice.client
      .from('rt_posts')
      .insert({ title: 'With select', author_id: 1, labels: ['x', 'y'], meta: { a: [1, 2] } })
      .select('title, labels, meta, author:rt_authors!author_id(name)')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: 'With select', labels: ['x', 'y'], meta: { a: [1, 2] }, author: { name: 'Alice' } });
  });

  it('inserts arrays with columns=: missing keys become NULL, or DEFAULT with defaultToNull:false', async () => {
    const nulls = await alice.client
      .from('rt_posts')
      .insert([
        { title: 'Array A', body: 'b' },
        { title: 'Array B', views: 3 },
      ])
      .select('title, body, views');
    expect(nulls.error?.code).toBe('23502'); // views is NOT NULL and got NULL for the first row
    const defaults = await alice.client
      .from('rt_posts')
      .insert(
        [
          { title: 'Array A', body: 'b' },
          { title: 'Array B', views: 3 },
        ],
        { defaultToNull: false },
      )
      .select('title, body, views');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { title: 'Array A', body: 'b', views: 0 },
      { title: 'Array B', body: null, views: 3 },
    ]);
  });

  it('upserts with merge-duplicates and ignore-duplicates on a chosen conflict target', async () => {
    const merged = await server
      .serviceClient()
      .from('rt_tags')
      .upsert([
        { id: 10, label: 'fresh' },
        { id: 1, label: 'news-renamed' },
      ])
      .select('id, label')
      .order('id');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([
      { id: 1, label: 'news-renamed' },
      { id: 10, label: 'fresh' },
    ]);
    const ignored = await server
      .serviceClient()
      .from('rt_tags')
      .upsert({ id: 99, label: 'fresh' }, { onConflict: 'label', ignoreDuplicates: true })
      .select('id');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const dup = await server.serviceClient().from('rt_tags').insert({ id: 11, label: 'fresh' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.details).toContain('already exists');
  });

  it('updates: 204 without select, 200 with rows; invisible rows are left alone', async () => {
    const plain = await alice.client.from('rt_posts').update({ views: 11 }).eq('id', 1);
    expect(plain.status).toBe(204);
    const withRows = await alice.client.from('rt_posts').update({ views: 12 }).eq('id', 1).select('id, views');
    expect(withRows.status).toBe(200);
    expect(withRows.data).toEqual([{ id: 1, views: 12 }]);
    const others = await alice.client.from('rt_posts').update({ title: 'hijack' }).eq('id', 4).select('id');
    expect(others.data).toEqual([]);
    expect(await countPosts(`title = 'hijack'`)).toBe(0);
  });

  it('deletes with and without select; refuses unfiltered updates and deletes', async () => {
    await alice.client.from('rt_posts').insert({ id: 50, title: 'To delete' });
    await alice.client.from('rt_posts').insert({ id: 51, title: 'To delete too' });
    const plain = await alice.client.from('rt_posts').delete().eq('id', 50);
    expect(plain.status).toBe(204);
    const rows = await alice.client.from('rt_posts').delete().eq('id', 51).select('id, title');
    expect(rows.status).toBe(200);
    expect(rows.data).toEqual([{ id: 51, title: 'To delete too' }]);
    const unfilteredDelete = await alice.client.from('rt_posts').delete();
    expect(unfilteredDelete.status).toBe(400);
    expect(unfilteredDelete.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const unfilteredUpdate = await alice.client.from('rt_posts').update({ views: 0 });
    expect(unfilteredUpdate.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    expect(await countPosts()).toBeGreaterThan(4);
  });

  it('rolls a write back when single() gets other than one row (406 PGRST116)', async () => {
    const before = await countPosts();
    const res = await alice.client
      .from('rt_posts')
      .insert([{ title: 'S1' }, { title: 'S2' }])
      .select('id')
      .single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    expect(await countPosts()).toBe(before);
  });

  it('enforces max-affected with handling=strict (rollback)', async () => {
    // The client's types gate maxAffected() on a PostgREST-13 schema type; the wire format is what matters.
    type Limited = { maxAffected(n: number): PromiseLike<{ status: number; error: { code: string } | null }> };
    const query = alice.client.from('rt_posts').update({ views: 99 }).in('id', [1, 2]) as unknown as Limited;
    const res = await query.maxAffected(1);
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST124');
    expect(await countPosts('views = 99')).toBe(0);
  });

  it('maps RLS violations to 401 for anon and 403 for signed-in users', async () => {
    const anonInsert = await server.anonClient().from('rt_posts').insert({ title: 'anon' });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    const forged = await alice.client.from('rt_posts').insert({ title: 'forged', owner_id: bob.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    expect(forged.error?.message).toBe('new row violates row-level security policy for table "rt_posts"');
  });

  it('inserts without a SELECT policy, but insert().select() fails with 42501', async () => {
    const plain = await alice.client.from('rt_inbox').insert({ message: 'hi' });
    expect(plain.status).toBe(201);
    const withSelect = await alice.client.from('rt_inbox').insert({ message: 'hi again' }).select();
    expect(withSelect.status).toBe(403);
    expect(withSelect.error?.code).toBe('42501');
    const stored = await server.ctx.db.query(`select message from public.rt_inbox`);
    expect(stored.rows).toEqual([{ message: 'hi' }]);
  });

  it('reports unknown body columns and bad payloads as 400', async () => {
    const unknown = await alice.client.from('rt_posts').insert({ title: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'rt_posts' in the schema cache",
    });
    const res = await fetch(`${server.url}/rest/v1/rt_posts`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json' },
      body: '{"title": ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST102');
    const mismatched = await fetch(`${server.url}/rest/v1/rt_posts`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ title: 'a' }, { body: 'b' }]),
    });
    expect(await mismatched.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });

  it('rejects unknown preferences with handling=strict and other profiles than public', async () => {
    const strict = await fetch(`${server.url}/rest/v1/rt_posts?id=eq.1`, {
      method: 'PATCH',
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${alice.token}`,
        'Content-Type': 'application/json',
        Prefer: 'handling=strict, frobnicate=yes',
      },
      body: JSON.stringify({ views: 1 }),
    });
    expect(strict.status).toBe(400);
    expect(((await strict.json()) as { code: string }).code).toBe('PGRST122');
    const profile = await alice.client.schema('auth').from('users').insert({ email: 'x@example.test' });
    expect(profile.status).toBe(406);
    expect(profile.error?.code).toBe('PGRST106');
  });

  it('returns Location for return=headers-only and counts written rows', async () => {
    const res = await fetch(`${server.url}/rest/v1/rt_posts`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${alice.token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=headers-only, count=exact',
      },
      body: JSON.stringify({ id: 77, title: 'located' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/rt_posts?id=eq.77');
    expect(res.headers.get('content-range')).toBe('*/1');
    const del = await alice.client.from('rt_posts').delete({ count: 'exact' }).eq('id', 77);
    expect(del.count).toBe(1);
  });
});
