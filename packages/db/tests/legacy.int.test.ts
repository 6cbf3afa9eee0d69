// Will and legacy in the database, on both drivers: the countdown follows the application clock;
// each reminder is taken once; pause and off stop it; a next of kin sees nothing before release
// and only what was chosen for them after; and nobody but the owner changes the switch — a next
// of kin can neither run the sweep, nor release, nor move the clock, nor shorten the wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectRefusal,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

const DAY = 86_400;

describe.each(drivers)('legacy on %s', (driver) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(() => t?.close());

  async function advanceDays(days: number) {
    await t.db.query(
      `insert into private.app_clock (id, offset_seconds) values (true, $1)
       on conflict (id) do update set offset_seconds = private.app_clock.offset_seconds + excluded.offset_seconds`,
      [Math.round(days * DAY)],
    );
  }
  const sweep = async () => (await t.db.query<{ n: number }>('select private.legacy_sweep() as n')).rows[0]!.n;
  const events = async (owner: string) =>
    (
      await t.db.query<{ kind: string; detail: Record<string, unknown>; recipient_email: string | null }>(
        'select kind, detail, recipient_email from public.legacy_events where owner_id = $1 order by id',
        [owner],
      )
    ).rows;

  /** An owner with a legacy asset, a general asset, and a next of kin who accepted (receives legacy assets). */
  async function family() {
    const owner = await createAuthUser(t.db);
    const kin = await createAuthUser(t.db);
    const kinEmail = (await t.db.query<{ email: string }>('select email from auth.users where id = $1', [kin])).rows[0]!
      .email;
    const asset = async (kind: string, title: string) =>
      (
        await t.db.query<{ id: string }>(
          `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), $2, $3) returning id`,
          [owner, kind, title],
        )
      ).rows[0]!.id;
    const will = await asset('legacy', 'My will');
    const bike = await asset('general', 'Bike');
    const nok = await asUser(t.db, owner, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.next_of_kin (full_name, relationship, email, access_level, message, receives_kinds)
         values ('Heir', 'Daughter', $1, 'inherit', 'With love', '{legacy}') returning id`,
        [kinEmail],
      );
      await tx.query('select public.legacy_invite($1)', [rows[0]!.id]);
      return rows[0]!.id;
    });
    const { rows } = await t.db.query<{ mail_secret: string }>(
      `select mail_secret from public.legacy_events where owner_id = $1 and kind = 'invited'`,
      [owner],
    );
    await asUser(t.db, kin, (tx) => tx.query('select public.legacy_answer_invite($1, true)', [rows[0]!.mail_secret]));
    return { owner, kin, nok, will, bike };
  }
  const setSwitch = (owner: string, months: number, pausedUntil: string | null = null, enabled = true) =>
    asUser(t.db, owner, (tx) =>
      tx.query('select public.legacy_set_switch($1, $2, 14, 7, $3)', [enabled, months, pausedUntil]),
    );

  it('invites, accepts and tells the owner; the invitation link works once and only for the invited address', async () => {
    const { owner, kin } = await family();
    const kinds = (await events(owner)).map((e) => e.kind);
    expect(kinds).toEqual(['invited', 'accepted']);
    const stranger = await createAuthUser(t.db);
    await expectRefusal(
      asUser(t.db, stranger, (tx) => tx.query(`select public.legacy_answer_invite('nope', true)`)),
      'invitation_not_found',
    );
    const status = await asUser(t.db, owner, (tx) =>
      tx.query<{ status: string; kin_user_id: string }>('select status, kin_user_id from public.next_of_kin'),
    );
    expect(status.rows).toEqual([{ status: 'accepted', kin_user_id: kin }]);
    // The owner never reads the invitation secret through the API.
    await expectSqlState(
      asUser(t.db, owner, (tx) => tx.query('select mail_secret from public.legacy_events')),
      '42501',
    );
  });

  it('sends each reminder once, a final notice, then releases after the grace period', async () => {
    const { owner } = await family();
    await setSwitch(owner, 3);
    // Three months are 89 to 92 days by the calendar of the day the test runs (from 29 November, 91):
    // the steps are counted from the end the database computes.
    const { rows } = await t.db.query<{ days: number }>(
      `select extract(day from (s.last_activity_at + make_interval(months => s.period_months)) - s.last_activity_at)::int
         as days from public.legacy_switches s where s.user_id = $1`,
      [owner],
    );
    await advanceDays(rows[0]!.days - 30); // 30 days before the end of the 3 months
    const reminders = async () =>
      (await events(owner)).filter((e) => e.kind === 'reminder').map((e) => e.detail.days_left);
    await sweep();
    await sweep();
    expect(await reminders()).toEqual([30]);
    for (const [days, expected] of [
      [16, [30, 14]],
      [7, [30, 14, 7]],
      [6, [30, 14, 7, 1]],
    ] as const) {
      await advanceDays(days);
      await sweep();
      await sweep();
      expect(await reminders()).toEqual(expected);
    }
    await advanceDays(2);
    await sweep();
    await sweep();
    let kinds = (await events(owner)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'final_notice')).toHaveLength(1);
    expect(kinds).not.toContain('released');
    await advanceDays(15);
    await sweep();
    await sweep();
    kinds = (await events(owner)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'released')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'release_notice')).toHaveLength(1);
  });

  it('stops the countdown while paused and when switched off; any sign-in starts it again', async () => {
    const { owner } = await family();
    const now = (await t.db.query<{ now: Date }>('select private.app_now() as now')).rows[0]!.now;
    const pauseEnd = new Date(now.getTime() + 200 * DAY * 1000).toISOString();
    await setSwitch(owner, 3, pauseEnd);
    await advanceDays(150);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).not.toContain('reminder');
    await advanceDays(51);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).toContain('pause_ended');
    await advanceDays(70);
    await t.db.query('update auth.users set last_sign_in_at = now() where id = $1', [owner]);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).not.toContain('reminder');
    await setSwitch(owner, 3, null, false);
    await advanceDays(400);
    await sweep();
    const kinds = (await events(owner)).map((e) => e.kind);
    expect(kinds).not.toContain('reminder');
    expect(kinds).not.toContain('released');
    expect(kinds.filter((k) => k === 'switch_changed')).toHaveLength(2);
  });

  it('shows a next of kin nothing before release and only what was chosen for them after', async () => {
    const { owner, kin, will } = await family();
    await setSwitch(owner, 3);
    const released = () =>
      asUser(
        t.db,
        kin,
        async (tx) => (await tx.query<{ r: unknown[] }>('select public.legacy_released_to_me() as r')).rows[0]!.r,
      );
    expect(await released()).toEqual([]);
    await asUser(t.db, kin, async (tx) => {
      for (const table of ['legacy_switches', 'legacy_events', 'assets', 'next_of_kin']) {
        expect(
          (
            await tx.query(
              `select 1 from public.${table} where ${table === 'next_of_kin' || table === 'legacy_switches' ? 'user_id' : 'owner_id'} = $1`,
              [owner],
            )
          ).rowCount,
          table,
        ).toBe(0);
      }
    });
    await advanceDays(92 + 15);
    await sweep();
    const after = (await released()) as Array<{ message: string; access_level: string; assets: Array<{ id: string }> }>;
    expect(after).toHaveLength(1);
    expect(after[0]!.message).toBe('With love');
    expect(after[0]!.access_level).toBe('inherit');
    expect(after[0]!.assets.map((a) => a.id)).toEqual([will]);
  });

  it('lets a next of kin ask early but never trigger, shorten or skip a step', async () => {
    const { owner, kin, nok } = await family();
    await setSwitch(owner, 12);
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(tx.query('select private.legacy_sweep()'), '42501');
    });
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(tx.query(`select private.legacy_release($1, 'inactivity')`, [owner]), '42501');
    });
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(tx.query('update private.app_clock set offset_seconds = 1e9'), '42501');
    });
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(
        tx.query('update public.legacy_switches set period_months = 3 where user_id = $1', [owner]),
        '42501',
      );
    });
    // RLS hides the owner's contact from the kin: the update reaches no row.
    const kinEdit = await asUser(t.db, kin, (tx) =>
      tx.query('update public.next_of_kin set access_level = $2 where id = $1', [nok, 'view']),
    );
    expect(kinEdit.rowCount).toBe(0);
    // The kin's own switch call changes only the kin's own switch.
    await setSwitch(kin, 3);
    const periods = await t.db.query<{ user_id: string; period_months: number }>(
      'select user_id, period_months from public.legacy_switches where user_id in ($1, $2)',
      [owner, kin],
    );
    expect(Object.fromEntries(periods.rows.map((r) => [r.user_id, r.period_months]))).toEqual({
      [owner]: 12,
      [kin]: 3,
    });

    const ask = () =>
      asUser(
        t.db,
        kin,
        async (tx) =>
          (
            await tx.query<{ release_after: Date }>(
              'select release_after from public.legacy_request_early_access($1)',
              [owner],
            )
          ).rows[0]!.release_after,
      );
    const named = await asUser(
      t.db,
      kin,
      async (tx) =>
        (await tx.query<{ r: Array<{ owner_id: string; switch_on: boolean }> }>('select public.legacy_named_me() as r'))
          .rows[0]!.r,
    );
    expect(named).toEqual([expect.objectContaining({ owner_id: owner, switch_on: true, released: false })]);
    const first = await ask();
    await advanceDays(3);
    expect((await ask()).getTime()).toBe(first.getTime());
    // The kin cannot refuse (or accept) in the owner's place.
    const request = (
      await t.db.query<{ id: string }>('select id from public.legacy_requests where owner_id = $1', [owner])
    ).rows[0]!.id;
    await expectRefusal(
      asUser(t.db, kin, (tx) => tx.query('select public.legacy_refuse_request($1)', [request])),
      'not_found',
    );
    await advanceDays(3);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).not.toContain('released');
    expect((await events(owner)).map((e) => e.kind)).toContain('early_request');
    await advanceDays(2);
    await sweep();
    expect((await events(owner)).filter((e) => e.kind === 'released')).toHaveLength(1);
  });

  it('lets the owner refuse an early request within the waiting period', async () => {
    const { owner, kin } = await family();
    await setSwitch(owner, 12);
    await asUser(t.db, kin, (tx) => tx.query('select public.legacy_request_early_access($1)', [owner]));
    const request = (
      await t.db.query<{ id: string }>('select id from public.legacy_requests where owner_id = $1', [owner])
    ).rows[0]!.id;
    await asUser(t.db, owner, (tx) => tx.query('select public.legacy_refuse_request($1)', [request]));
    await advanceDays(30);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).not.toContain('released');
    await asService(t.db, async (tx) => {
      await expectSqlState(tx.query('select private.legacy_sweep()'), '42501');
    });
  });

  it('never releases a waiting request behind a switch that is off or paused, even one the sweep finds due', async () => {
    const { owner, kin } = await family();
    await setSwitch(owner, 12);
    await asUser(t.db, kin, (tx) => tx.query('select public.legacy_request_early_access($1)', [owner]));
    // Turned off behind the functions' back (as an old row would be): the sweep itself holds it.
    await t.db.query('update public.legacy_switches set enabled = false where user_id = $1', [owner]);
    await advanceDays(8);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).not.toContain('released');
    const now = (await t.db.query<{ now: Date }>('select private.app_now() as now')).rows[0]!.now;
    await t.db.query('update public.legacy_switches set enabled = true, paused_until = $2 where user_id = $1', [
      owner,
      new Date(now.getTime() + 5 * DAY * 1000),
    ]);
    await sweep();
    expect((await events(owner)).map((e) => e.kind)).not.toContain('released');
  });

  it('shows each next of kin only the requests they made, and lets no one write requests or opt-outs', async () => {
    const { owner, kin } = await family();
    await setSwitch(owner, 12);
    const other = await createAuthUser(t.db);
    const otherEmail = (await t.db.query<{ email: string }>('select email from auth.users where id = $1', [other]))
      .rows[0]!.email;
    await asUser(t.db, owner, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.next_of_kin (full_name, relationship, email) values ('Second', 'Son', $1) returning id`,
        [otherEmail],
      );
      await tx.query('select public.legacy_invite($1)', [rows[0]!.id]);
    });
    const { rows } = await t.db.query<{ mail_secret: string }>(
      `select mail_secret from public.legacy_events where owner_id = $1 and kind = 'invited' order by id desc limit 1`,
      [owner],
    );
    await asUser(t.db, other, (tx) => tx.query('select public.legacy_answer_invite($1, true)', [rows[0]!.mail_secret]));
    await asUser(t.db, kin, (tx) => tx.query('select public.legacy_request_early_access($1)', [owner]));
    const seen = (user: string) =>
      asUser(t.db, user, async (tx) => (await tx.query('select id from public.legacy_requests')).rowCount);
    expect(await seen(kin)).toBe(1);
    expect(await seen(owner)).toBe(1);
    expect(await seen(other)).toBe(0);
    expect(await seen(await createAuthUser(t.db))).toBe(0);
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(tx.query(`update public.legacy_requests set state = 'released'`), '42501');
    });
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(tx.query('select * from private.mail_opt_outs'), '42501');
    });
    await asUser(t.db, kin, async (tx) => {
      await expectSqlState(
        tx.query(`insert into private.mail_opt_outs (recipient_hash) values (repeat('a', 64))`),
        '42501',
      );
    });
    // The cancellation follows the switch: switching off ends the request the kin made.
    await setSwitch(owner, 12, null, false);
    const state = await asUser(t.db, kin, (tx) =>
      tx.query<{ state: string; cancel_reason: string }>('select state, cancel_reason from public.legacy_requests'),
    );
    expect(state.rows).toEqual([{ state: 'cancelled', cancel_reason: 'switched_off' }]);
  });
});
