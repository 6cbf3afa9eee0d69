// Upsert status (§B.5.3) through unmodified supabase-js: merge-duplicates answers 200 when every
// row was an update and 201 when at least one was inserted, with and without .select();
// ignore-duplicates keeps 201; and the minimal write keeps `RETURNING 1` semantics for RLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const SQL = `
create table public.ru_items (id bigint primary key, label text not null);
create table public.ru_blind (id bigint primary key, label text not null);
alter table public.ru_items enable row level security;
alter table public.ru_blind enable row level security;
grant select, insert, update on public.ru_items, public.ru_blind to authenticated;
create policy "Signed-in users can read items" on public.ru_items for select to authenticated using (true);
create policy "Signed-in users can add items" on public.ru_items for insert to authenticated with check (true);
create policy "Signed-in users can change items" on public.ru_items for update to authenticated using (true) with check (true);
-- ru_blind: INSERT and UPDATE policies but deliberately no SELECT policy.
create policy "Signed-in users can add blind rows" on public.ru_blind for insert to authenticated with check (true);
create policy "Signed-in users can change blind rows" on public.ru_blind for update to authenticated using (true) with check (true);
insert into public.ru_items (id, label) values (1, 'one'), (2, 'two');
insert into public.ru_blind (id, label) values (1, 'one');
`;

describe.each(drivers)('rest upsert status on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    await server.ctx.db.exec(SQL);
    await reloadSchemaCache(server.ctx);
  });
  afterAll(async () => {
    await server?.close();
  });

  const labels = async (table: string) =>
    (
      await server.ctx.db.query<{ id: number; label: string }>(
        `select id::int as id, label from public.${table} order by id`,
      )
    ).rows;

  it('merge-duplicates where every row is an update: 200 without select(), empty body', async () => {
    const res = await alice.client.from('ru_items').upsert([
      { id: 1, label: 'one-a' },
      { id: 2, label: 'two-a' },
    ]);
    expect(res.error).toBeNull();
    expect(res.status).toBe(200);
    expect(res.data).toBeNull();
    expect(await labels('ru_items')).toEqual([
      { id: 1, label: 'one-a' },
      { id: 2, label: 'two-a' },
    ]);
  });

  it('merge-duplicates where every row is an update: 200 with select() and the rows', async () => {
    const res = await alice.client.from('ru_items').upsert({ id: 1, label: 'one-b' }).select('id, label');
    expect(res.error).toBeNull();
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ id: 1, label: 'one-b' }]);
  });

  it('merge-duplicates with one new row among updates: 201, with and without select()', async () => {
    const plain = await alice.client.from('ru_items').upsert([
      { id: 1, label: 'one-c' },
      { id: 3, label: 'three' },
    ]);
    expect(plain.error).toBeNull();
    expect(plain.status).toBe(201);
    expect(plain.data).toBeNull();
    const selected = await alice.client
      .from('ru_items')
      .upsert([
        { id: 2, label: 'two-c' },
        { id: 4, label: 'four' },
      ])
      .select('id, label')
      .order('id');
    expect(selected.error).toBeNull();
    expect(selected.status).toBe(201);
    expect(selected.data).toEqual([
      { id: 2, label: 'two-c' },
      { id: 4, label: 'four' },
    ]);
  });

  it('merge-duplicates with only new rows answers 201; count=exact still counts every written row', async () => {
    const res = await alice.client.from('ru_items').upsert([{ id: 5, label: 'five' }], { count: 'exact' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.count).toBe(1);
    const updated = await alice.client.from('ru_items').upsert(
      [
        { id: 5, label: 'five-a' },
        { id: 4, label: 'four-a' },
      ],
      { count: 'exact' },
    );
    expect(updated.status).toBe(200);
    expect(updated.count).toBe(2);
  });

  it('ignore-duplicates is unchanged: 201 even when every row was skipped', async () => {
    const plain = await alice.client.from('ru_items').upsert({ id: 1, label: 'ignored' }, { ignoreDuplicates: true });
    expect(plain.error).toBeNull();
    expect(plain.status).toBe(201);
    const selected = await alice.client
      .from('ru_items')
      .upsert({ id: 2, label: 'ignored' }, { ignoreDuplicates: true })
      .select('id');
    expect(selected.error).toBeNull();
    expect(selected.status).toBe(201);
    expect(selected.data).toEqual([]);
    expect((await labels('ru_items')).filter((r) => r.label === 'ignored')).toEqual([]);
  });

  it('without a SELECT policy: a minimal insert still succeeds without select() (RETURNING 1 kept)', async () => {
    const inserted = await alice.client.from('ru_blind').insert([
      { id: 2, label: 'two' },
      { id: 3, label: 'three' },
    ]);
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(await labels('ru_blind')).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
      { id: 3, label: 'three' },
    ]);
  });

  it('without a SELECT policy: upserts are refused by PostgreSQL itself, whatever they return', async () => {
    // An ON CONFLICT target needs SELECT on the arbiter columns, and DO UPDATE checks the SELECT
    // policies on the existing and the new row, independently of the RETURNING list, so the
    // `xmax` read used for 200/201 adds no requirement beyond what the upsert already has.
    const merged = await alice.client.from('ru_blind').upsert({ id: 9, label: 'nine' });
    expect(merged.error?.code).toBe('42501');
    const ignored = await alice.client.from('ru_blind').upsert({ id: 8, label: 'eight' }, { ignoreDuplicates: true });
    expect(ignored.error?.code).toBe('42501');
    const left = await server.ctx.db.query(`select count(*)::int as n from public.ru_blind where id in (8, 9)`);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
