// storage schema: path helpers, and RLS on storage.objects / storage.buckets per role and
// operation. The migration ships no policies; this test adds a typical bucket policy (each user
// owns the folder named after their id) the way feature migrations do, and checks allow and deny.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, asService, asUser, drivers, expectSqlState, type TestDb } from '@tagledger/db/testing';
import { openWithTwoUsers } from './helpers/two-users.js';

const insertObject = (name: string, owner: string | null = null) =>
  `insert into storage.objects (bucket_id, name, owner_id, metadata) values ('vault', '${name}', ${owner ? `'${owner}'` : 'null'}, '{}')`;

describe.each(drivers)('storage schema on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await openWithTwoUsers(driver));
    await t.db.exec(`
      insert into storage.buckets (id, name) values ('vault', 'vault'), ('open', 'open');
      create policy "Users can read their own folder in vault" on storage.objects for select to authenticated
        using (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Users can upload into their own folder in vault" on storage.objects for insert to authenticated
        with check (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Users can update their own folder in vault" on storage.objects for update to authenticated
        using (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text)
        with check (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Users can delete their own folder in vault" on storage.objects for delete to authenticated
        using (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
    `);
    await t.db.query(insertObject('x/seed.txt'));
  });
  afterAll(() => t?.close());

  it('splits paths like Supabase: foldername, filename, extension, path_tokens', async () => {
    const { rows } = await t.db.query(
      `select storage.foldername('a/b/c.tar.gz') as f, storage.filename('a/b/c.tar.gz') as n,
              storage.extension('a/b/c.tar.gz') as e, storage.foldername('top.txt') as top`,
    );
    expect(rows[0]).toEqual({ f: ['a', 'b'], n: 'c.tar.gz', e: 'gz', top: [] });
    const tokens = await t.db.query<{ path_tokens: string[] }>(
      `select path_tokens from storage.objects where name = 'x/seed.txt'`,
    );
    expect(tokens.rows[0]?.path_tokens).toEqual(['x', 'seed.txt']);
  });

  it('lets the owner insert, read, update and delete inside their folder', async () => {
    await asUser(t.db, alice, async (tx) => {
      await tx.query(insertObject(`${alice}/a.txt`, alice));
      const read = await tx.query<{ name: string }>('select name from storage.objects');
      expect(read.rows.map((r) => r.name)).toEqual([`${alice}/a.txt`]);
      const upd = await tx.query(`update storage.objects set metadata = '{"v":2}' where name = $1`, [`${alice}/a.txt`]);
      expect(upd.rowCount).toBe(1);
      const del = await tx.query('delete from storage.objects where name = $1', [`${alice}/a.txt`]);
      expect(del.rowCount).toBe(1);
    });
  });

  it("refuses inserts into another user's folder, the bucket root and other buckets", async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(insertObject(`${bob}/evil.txt`, alice))),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(insertObject('root.txt', alice))),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`insert into storage.objects (bucket_id, name) values ('open', '${alice}/a.txt')`),
      ),
      '42501',
    );
  });

  it("hides, and refuses to change or delete, another user's objects", async () => {
    await t.db.query(insertObject(`${bob}/b.txt`, bob));
    await asUser(t.db, alice, async (tx) => {
      expect((await tx.query('select 1 from storage.objects where name = $1', [`${bob}/b.txt`])).rowCount).toBe(0);
      expect(
        (await tx.query(`update storage.objects set metadata = '{}' where name = $1`, [`${bob}/b.txt`])).rowCount,
      ).toBe(0);
      expect((await tx.query('delete from storage.objects where name = $1', [`${bob}/b.txt`])).rowCount).toBe(0);
    });
    // Nor may an owner move their own object into someone else's folder.
    await t.db.query(insertObject(`${alice}/mine.txt`, alice));
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query('update storage.objects set name = $1 where name = $2', [`${bob}/stolen.txt`, `${alice}/mine.txt`]),
      ),
      '42501',
    );
    const { rows } = await t.db.query('select 1 from storage.objects where name = $1', [`${bob}/b.txt`]);
    expect(rows.length).toBe(1);
  });

  it('gives anon nothing: no rows, no inserts, no deletes', async () => {
    await asAnon(t.db, async (tx) => {
      expect((await tx.query('select 1 from storage.objects')).rowCount).toBe(0);
      expect((await tx.query('delete from storage.objects')).rowCount).toBe(0);
    });
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(insertObject('anon/a.txt'))),
      '42501',
    );
  });

  it('lets the service role bypass RLS', async () => {
    await asService(t.db, async (tx) => {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from storage.objects');
      expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
      await tx.query(insertObject('service/any.txt'));
    });
  });

  it('keeps buckets closed to anon and users without a policy', async () => {
    await asUser(t.db, alice, async (tx) => {
      expect((await tx.query('select 1 from storage.buckets')).rowCount).toBe(0);
      expect((await tx.query(`update storage.buckets set public = true`)).rowCount).toBe(0);
    });
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`insert into storage.buckets (id, name) values ('mine', 'mine')`)),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`insert into storage.buckets (id, name) values ('anon', 'anon')`)),
      '42501',
    );
    const { rows } = await asService(t.db, (tx) =>
      tx.query<{ id: string }>(`select id from storage.buckets where id in ('vault', 'open') order by id`),
    );
    expect(rows.map((r) => r.id)).toEqual(['open', 'vault']);
  });

  it('keeps object names unique per bucket', async () => {
    await expectSqlState(t.db.query(insertObject(`${bob}/b.txt`)), '23505');
  });
});
