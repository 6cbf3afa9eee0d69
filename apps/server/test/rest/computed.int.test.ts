// Computed fields and computed relationships (PostgREST 13, issue 16 item 3) through unmodified
// supabase-js: functions taking a table's row type, used in select, filters, order, embeds and the
// rows a write returns. RLS of the rows a function reads still applies. Tables of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const SQL = `
create table public.cf_people (id bigint primary key, first_name text not null, last_name text not null);
create table public.cf_notes (
  id bigint primary key,
  person_id bigint not null references public.cf_people(id),
  body text not null,
  secret boolean not null default false
);
grant select, insert, update on public.cf_people to anon, authenticated;
grant select on public.cf_notes to anon, authenticated;
alter table public.cf_notes enable row level security;
create policy "Public notes only" on public.cf_notes for select using (not secret);
insert into public.cf_people values (1, 'Ada', 'Lovelace'), (2, 'Alan', 'Turing'), (3, 'Grace', 'Hopper');
insert into public.cf_notes values
  (1, 1, 'engine', false), (2, 1, 'poem', false), (3, 1, 'hidden', true), (4, 2, 'machine', false);

-- Computed fields: scalar functions of the row.
create function public.full_name(public.cf_people) returns text language sql stable
  as $$ select $1.first_name || ' ' || $1.last_name $$;
create function public.name_length(p public.cf_people) returns int language sql stable
  as $$ select length(p.first_name) + length(p.last_name) $$;
-- Computed relationships: to-many (SETOF), to-one (ROWS 1) and back to the person (one row).
create function public.visible_notes(public.cf_people) returns setof public.cf_notes language sql stable
  as $$ select * from public.cf_notes where person_id = $1.id $$;
create function public.latest_note(public.cf_people) returns setof public.cf_notes rows 1 language sql stable
  as $$ select * from public.cf_notes where person_id = $1.id order by id desc limit 1 $$;
create function public.author(public.cf_notes) returns public.cf_people language sql stable
  as $$ select * from public.cf_people where id = $1.person_id $$;
