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

describe.each(drivers)('bug_reports RLS on %s', (driver) => {
  let t: TestDb;
  let reporter: string;
  let other: string;
  let moderator: string;
  let admin: string;
  let report: string;

  const insertSql = `insert into public.bug_reports (user_id, error_message) values ($1, 'It broke') returning id`;

  beforeAll(async () => {
    t = await openTestDb(driver);
    reporter = await createAuthUser(t.db);
    other = await createAuthUser(t.db);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    admin = await createAuthUser(t.db, { role: 'admin' });
    report = (await t.db.query<{ id: string }>(insertSql, [reporter])).rows[0]!.id;
    await t.db.query(
      `insert into public.bug_reports (user_id, error_message, status) values ($1, 'Other', 'resolved')`,
      [other],
    );
  });
  afterAll(() => t?.close());

  describe('select', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select id from public.bug_reports')),
        '42501',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select * from public.bug_report_status_counts()')),
        '42501',
      );
    });

    it('shows a reporter only their own reports', async () => {
      const rows = await asUser(
        t.db,
        reporter,
        async (tx) => (await tx.query<{ id: string }>('select id from public.bug_reports')).rows,
      );
      expect(rows.map((r) => r.id)).toEqual([report]);
    });

    it('shows a moderator none of the others’ reports', async () => {
      const rows = await asUser(
        t.db,
        moderator,
        async (tx) => (await tx.query('select id from public.bug_reports')).rows,
      );
      expect(rows).toEqual([]);
    });

    it('shows an admin every report and counts them by status in SQL', async () => {
      const result = await asUser(t.db, admin, async (tx) => ({
        rows: (await tx.query('select id from public.bug_reports')).rows,
        counts: (
          await tx.query<{ status: string; count: string }>(
            'select status, count from public.bug_report_status_counts()',
          )
        ).rows,
      }));
      expect(result.rows.length).toBe(2);
      expect(result.counts.map((c) => [c.status, Number(c.count)])).toEqual([
        ['new', 1],
        ['triaged', 0],
        ['in_progress', 0],
        ['resolved', 1],
        ['wont_fix', 0],
      ]);
    });
  });

  describe('insert', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(insertSql, [null])),
        '42501',
      );
    });

    it.each([
      ['standard', () => reporter],
      ['moderator', () => moderator],
      ['admin', () => admin],
    ])('denies a %s user (only the server function writes reports)', async (_name, who) => {
      await expectSqlState(
        asUser(t.db, who(), (tx) => tx.query(insertSql, [who()])),
        '42501',
      );
    });

    it('lets the service role insert, and validates the values', async () => {
      const id = await asService(
        t.db,
        async (tx) => (await tx.query<{ id: string }>(insertSql, [reporter])).rows[0]!.id,
      );
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await expectSqlState(
        asService(t.db, (tx) =>
          tx.query(`insert into public.bug_reports (error_message, status) values ('x', 'open')`),
        ),
        '23514',
      );
      await expectSqlState(
        asService(t.db, (tx) => tx.query(`insert into public.bug_reports (error_message) values ('   ')`)),
        '23514',
      );
    });
  });

  describe('update', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(`update public.bug_reports set status = 'triaged'`)),
        '42501',
      );
    });

    it.each([
      ['reporter', () => reporter],
      ['moderator', () => moderator],
    ])('changes nothing for a %s', async (_name, who) => {
      const count = await asUser(
        t.db,
        who(),
        async (tx) =>
          (
            await tx.query(`update public.bug_reports set status = 'resolved', admin_notes = 'mine' where id = $1`, [
              report,
            ])
          ).rowCount,
      );
      expect(count).toBe(0);
    });

    it('lets an admin change status, priority and notes', async () => {
      const row = await asUser(
        t.db,
        admin,
        async (tx) =>
          (
            await tx.query<{ status: string; priority: string; admin_notes: string }>(
              `update public.bug_reports set status = 'in_progress', priority = 'critical', admin_notes = 'On it' where id = $1
             returning status, priority, admin_notes`,
              [report],
            )
          ).rows[0],
      );
      expect(row).toEqual({ status: 'in_progress', priority: 'critical', admin_notes: 'On it' });
    });

    it('does not let an admin rewrite what the reporter sent', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(`update public.bug_reports set error_message = 'x' where id = $1`, [report]),
        ),
        '42501',
      );
    });

    it('rejects an unknown status', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) => tx.query(`update public.bug_reports set status = 'done' where id = $1`, [report])),
        '23514',
      );
    });
  });

  describe('delete', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('delete from public.bug_reports')),
        '42501',
      );
    });

    it.each([
      ['reporter', () => reporter],
      ['moderator', () => moderator],
    ])('deletes nothing for a %s', async (_name, who) => {
      const count = await asUser(
        t.db,
        who(),
        async (tx) => (await tx.query('delete from public.bug_reports where id = $1', [report])).rowCount,
      );
      expect(count).toBe(0);
    });

    it('lets an admin delete', async () => {
      const count = await asUser(
        t.db,
        admin,
        async (tx) => (await tx.query('delete from public.bug_reports where id = $1', [report])).rowCount,
      );
      expect(count).toBe(1);
    });
  });
});

describe.each(drivers)('bug-screenshots storage RLS on %s', (driver) => {
  let t: TestDb;
  let reporter: string;
  let moderator: string;
  let admin: string;
  const name = 'u1/r1.jpg';

  beforeAll(async () => {
    t = await openTestDb(driver);
    reporter = await createAuthUser(t.db);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    admin = await createAuthUser(t.db, { role: 'admin' });
    await t.db.query(`insert into storage.objects (bucket_id, name, owner_id) values ('bug-screenshots', $1, $2)`, [
      name,
      reporter,
    ]);
  });
  afterAll(() => t?.close());

  it('is a private bucket', async () => {
    const { rows } = await t.db.query<{ public: boolean }>(
      `select public from storage.buckets where id = 'bug-screenshots'`,
    );
    expect(rows).toEqual([{ public: false }]);
  });

  it('hides screenshots from anonymous callers, reporters and moderators', async () => {
    const sel = 'select name from storage.objects where bucket_id = $1';
    expect((await asAnon(t.db, (tx) => tx.query(sel, ['bug-screenshots']))).rows).toEqual([]);
    expect((await asUser(t.db, reporter, (tx) => tx.query(sel, ['bug-screenshots']))).rows).toEqual([]);
    expect((await asUser(t.db, moderator, (tx) => tx.query(sel, ['bug-screenshots']))).rows).toEqual([]);
  });

  it('does not let anyone but the service role upload', async () => {
    for (const who of [reporter, admin]) {
      await expectSqlState(
        asUser(t.db, who, (tx) =>
          tx.query(`insert into storage.objects (bucket_id, name) values ('bug-screenshots', 'x/y.jpg')`),
        ),
        '42501',
      );
    }
  });

  it('lets an admin read and delete screenshots, and no one else delete them', async () => {
    const rows = await asUser(t.db, admin, async (tx) => (await tx.query('select name from storage.objects')).rows);
    expect(rows).toEqual([{ name }]);
    const byReporter = await asUser(
      t.db,
      reporter,
      async (tx) => (await tx.query('delete from storage.objects')).rowCount,
    );
    expect(byReporter).toBe(0);
    const byAdmin = await asUser(
      t.db,
      admin,
      async (tx) => (await tx.query('delete from storage.objects where name = $1', [name])).rowCount,
    );
    expect(byAdmin).toBe(1);
  });
});
