// RLS and privileges for the user's own account: user_settings (own row only, created with the
// user, no insert/delete by users), the personal profile columns, and list_my_sessions().
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext } from '@tagledger/db';
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

describe.each(drivers)('user_settings and profile fields on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db, { email: 'alice-settings@example.test' });
    bob = await createAuthUser(t.db, { email: 'bob-settings@example.test' });
  });
  afterAll(() => t?.close());

  it('creates a settings row with private defaults for every new user', async () => {
    const { rows } = await t.db.query('select * from public.user_settings where user_id = $1', [alice]);
    expect(rows[0]).toMatchObject({
      email_notifications: true,
      news_notifications: false,
      security_alerts: true,
      language: 'en',
      time_zone: null,
      cookie_consent: false,
      analytics_consent: false,
    });
  });

  it('lets a user read only their own settings', async () => {
    const rows = await asUser(
      t.db,
      alice,
      async (tx) => (await tx.query<{ user_id: string }>('select user_id from public.user_settings')).rows,
    );
    expect(rows.map((r) => r.user_id)).toEqual([alice]);
  });

  it('shows anonymous callers nothing', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select * from public.user_settings')),
      '42501',
    );
  });

  it('lets a user update their own settings and persists them', async () => {
    await asUser(t.db, alice, (tx) =>
      tx.query(
        `update public.user_settings set news_notifications = true, time_zone = 'Europe/Paris', analytics_consent = true where user_id = $1`,
        [alice],
      ),
    );
    const { rows } = await t.db.query(
      'select news_notifications, time_zone, analytics_consent from public.user_settings where user_id = $1',
      [alice],
    );
    expect(rows[0]).toEqual({ news_notifications: true, time_zone: 'Europe/Paris', analytics_consent: true });
  });

  it("does not let a user change another user's settings", async () => {
    const count = await asUser(
      t.db,
      alice,
      async (tx) =>
        (await tx.query('update public.user_settings set news_notifications = true where user_id = $1', [bob]))
          .rowCount,
    );
    expect(count).toBe(0);
    const { rows } = await t.db.query('select news_notifications from public.user_settings where user_id = $1', [bob]);
    expect(rows[0]).toEqual({ news_notifications: false });
  });

  it('does not let a user move their row to someone else, insert rows or delete their row', async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query('update public.user_settings set user_id = $1 where user_id = $2', [bob, alice]),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query('insert into public.user_settings (user_id) values ($1)', [crypto.randomUUID()]),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query('delete from public.user_settings where user_id = $1', [alice])),
      '42501',
    );
  });

  it('rejects invalid language and time zone values', async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`update public.user_settings set language = 'english!' where user_id = $1`, [alice]),
      ),
      '23514',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`update public.user_settings set time_zone = 'x; drop' where user_id = $1`, [alice]),
      ),
      '23514',
    );
  });

  it('lets the service role read every row', async () => {
    const rows = await asService(t.db, async (tx) => (await tx.query('select user_id from public.user_settings')).rows);
    expect(rows.length).toBe(2);
  });

  it('removes the settings row with the user', async () => {
    const carol = await createAuthUser(t.db);
    await t.db.query('delete from auth.users where id = $1', [carol]);
    const { rowCount } = await t.db.query('select 1 from public.user_settings where user_id = $1', [carol]);
    expect(rowCount).toBe(0);
  });

  it('lets a user edit phone, country and bio with length checks', async () => {
    await asUser(t.db, alice, (tx) =>
      tx.query(
        `update public.user_profiles set phone = '+44 20 7946 0000', country = 'United Kingdom', bio = 'Collector' where id = $1`,
        [alice],
      ),
    );
    const { rows } = await t.db.query('select phone, country, bio from public.user_profiles where id = $1', [alice]);
    expect(rows[0]).toEqual({ phone: '+44 20 7946 0000', country: 'United Kingdom', bio: 'Collector' });
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`update public.user_profiles set phone = 'call me' where id = $1`, [alice])),
      '23514',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query('update public.user_profiles set bio = $2 where id = $1', [alice, 'x'.repeat(501)]),
      ),
      '23514',
    );
    const count = await asUser(
      t.db,
      alice,
      async (tx) => (await tx.query(`update public.user_profiles set bio = 'hacked' where id = $1`, [bob])).rowCount,
    );
    expect(count).toBe(0);
  });

  it('accepts only the public URL of an avatar object the user owns', async () => {
    const [mine, theirs] = [`${crypto.randomUUID()}.png`, `${crypto.randomUUID()}.png`];
    await t.db.query(
      `insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2), ('avatars', $3, $4)`,
      [mine, alice, theirs, bob],
    );
    const set = (url: string) =>
      asUser(t.db, alice, (tx) =>
        tx.query('update public.user_profiles set avatar_url = $2 where id = $1', [alice, url]),
      );
    await set(`http://localhost:3000/storage/v1/object/public/avatars/${mine}`);
    await expectSqlState(set('https://tracker.example/pixel.gif'), '23514');
    await expectSqlState(set(`http://x/storage/v1/object/public/avatars/${theirs}`), '23514');
    await expectSqlState(set(`http://x/storage/v1/object/public/avatars/${crypto.randomUUID()}.png`), '23514');
    await expectSqlState(set(`http://x/storage/v1/object/public/avatars/${mine}?track=1`), '23514');
    await expectSqlState(set(`http://x/storage/v1/object/public/avatars/${alice}/${mine}`), '23514');
  });

  it('answers e-mail preferences to the service role only', async () => {
    const rows = await asService(
      t.db,
      async (tx) =>
        (
          await tx.query<{ news: boolean; security: boolean; other: boolean }>(
            `select private.wants_email($1, 'news') as news, private.wants_email($1, 'security') as security, private.wants_email($1, 'nope') as other`,
            [bob],
          )
        ).rows,
    );
    expect(rows[0]).toEqual({ news: false, security: true, other: false });
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query(`select private.wants_email($1, 'news')`, [bob])),
      '42501',
    );
  });
});

