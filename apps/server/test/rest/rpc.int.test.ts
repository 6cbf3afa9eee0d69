// RPC through unmodified supabase-js: named arguments, overloads, defaults, result shapes
// (scalar, composite, SETOF, TABLE, void), GET calls, read-only transactions and raised errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { seedFixture } from './fixture.js';

describe.each(drivers)('rest rpc on %s', (driver) => {
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

  it('calls scalar functions by named arguments and resolves overloads by argument names', async () => {
    const anon = server.anonClient();
    expect((await anon.rpc('rt_add', { a: 1, b: 2 })).data).toBe(3);
    expect((await anon.rpc('rt_add', { a: 1, b: 2, c: 3 })).data).toBe(6);
    expect((await anon.rpc('rt_greet')).data).toBe('hello world');
    expect((await anon.rpc('rt_greet', { name: 'Ada' })).data).toBe('hello Ada');
    expect((await anon.rpc('rt_sum', { xs: [1, 2, 3] })).data).toBe(6);
    expect((await anon.rpc('rt_echo', { payload: { a: [1, { b: null }] } })).data).toEqual({ a: [1, { b: null }] });
    expect((await alice.client.rpc('rt_whoami')).data).toBe(alice.id);
  });

  it("counts a scalar or composite result as one row with count: 'exact' (plain, head, get), as PostgREST", async () => {
    const anon = server.anonClient();
    const plain = await anon.rpc('rt_greet', { name: 'Ada' }, { count: 'exact' });
    expect([plain.data, plain.count, plain.status]).toEqual(['hello Ada', 1, 200]);
    const head = await anon.rpc('rt_greet', { name: 'Ada' }, { head: true, count: 'exact' });
    expect([head.data, head.count, head.status]).toEqual([null, 1, 200]);
    const get = await anon.rpc('rt_greet', { name: 'Ada' }, { get: true, count: 'exact' });
    expect([get.data, get.count, get.status]).toEqual(['hello Ada', 1, 200]);
    const composite = await anon.rpc('rt_author_of', { post: 4 }, { count: 'exact' });
    expect(composite.count).toBe(1);
    expect((await anon.rpc('rt_greet', { name: 'Ada' })).count).toBeNull();
    // GeoJSON needs PostGIS: not offered, refused like any media type the server does not produce.
    const geo = await fetch(`${server.url}/rest/v1/rpc/rt_greet?name=Ada`, {
      headers: { apikey: server.anonKey, accept: 'application/geo+json' },
    });
    expect(geo.status).toBe(406);
  });

  it('shapes composite, SETOF and TABLE results, with filters, select, order and count on sets', async () => {
    const anon = server.anonClient();
    const composite = await anon.rpc('rt_author_of', { post: 4 });
    expect(composite.data).toMatchObject({ id: 2, name: 'Bob' });
    const set = await alice.client
      .rpc('rt_posts_by', { author: 1 })
      .select('id, title')
      .gt('views', 5)
      .order('id', { ascending: false });
    expect(set.error).toBeNull();
    expect(set.data).toEqual([
      { id: 2, title: 'Second post' },
      { id: 1, title: 'First post' },
    ]);
    const embedded = await anon.rpc('rt_posts_by', { author: 1 }).select('id, rt_tags(label)').eq('id', 1).single();
    expect(embedded.data).toEqual({ id: 1, rt_tags: [{ label: 'news' }, { label: 'howto' }] });
    const counted = await anon.rpc('rt_numbers', { n: 5 }, { count: 'exact' }).range(0, 1);
    expect(counted.data).toEqual([1, 2]);
    expect(counted.count).toBe(5);
    const capped = await anon.rpc('rt_numbers', { n: 1200 }, { count: 'exact' });
    expect(capped.data).toHaveLength(1000);
    expect(capped.count).toBe(1200);
    expect(capped.status).toBe(206);
    const table = await server.serviceClient().rpc('rt_stats');
    expect(table.data).toEqual([{ total: 5, max_views: 20 }]);
  });

  it('answers 204 for void functions and runs GET calls read-only', async () => {
    const bump = await alice.client.rpc('rt_bump', { post: 1 });
    expect(bump.status).toBe(204);
    expect(bump.data).toBeNull();
    const views = await server.ctx.db.query<{ views: number }>('select views from public.rt_posts where id = 1');
    expect(views.rows[0]!.views).toBe(11);
    const viaGet = await server.anonClient().rpc('rt_add', { a: 2, b: 5 }, { get: true });
    expect(viaGet.data).toBe(7);
    const arrayGet = await server.anonClient().rpc('rt_sum', { xs: [4, 5] }, { get: true });
    expect(arrayGet.data).toBe(9);
    const writeOnGet = await alice.client.rpc('rt_bump', { post: 1 }, { get: true });
    expect(writeOnGet.status).toBe(405);
    expect(writeOnGet.error?.code).toBe('25006');
    const head = await server.anonClient().rpc('rt_numbers', { n: 3 }, { head: true, count: 'exact' });
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
  });

  it('lets a function set the response status and headers', async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/rt_created`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-created-by')).toBe('rt_created');
    expect(await res.json()).toBe(1);
  });

  it('maps raised errors and unknown functions', async () => {
    const anon = server.anonClient();
    const boom = await anon.rpc('rt_fail');
    expect(boom.status).toBe(400);
    expect(boom.error).toMatchObject({ code: 'P0001', message: 'boom' });
    const pay = await anon.rpc('rt_payment_required');
    expect(pay.status).toBe(402);
    expect(pay.error).toMatchObject({ code: 'PT402', message: 'Payment required' });
    const unknown = await anon.rpc('rt_nope', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rt_nope(x) in the schema cache',
    });
    const wrongArgs = await anon.rpc('rt_add', { a: 1, z: 2 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
    const put = await fetch(`${server.url}/rest/v1/rpc/rt_add`, {
      method: 'PATCH',
      headers: { apikey: server.anonKey },
    });
    expect(put.status).toBe(405);
    expect(((await put.json()) as { code: string }).code).toBe('PGRST101');
  });
});
