// storage.objects policies of the avatars bucket: an avatar is <random uuid>.<ext> at the top of
// the bucket (no owner id in any URL), belongs to its uploader through owner_id, and only its owner
// may see it in listings or delete it; nobody replaces one. Legacy <uid>/… avatars are renamed by
// private.rename_legacy_avatars() and the profiles using them follow. The bucket itself enforces
// type and size (checked by the storage server, asserted here through its configuration row).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
import { asAnon, asUser, drivers, expectSqlState, type TestDb } from '@tagledger/db/testing';
import { openWithTwoUsers } from './helpers/two-users.js';

const avatarName = (ext = 'png') => `${crypto.randomUUID()}.${ext}`;
const insertObject = (tx: Tx, name: string, owner: string) =>
  tx.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ('avatars', $1, $2::uuid, $3, '{"size": 10}')`,
    [name, owner, owner],
  );

describe.each(drivers)('avatars bucket policies on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await openWithTwoUsers(driver));
  });
  afterAll(() => t?.close());

  it('is a public bucket limited to 2 MB images', async () => {
    const { rows } = await t.db.query(
      `select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = 'avatars'`,
    );
    expect(rows[0]).toEqual({
      public: true,
      limit: 2097152,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    });
  });

  it('lets a user upload, see and delete an anonymously named avatar of their own', async () => {
    const name = avatarName();
    // asUser rolls its transaction back afterwards, so the whole life of one object runs inside it.
    const result = await asUser(t.db, alice, async (tx) => {
      await insertObject(tx, name, alice);
      const seen = (
        await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = 'avatars'`)
      ).rows.map((r) => r.name);
      const deleted = (await tx.query(`delete from storage.objects where bucket_id = 'avatars' and name = $1`, [name]))
        .rowCount;
      return { seen, deleted };
    });
    expect(result).toEqual({ seen: [name], deleted: 1 });
  });

  it('refuses names that reveal or choose anything, and rows owned by someone else', async () => {
    for (const name of [
      `${alice}/avatar.png`,
      `${avatarName()}/a.png`,
      'avatar.png',
      avatarName('html'),
      avatarName('svg'),
      `${alice}.png`,
    ]) {
      await expectSqlState(
        asUser(t.db, alice, (tx) => insertObject(tx, name, alice)),
        '42501',
      );
    }
    await expectSqlState(
      asUser(t.db, alice, (tx) => insertObject(tx, avatarName(), bob)),
      '42501',
    );
  });

  it("does not let a user see, replace or delete another user's avatar", async () => {
    const name = avatarName();
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

  it('lets nobody replace or rename an avatar, not even its owner', async () => {
    const name = avatarName();
    await t.db.query(`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`, [
      name,
      alice,
    ]);
    const updated = await asUser(
      t.db,
      alice,
      async (tx) =>
        (await tx.query(`update storage.objects set name = $2 where name = $1`, [name, avatarName()])).rowCount,
    );
    expect(updated).toBe(0);
  });

  it('gives anonymous callers no write access', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => insertObject(tx, avatarName(), alice)),
      '42501',
    );
    const deleted = await asAnon(
      t.db,
      async (tx) => (await tx.query(`delete from storage.objects where bucket_id = 'avatars'`)).rowCount,
    );
    expect(deleted).toBe(0);
  });

  it('renames legacy <uid>/… avatars and repoints the profile that shows one', async () => {
    const before = (
      await t.db.query<{ name: string }>(`select name from storage.objects where bucket_id = 'avatars'`)
    ).rows.map((r) => r.name);
    const legacy = `${bob}/avatar-1700000000000.jpeg`;
    const other = `${bob}/avatar-old.png`;
    await t.db.query(
      `insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2), ('avatars', $3, null)`,
      [legacy, bob, other],
    );
    // The profile row is written as the migration found it (the new trigger would refuse the old URL).
    await t.db.transaction(async (tx) => {
      await tx.query(`alter table public.user_profiles disable trigger user_profiles_avatar_url_own_object`);
      await tx.query(`update public.user_profiles set avatar_url = $2 where id = $1`, [
        bob,
        `http://localhost:3000/storage/v1/object/public/avatars/${legacy}`,
      ]);
      await tx.query(`alter table public.user_profiles enable trigger user_profiles_avatar_url_own_object`);
    });
    const { rows: renamed } = await t.db.query<{ n: number }>('select private.rename_legacy_avatars() as n');
    expect(renamed[0]?.n).toBe(2);
    const { rows } = await t.db.query<{ name: string; owner_id: string }>(
      `select name, owner_id from storage.objects where bucket_id = 'avatars' and owner_id = $1 order by name`,
      [bob],
    );
    expect(rows.every((r) => !r.name.includes(bob) && /^[0-9a-f-]{36}\.(jpg|png)$/.test(r.name))).toBe(true);
    const fresh = rows.filter((r) => !before.includes(r.name));
    // .jpeg becomes .jpg; the row without an owner_id gets the folder's user as owner.
    expect(fresh.map((r) => r.name.split('.')[1]).sort()).toEqual(['jpg', 'png']);
    const { rows: profile } = await t.db.query<{ avatar_url: string }>(
      'select avatar_url from public.user_profiles where id = $1',
      [bob],
    );
    const shown = profile[0]!.avatar_url.split('/avatars/')[1];
    expect(profile[0]!.avatar_url.startsWith('http://localhost:3000/storage/v1/object/public/avatars/')).toBe(true);
    expect(rows.map((r) => r.name)).toContain(shown);
    expect(shown!.endsWith('.jpg')).toBe(true);
  });
});