create function public.shout(public.cf_notes) returns text language sql stable as $$ select upper($1.body) $$;
`;

describe.each(drivers)('computed fields and relationships on %s', (driver) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    user = await createTestUser(server);
    await server.ctx.db.exec(SQL);
    await reloadSchemaCache(server.ctx);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('selects a computed field by name, which * does not include', async () => {
    const { data, error } = await user.client.from('cf_people').select('id, full_name, n:name_length').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, full_name: 'Ada Lovelace', n: 11 },
      { id: 2, full_name: 'Alan Turing', n: 10 },
      { id: 3, full_name: 'Grace Hopper', n: 11 },
    ]);
    const star = await user.client.from('cf_people').select('*').eq('id', 1).single();
    expect(star.data).toEqual({ id: 1, first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('filters and orders by computed fields', async () => {
    const { data, error } = await user.client
      .from('cf_people')
      .select('id')
      .ilike('full_name', '%an%')
      .order('full_name', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }]);
    const ordered = await user.client.from('cf_people').select('id').order('name_length').order('id');
    expect(ordered.data).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }]);
  });

  it('embeds computed relationships to-many and to-one, with embedded filters', async () => {
    const { data, error } = await user.client
      .from('cf_people')
      .select('id, visible_notes(id, shout), latest_note(body)')
      .in('id', [1, 3])
      .order('id')
      .order('id', { referencedTable: 'visible_notes' });
    expect(error).toBeNull();
    // RLS applies inside the function: the secret note stays hidden.
    expect(data).toEqual([
      {
        id: 1,
        visible_notes: [
          { id: 1, shout: 'ENGINE' },
          { id: 2, shout: 'POEM' },
        ],
        latest_note: { body: 'poem' },
      },
      { id: 3, visible_notes: [], latest_note: null },
    ]);
    const filtered = await user.client
      .from('cf_people')
      .select('id, visible_notes!inner(body)')
      .eq('visible_notes.body', 'machine');
    expect(filtered.data).toEqual([{ id: 2, visible_notes: [{ body: 'machine' }] }]);
  });

  it('embeds a function returning one row as to-one, and nests computed fields inside', async () => {
    const { data, error } = await user.client.from('cf_notes').select('id, author(full_name)').order('id').limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, author: { full_name: 'Ada Lovelace' } },
      { id: 2, author: { full_name: 'Ada Lovelace' } },
    ]);
  });

  it('returns computed fields of written rows', async () => {
    const { data, error } = await user.client
      .from('cf_people')
      .insert({ id: 10, first_name: 'Katherine', last_name: 'Johnson' })
      .select('id, full_name')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 10, full_name: 'Katherine Johnson' });
  });

  it('returns computed relationships and fields of inserted, updated and upserted rows, as reads do', async () => {
    const inserted = await user.client
      .from('cf_people')
      .insert({ id: 11, first_name: 'Mary', last_name: 'Jackson' })
      .select('id, full_name, visible_notes(body), latest_note(id)')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ id: 11, full_name: 'Mary Jackson', visible_notes: [], latest_note: null });

    // RLS still applies inside the function: the secret note stays hidden.
    const updated = await user.client
      .from('cf_people')
      .update({ first_name: 'Augusta Ada' })
      .eq('id', 1)
      .select('full_name, name_length, visible_notes(body, shout), latest_note(body)')
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({
      full_name: 'Augusta Ada Lovelace',
      name_length: 19,
      visible_notes: [
        { body: 'engine', shout: 'ENGINE' },
        { body: 'poem', shout: 'POEM' },
      ],
      latest_note: { body: 'poem' },
    });

    const upserted = await user.client
      .from('cf_people')
      .upsert([
        { id: 2, first_name: 'Alan M.', last_name: 'Turing' },
        { id: 12, first_name: 'Dorothy', last_name: 'Vaughan' },
      ])
      .select('id, full_name, visible_notes(body)')
      .order('id');
    expect(upserted.error).toBeNull();
    expect(upserted.data).toEqual([
      { id: 2, full_name: 'Alan M. Turing', visible_notes: [{ body: 'machine' }] },
      { id: 12, full_name: 'Dorothy Vaughan', visible_notes: [] },
    ]);

    // Filtering the returned rows by a computed relationship works too (!inner).
    const filtered = await user.client
      .from('cf_people')
      .update({ last_name: 'Turing' })
      .in('id', [2, 12])
      .select('id, visible_notes!inner(body)');
    expect(filtered.error).toBeNull();
    expect(filtered.data).toEqual([{ id: 2, visible_notes: [{ body: 'machine' }] }]);

    // Ordering the returned rows by a to-one computed relationship's column.
    const ordered = await user.client
      .from('cf_people')
      .update({ last_name: 'Lovelace' })
      .in('id', [1, 2, 12])
      .select('id, latest_note(body)')
      .order('latest_note(body)');
    expect(ordered.error).toBeNull();
    expect(ordered.data).toEqual([
      { id: 2, latest_note: { body: 'machine' } },
      { id: 1, latest_note: { body: 'poem' } },
      { id: 12, latest_note: null },
    ]);
  });

  it('an unknown name is still an unknown column, and a function without execute is refused', async () => {
    const unknown = await user.client.from('cf_people').select('id, nickname');
    expect(unknown.error?.code).toBe('42703');
    await server.ctx.db.exec('revoke execute on function public.full_name(public.cf_people) from public');
    try {
      const denied = await user.client.from('cf_people').select('id, full_name');
      expect(denied.status).toBe(403);
      expect(denied.error?.code).toBe('42501');
    } finally {
      await server.ctx.db.exec('grant execute on function public.full_name(public.cf_people) to public');
    }
  });
});
