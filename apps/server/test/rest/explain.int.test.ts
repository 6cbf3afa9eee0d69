// Execution plans (PostgREST's db-plan-enabled, issue 16 item 10) through supabase-js .explain():
// refused as an unknown media type by default; with REST_PLAN_ENABLED=true the request's own
// statement is explained in the caller's role (privileges still apply), as JSON or text, with
// analyze/verbose options, and an analyzed write really runs unless the transaction rolls back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const SQL = `
create table public.ex_items (id bigint primary key, name text not null);
create table public.ex_private (id bigint primary key);
grant select on public.ex_items to anon, authenticated;
grant insert on public.ex_items to authenticated;
insert into public.ex_items values (1, 'one'), (2, 'two');
`;

describe.each(drivers)('execution plans on %s', (driver) => {
  describe('disabled (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver });
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers 406 PGRST107 for the plan media types', async () => {
      const { error, status } = await server.anonClient().from('ex_items').select('*').explain({ format: 'json' });
      expect(status).toBe(406);
      expect(error?.code).toBe('PGRST107');
      expect(error?.message).toContain('None of these media types are available: application/vnd.pgrst.plan+json');
    });
  });

  describe('enabled with REST_PLAN_ENABLED=true', () => {
    let server: TestServer;
    let user: TestUser;
    beforeAll(async () => {
      server = await startTestServer({
        driver,
        env: { REST_PLAN_ENABLED: 'true', REST_TX_END: 'commit-allow-override' },
      });
      user = await createTestUser(server);
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('explains a read as JSON and as text, with analyze', async () => {
      const json = await server
        .anonClient()
        .from('ex_items')
        .select('id, name')
        .eq('id', 1)
        .explain({ format: 'json' });
      expect(json.error).toBeNull();
      const plan = json.data as unknown as { Plan: { 'Node Type': string; Plans?: unknown[] } }[];
      expect(plan[0]!.Plan['Node Type']).toBe('Aggregate');
      const text = await server.anonClient().from('ex_items').select('*').explain({ analyze: true, verbose: true });
      expect(text.error).toBeNull();
      expect(typeof text.data).toBe('string');
      expect(text.data as unknown as string).toMatch(/ex_items/);
      expect(text.data as unknown as string).toMatch(/actual time=/);
      const res = await fetch(`${server.url}/rest/v1/ex_items?select=id`, {
        headers: { apikey: server.anonKey, accept: 'application/vnd.pgrst.plan+text; for="text/csv"' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="text/csv"; charset=utf-8');
    });

    it('keeps privileges: a table the role may not read is refused, not explained', async () => {
      const { error, status } = await server.anonClient().from('ex_private').select('*').explain();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });

    it('shows the Query Identifier in verbose plans, as on hosted Supabase (postgrest-js "explain with options")', async () => {
      const json = await server
        .anonClient()
        .from('ex_items')
        .select()
        .explain({ verbose: true, settings: true, format: 'json' });
      expect(json.error).toBeNull();
      const [plan] = json.data as unknown as Record<string, unknown>[];
      expect(plan).toMatchObject({ Plan: expect.any(Object), 'Query Identifier': expect.any(Number) });
      // The request's search_path as PostgREST sets it (the suite's snapshot pins this text).
      expect(plan!['Settings']).toMatchObject({ search_path: '"public", "extensions"' });
      const text = await server.anonClient().from('ex_items').select('id').explain({ verbose: true });
      expect(text.data as unknown as string).toMatch(/^Query Identifier: -?\d+$/m);
      // Without verbose PostgreSQL prints none, as PostgREST's plans.
      const plain = await server.anonClient().from('ex_items').select('id').explain({ format: 'json' });
      expect(Object.keys((plain.data as unknown as object[])[0]!)).toEqual(['Plan']);
    });

    it("runs a verbose plan in the caller's role all the same", async () => {
      const { error, status } = await server.anonClient().from('ex_private').select('*').explain({ verbose: true });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      const mine = await user.client.from('ex_items').select('id').explain({ verbose: true, format: 'json' });
      expect(mine.error).toBeNull();
    });

    it('an analyzed write runs; with tx=rollback it leaves nothing behind', async () => {
      const rolledBack = await fetch(`${server.url}/rest/v1/ex_items`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          accept: 'application/vnd.pgrst.plan+json; options=analyze',
          prefer: 'tx=rollback',
        },
        body: JSON.stringify({ id: 10, name: 'rolled back' }),
      });
      expect(rolledBack.status).toBe(200);
      const plan = (await rolledBack.json()) as { Plan: { 'Node Type': string; 'Actual Rows'?: number } }[];
      expect(plan[0]!.Plan['Actual Rows']).toBe(1);
      const analyzed = await user.client
        .from('ex_items')
        .insert({ id: 11, name: 'analyzed' })
        .explain({ analyze: true });
      expect(analyzed.error).toBeNull();
      const left = await user.client.from('ex_items').select('id').gte('id', 10);
      expect(left.data).toEqual([{ id: 11 }]);
    });
  });
});
