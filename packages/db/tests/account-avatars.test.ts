// storage.objects policies of the avatars bucket: a user writes, replaces and deletes only under
// <own uid>/…; nobody else can; the bucket itself enforces type and size (checked by the storage
// server, asserted here through its configuration row).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../apps/server/src/db/index.js';
import { asAnon, asUser, drivers, expectSqlState, type TestDb } from './helpers/db.js';
import { openWithTwoUsers } from './helpers/two-users.js';

const insertObject = (tx: Tx, name: string, owner: string) =>
  tx.query(`insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ('avatars', $1, $2::uuid, $3, '{"size": 10}')`, [
    name,
    owner,
    owner,
  ]);

describe.each(drivers)('avatars bucket policies on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await openWithTwoUsers(driver));
  });
  afterAll(() => t?.close());

  it('is a public bucket limited to 2 MB images', async () => {
    const { rows } = await t.db.query(`select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = 'avatars'`);
    expect(rows[0]).toEqual({ public: true, limit: 2097152, allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] });
  });

  it('lets a user upload, see, replace and delete in their own folder', async () => {
    // asUser rolls its transaction back afterwards, so the whole life of one object runs inside it.
    const result = await asUser(t.db, alice, async (tx) => {
      await insertObject(tx, `${alice}/avatar-2.png`, alice);
      const seen = (await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = 'avatars'`)).rows.map((r) => r.name);
      const updated = (await tx.query(`update storage.objects set metadata = '{"size": 11}' where bucket_id = 'avatars' and name = $1`, [`${alice}/avatar-2.png`])).rowCount;
      const deleted = (await tx.query(`delete from storage.objects where bucket_id = 'avatars' and name = $1`, [`${alice}/avatar-2.png`])).rowCount;
      return { seen, updated, deleted };
    });
    expect(result.seen).toContain(`${alice}/avatar-2.png`);
    expect(result.updated).toBe(1);
    expect(result.deleted).toBe(1);
  });

  it("refuses uploads outside the user's folder", async () => {
    await expectSqlState(asUser(t.db, alice, (tx) => insertObject(tx, `${bob}/avatar.png`, alice)), '42501');
    await expectSqlState(asUser(t.db, alice, (tx) => insertObject(tx, 'avatar.png', alice)), '42501');
    await expectSqlState(asUser(t.db, alice, (tx) => insertObject(tx, `x/${alice}/avatar.png`, alice)), '42501');
  });

  it("does not let a user see, replace or delete another user's avatar", async () => {
    const name = `${bob}/avatar.png`;
    await t.db.query(`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`, [name, bob]);
    const result = await asUser(t.db, alice, async (tx) => ({
      seen: (await tx.query(`select 1 from storage.objects where name = $1`, [name])).rowCount,
      updated: (await tx.query(`update storage.objects set metadata = '{}' where name = $1`, [name])).rowCount,
      deleted: (await tx.query(`delete from storage.objects where name = $1`, [name])).rowCount,
    }));
    expect(result).toEqual({ seen: 0, updated: 0, deleted: 0 });
    const { rowCount } = await t.db.query('select 1 from storage.objects where name = $1', [name]);
    expect(rowCount).toBe(1);
  });

  it('does not let a user move an avatar into another folder', async () => {
    const name = `${alice}/moving.png`;
    await t.db.query(`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`, [name, alice]);
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`update storage.objects set name = $2 where name = $1`, [name, `${bob}/moved.png`])),
      '42501',
    );
  });

  it('gives anonymous callers no write access', async () => {
    await expectSqlState(asAnon(t.db, (tx) => insertObject(tx, `${crypto.randomUUID()}/a.png`, alice)), '42501');
    const deleted = await asAnon(t.db, async (tx) => (await tx.query(`delete from storage.objects where bucket_id = 'avatars'`)).rowCount);
    expect(deleted).toBe(0);
  });
});
