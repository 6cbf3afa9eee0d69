import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

describe.each(drivers)('user_profiles RLS on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  let admin: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db, { email: 'alice@example.test', metadata: { full_name: 'Alice A' } });
    bob = await createAuthUser(t.db, { email: 'bob@example.test' });
    admin = await createAuthUser(t.db, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('creates a profile when an auth user is created', async () => {
    const { rows } = await t.db.query<{ email: string; role: string; full_name: string; is_business_user: boolean }>(
      'select email, role, full_name, is_business_user from public.user_profiles where id = $1',
      [alice],
    );
    expect(rows[0]).toEqual({
      email: 'alice@example.test',
      role: 'standard',
      full_name: 'Alice A',
      is_business_user: false,
    });
  });

  it('lets a user read only their own row', async () => {
    const rows = await asUser(
      t.db,
      alice,
      async (tx) => (await tx.query<{ id: string }>('select id from public.user_profiles')).rows,
    );
    expect(rows.map((r) => r.id)).toEqual([alice]);
  });

  it('lets an admin read every row', async () => {
    const rows = await asUser(t.db, admin, async (tx) => (await tx.query('select id from public.user_profiles')).rows);
    expect(rows.length).toBe(3);
  });

  it('shows anonymous callers nothing', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select id from public.user_profiles')),
      '42501',
    );
  });

  it('lets a user update their own name', async () => {
    await asUser(t.db, alice, (tx) =>
      tx.query(`update public.user_profiles set full_name = 'Alice B' where id = $1`, [alice]),
    );
    const { rows } = await t.db.query<{ full_name: string }>(
      'select full_name from public.user_profiles where id = $1',
      [alice],
    );
    expect(rows[0]?.full_name).toBe('Alice B');
  });

  it("does not let a user update another user's row", async () => {
    const count = await asUser(
      t.db,
      alice,
      async (tx) =>
        (await tx.query(`update public.user_profiles set full_name = 'hacked' where id = $1`, [bob])).rowCount,
    );
    expect(count).toBe(0);
  });

  it.each(['role', 'is_business_user', 'email'])('does not let a user change their own %s', async (column) => {
    const value = column === 'role' ? `'admin'` : column === 'is_business_user' ? 'true' : `'x@example.test'`;
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`update public.user_profiles set ${column} = ${value} where id = $1`, [alice]),
      ),
      '42501',
    );
  });

  it('does not let a user insert or delete profiles', async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`insert into public.user_profiles (id) values (gen_random_uuid())`)),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query('delete from public.user_profiles where id = $1', [alice])),
      '42501',
    );
  });

  it('records activity through update_user_activity() for the caller only', async () => {
    await asUser(t.db, bob, (tx) => tx.query('select public.update_user_activity()'));
    const { rows } = await t.db.query<{ id: string }>(
      'select id from public.user_profiles where last_active_at is not null',
    );
    expect(rows.map((r) => r.id)).toEqual([bob]);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select public.update_user_activity()')),
      '42501',
    );
  });

  it('lets the service role change roles', async () => {
    await asService(t.db, (tx) => tx.query(`update public.user_profiles set role = 'moderator' where id = $1`, [bob]));
    const { rows } = await t.db.query<{ role: string }>('select role from public.user_profiles where id = $1', [bob]);
    expect(rows[0]?.role).toBe('moderator');
  });
});
