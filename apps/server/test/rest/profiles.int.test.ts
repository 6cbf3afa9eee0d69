// Exposed schemas (PostgREST's db-schemas, issue 16 item 9) through unmodified supabase-js:
// REST_SCHEMAS lists the schemas a request may pick with Accept-Profile (GET/HEAD) or
// Content-Profile (writes, RPC by POST); the first is the default. Others answer 406 PGRST106.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { clientOptions, drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const SQL = `
create table public.pr_notes (id bigint primary key, body text not null);
grant select on public.pr_notes to anon, authenticated;
insert into public.pr_notes values (1, 'from public');
create schema pr_api;
grant usage on schema pr_api to anon, authenticated;
create table pr_api.pr_notes (id bigint primary key, body text not null);
create table pr_api.pr_tags (id bigint primary key, note_id bigint references pr_api.pr_notes(id), label text);
grant select on pr_api.pr_notes, pr_api.pr_tags to anon, authenticated;
grant insert on pr_api.pr_notes to authenticated;
insert into pr_api.pr_notes values (1, 'from api'), (2, 'second');
insert into pr_api.pr_tags values (1, 1, 'x');
create function pr_api.note_count() returns bigint language sql stable as $$ select count(*) from pr_api.pr_notes $$;
grant execute on function pr_api.note_count() to anon, authenticated;
-- Unqualified names: resolved through search_path, which follows the request's schema.
create function pr_api.api_label() returns text language sql stable as $$ select 'api helper' $$;
create function public.api_label() returns text language sql stable as $$ select 'public helper' $$;
create function public.helper_says() returns text language sql stable as $$ select api_label() $$;
create function pr_api.helper_says() returns text language sql stable as $$ select api_label() $$;
create function public.search_path_now() returns text language sql stable as $$ select current_setting('search_path') $$;
create function pr_api.search_path_now() returns text language sql stable as $$ select current_setting('search_path') $$;
grant execute on all functions in schema pr_api to anon, authenticated;
`;

describe.each(drivers)('exposed schemas on %s', (driver) => {
  describe('REST_SCHEMAS=public,pr_api', () => {
    let server: TestServer;
    let user: TestUser;
    beforeAll(async () => {
      server = await startTestServer({ driver, env: { REST_SCHEMAS: 'public, pr_api' } });
      user = await createTestUser(server);
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('reads the default schema without a profile and the chosen one with Accept-Profile', async () => {
      const anon = server.anonClient();
      expect((await anon.from('pr_notes').select('body')).data).toEqual([{ body: 'from public' }]);
      const api = await anon.schema('pr_api').from('pr_notes').select('body, pr_tags(label)').order('id');
      expect(api.error).toBeNull();
      expect(api.data).toEqual([
        { body: 'from api', pr_tags: [{ label: 'x' }] },
        { body: 'second', pr_tags: [] },
      ]);
      const viaOption = createClient(server.url, server.anonKey, { ...clientOptions(), db: { schema: 'pr_api' } });
      expect((await viaOption.rpc('note_count')).data).toBe(2);
    });

    it("resolves unqualified names in the request's schema first, then public and extensions", async () => {
      const anon = server.anonClient();
      // Quoted as PostgREST's escapeIdentList writes it.
      expect((await anon.rpc('search_path_now')).data).toBe('"public", "extensions"');
      expect((await anon.schema('pr_api').rpc('search_path_now')).data).toBe('"pr_api", "public", "extensions"');
      // The same unqualified call finds the function of the schema the request chose.
      expect((await anon.rpc('helper_says')).data).toBe('public helper');
      expect((await anon.schema('pr_api').rpc('helper_says')).data).toBe('api helper');
      expect((await anon.schema('pr_api').rpc('helper_says', undefined, { get: true })).data).toBe('api helper');
    });

    it('writes with Content-Profile and names the schema in the response', async () => {
      const { data, error } = await user.client
        .schema('pr_api')
        .from('pr_notes')
        .insert({ id: 3, body: 'written' })
        .select('id, body')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ id: 3, body: 'written' });
      const res = await fetch(`${server.url}/rest/v1/pr_notes?select=id&id=eq.3`, {
        headers: { apikey: server.anonKey, 'accept-profile': 'pr_api' },
      });
      expect(res.headers.get('content-profile')).toBe('pr_api');
      expect(await res.json()).toEqual([{ id: 3 }]);
    });

    it('refuses a schema that is not listed with 406 PGRST106', async () => {
      for (const schema of ['auth', 'nope']) {
        const { error, status } = await server.anonClient().schema(schema).from('users').select('*');
        expect(status).toBe(406);
        expect(error).toMatchObject({
          code: 'PGRST106',
          message: `Invalid schema: ${schema}`,
          hint: 'Only the following schemas are exposed: public, pr_api',
        });
      }
      const write = await user.client.schema('nope').from('pr_notes').insert({ id: 9, body: 'x' });
      expect(write.status).toBe(406);
      expect(write.error?.code).toBe('PGRST106');
    });
  });

  describe('default (public only)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver });
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('serves public only and sends no Content-Profile', async () => {
      const { error, status } = await server.anonClient().schema('pr_api').from('pr_notes').select('*');
      expect(status).toBe(406);
      expect(error?.hint).toBe('Only the following schemas are exposed: public');
      const res = await fetch(`${server.url}/rest/v1/pr_notes?select=id`, { headers: { apikey: server.anonKey } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-profile')).toBeNull();
    });
  });
});
