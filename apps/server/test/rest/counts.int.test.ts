// Planned and estimated counts (PostgREST 13, issue 16 item 6) through unmodified supabase-js on
// tables and RPC, GET and HEAD. The planner's statistics are set by hand (pg_class.reltuples), so
// an estimate is told apart from an exact count deterministically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const SQL = `
create table public.ct_small (id bigint primary key);
create table public.ct_big (id bigint primary key, even boolean not null);
grant select on public.ct_small, public.ct_big to anon;
insert into public.ct_small select g from generate_series(1, 3) g;
insert into public.ct_big select g, g % 2 = 0 from generate_series(1, 1200) g;
analyze public.ct_small;
analyze public.ct_big;
-- The planner scales reltuples by the pages it finds: both tables now look like a million rows.
update pg_class set reltuples = 1000000 where oid in ('public.ct_small'::regclass, 'public.ct_big'::regclass);
-- PL/pgSQL, so the planner cannot inline the body and goes by the declared ROWS.
create function public.ct_rows() returns setof public.ct_small language plpgsql stable rows 5000
  as $$ begin return query select * from public.ct_small; end $$;
create function public.ct_ids() returns setof bigint language plpgsql stable rows 7000
  as $$ begin return query select id from public.ct_small; end $$;
grant execute on function public.ct_rows(), public.ct_ids() to anon;
`;

describe.each(drivers)('planned and estimated counts on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    await server.ctx.db.exec(SQL);
    await reloadSchemaCache(server.ctx);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('planned: the planner estimate as the total, 206 for the partial page', async () => {
    const res = await server.anonClient().from('ct_small').select('id', { count: 'planned' }).order('id');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(res.count).toBe(1000000);
    expect(res.status).toBe(206);
    const head = await server.anonClient().from('ct_small').select('*', { count: 'planned', head: true });
    expect(head.count).toBe(1000000);
  });

  it('planned with a filter estimates the filtered rows, not the table', async () => {
    const res = await server.anonClient().from('ct_big').select('id', { count: 'planned' }).eq('id', 5);
    expect(res.data).toEqual([{ id: 5 }]);
    // An equality on the primary key: the planner expects one row.
    expect(res.count).toBe(1);
    expect(res.status).toBe(200);
  });

  it('estimated: exact while within db-max-rows, the larger estimate beyond it', async () => {
    const small = await server.anonClient().from('ct_small').select('id', { count: 'estimated' });
    expect(small.count).toBe(3);
    expect(small.status).toBe(200);
    const big = await server.anonClient().from('ct_big').select('id', { count: 'estimated' }).limit(2);
    expect(big.count).toBe(1000000);
    expect(big.status).toBe(206);
    // Exact count 600 stays within db-max-rows: it is reported as it is.
    const evens = await server
      .anonClient()
      .from('ct_big')
      .select('id', { count: 'estimated' })
      .eq('even', true)
      .limit(2);
    expect(evens.count).toBe(600);
  });

  it('caps a read at db-max-rows, 1000 by default as on hosted Supabase', async () => {
    const { data, error } = await server.anonClient().from('ct_big').select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1000);
  });

  it('answers Preference-Applied with the method, as PostgREST does', async () => {
    const res = await fetch(`${server.url}/rest/v1/ct_small?select=id`, {
      headers: { apikey: server.anonKey, prefer: 'count=planned' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-2/1000000');
    expect(res.headers.get('preference-applied')).toBe('count=planned');
  });

  it('counts RPC results by the function’s declared ROWS, by POST, GET and HEAD', async () => {
    const post = await server.anonClient().rpc('ct_rows', {}, { count: 'planned' });
    expect(post.data).toHaveLength(3);
    expect(post.count).toBe(5000);
    const get = await server.anonClient().rpc('ct_ids', {}, { count: 'planned', get: true });
    expect(get.data).toEqual([1, 2, 3]);
    expect(get.count).toBe(7000);
    const head = await server.anonClient().rpc('ct_rows', {}, { count: 'planned', head: true });
    expect(head.count).toBe(5000);
    const estimated = await server.anonClient().rpc('ct_rows', {}, { count: 'estimated' });
    expect(estimated.count).toBe(3);
  });
});

describe('REST_MAX_ROWS (db-max-rows)', () => {
  it('is 1000 by default, a number of rows, or none for no cap', () => {
    expect(loadConfig({}).restMaxRows).toBe(1000);
    expect(loadConfig({ REST_MAX_ROWS: '25' }).restMaxRows).toBe(25);
    expect(loadConfig({ REST_MAX_ROWS: 'none' }).restMaxRows).toBeNull();
    for (const bad of ['0', '-1', 'all', '1.5']) expect(() => loadConfig({ REST_MAX_ROWS: bad })).toThrow(ConfigError);
  });
});

describe.each(drivers)(
  'counts without db-max-rows (REST_MAX_ROWS=none, as the postgrest-js suite runs PostgREST) on %s',
  (driver) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver, env: { REST_MAX_ROWS: 'none' } });
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('estimated is the larger of the exact count and the estimate: head answers 206 (postgrest-js "select with head:true, count:estimated")', async () => {
      const head = await server.anonClient().from('ct_small').select('*', { head: true, count: 'estimated' });
      expect(head.error).toBeNull();
      expect(head.count).toBe(1000000);
      expect(head.status).toBe(206);
      const exact = await server.anonClient().from('ct_small').select('*', { head: true, count: 'exact' });
      expect(exact).toMatchObject({ count: 3, status: 200 });
    });

    it('caps no read', async () => {
      const { data, error } = await server.anonClient().from('ct_big').select('id');
      expect(error).toBeNull();
      expect(data).toHaveLength(1200);
    });
  },
);