describe.each(drivers)('list_my_sessions on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  const aliceSessions = [crypto.randomUUID(), crypto.randomUUID()];
  const bobSession = crypto.randomUUID();
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db);
    bob = await createAuthUser(t.db);
    for (const [i, id] of aliceSessions.entries()) {
      await t.db.query(
        `insert into auth.sessions (id, user_id, user_agent, ip, created_at, refreshed_at) values ($1, $2, $3, '203.0.113.7', now() - ($4 || ' hours')::interval, now() - ($4 || ' hours')::interval)`,
        [id, alice, `Browser ${i}`, String(i + 1)],
      );
    }
    // An expired session is not listed.
    await t.db.query(
      `insert into auth.sessions (id, user_id, not_after) values ($1, $2, now() - interval '1 minute')`,
      [crypto.randomUUID(), alice],
    );
    await t.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [bobSession, bob]);
  });
  afterAll(() => t?.close());

  it("lists the caller's live sessions and marks the current one", async () => {
    const rows = await withRequestContext(
      t.db,
      { role: 'authenticated', claims: { sub: alice, role: 'authenticated', session_id: aliceSessions[1] } },
      async (tx) =>
        (
          await tx.query<{ id: string; is_current: boolean; user_agent: string; ip: string }>(
            'select * from public.list_my_sessions()',
          )
        ).rows,
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...aliceSessions].sort());
    expect(rows.find((r) => r.is_current)?.id).toBe(aliceSessions[1]);
    expect(rows.filter((r) => r.is_current)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '203.0.113.7' });
  });

  it("never shows another user's sessions", async () => {
    const rows = await asUser(
      t.db,
      bob,
      async (tx) => (await tx.query<{ id: string }>('select id from public.list_my_sessions()')).rows,
    );
    expect(rows.map((r) => r.id)).toEqual([bobSession]);
  });

  it('refuses anonymous callers and keeps auth.sessions closed to users', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select * from public.list_my_sessions()')),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query('select * from auth.sessions')),
      '42501',
    );
  });
});
