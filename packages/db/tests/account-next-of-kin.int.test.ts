// RLS for public.next_of_kin: owners create, read, edit and remove their own contacts; nobody
// else (other users, admins, anonymous callers) sees or changes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

describe.each(drivers)('next_of_kin RLS on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  let admin: string;
  let bobsKin: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db);
    bob = await createAuthUser(t.db);
    admin = await createAuthUser(t.db, { role: 'admin' });
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.next_of_kin (user_id, full_name, relationship, email) values ($1, 'Carol', 'Sister', 'carol@example.test') returning id`,
      [bob],
    );
    bobsKin = rows[0]!.id;
  });
  afterAll(() => t?.close());

  it('lets a user add, read, edit and remove their own next of kin', async () => {
    const result = await asUser(t.db, alice, async (tx) => {
      const { rows } = await tx.query<{ id: string; user_id: string }>(
        `insert into public.next_of_kin (full_name, relationship, phone) values ('Dan', 'Brother', '+351 912 345 678') returning id, user_id`,
      );
      const id = rows[0]!.id;
      const listed = (await tx.query<{ id: string }>('select id from public.next_of_kin')).rows.map((r) => r.id);
      const updated = (await tx.query(`update public.next_of_kin set notes = 'Has the spare key' where id = $1`, [id]))
        .rowCount;
      const deleted = (await tx.query('delete from public.next_of_kin where id = $1', [id])).rowCount;
      return { owner: rows[0]!.user_id, listed, id, updated, deleted };
    });
    expect(result.owner).toBe(alice);
    expect(result.listed).toEqual([result.id]);
    expect(result.updated).toBe(1);
    expect(result.deleted).toBe(1);
  });

  it("hides other users' next of kin and refuses to change them", async () => {
    const result = await asUser(t.db, alice, async (tx) => ({
      seen: (await tx.query('select 1 from public.next_of_kin where id = $1', [bobsKin])).rowCount,
      updated: (await tx.query(`update public.next_of_kin set full_name = 'x' where id = $1`, [bobsKin])).rowCount,
      deleted: (await tx.query('delete from public.next_of_kin where id = $1', [bobsKin])).rowCount,
    }));
    expect(result).toEqual({ seen: 0, updated: 0, deleted: 0 });
  });

  it('does not let a user add a contact to someone else or move one', async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(
          `insert into public.next_of_kin (user_id, full_name, relationship, email) values ($1, 'X', 'Friend', 'x@example.test')`,
          [bob],
        ),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query('update public.next_of_kin set user_id = $1 where id = $2', [alice, bobsKin])),
      '42501',
    );
  });

  it('keeps them private from admins and anonymous callers', async () => {
    const seen = await asUser(t.db, admin, async (tx) => (await tx.query('select 1 from public.next_of_kin')).rowCount);
    expect(seen).toBe(0);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select * from public.next_of_kin')),
      '42501',
    );
  });

  it('requires a name, a relationship and a way to reach them', async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`insert into public.next_of_kin (full_name, relationship) values ('Eve', 'Aunt')`),
      ),
      '23514',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(
          `insert into public.next_of_kin (full_name, relationship, email) values ('  ', 'Aunt', 'eve@example.test')`,
        ),
      ),
      '23514',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(
          `insert into public.next_of_kin (full_name, relationship, email) values ('Eve', 'Aunt', 'not an email')`,
        ),
      ),
      '23514',
    );
  });

  it('keeps one primary contact per user', async () => {
    const primaries = await asUser(t.db, alice, async (tx) => {
      await tx.query(
        `insert into public.next_of_kin (full_name, relationship, email, is_primary) values ('F', 'Friend', 'f@example.test', true)`,
      );
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.next_of_kin (full_name, relationship, email, is_primary) values ('G', 'Friend', 'g@example.test', true) returning id`,
      );
      const list = (await tx.query<{ id: string }>('select id from public.next_of_kin where is_primary')).rows.map(
        (r) => r.id,
      );
      return { list, g: rows[0]!.id };
    });
    expect(primaries.list).toEqual([primaries.g]);
  });

  it('caps the list at 20 contacts', async () => {
    await expectSqlState(
      asUser(t.db, alice, async (tx) => {
        for (let i = 0; i < 21; i++) {
          await tx.query(
            `insert into public.next_of_kin (full_name, relationship, email) values ($1, 'Friend', 'h@example.test')`,
            [`H${i}`],
          );
        }
      }),
      'P0001',
    );
  });

  it('goes with the account', async () => {
    const carol = await createAuthUser(t.db);
    await t.db.query(
      `insert into public.next_of_kin (user_id, full_name, relationship, email) values ($1, 'I', 'Friend', 'i@example.test')`,
      [carol],
    );
    await t.db.query('delete from auth.users where id = $1', [carol]);
    expect((await t.db.query('select 1 from public.next_of_kin where user_id = $1', [carol])).rowCount).toBe(0);
  });
});
