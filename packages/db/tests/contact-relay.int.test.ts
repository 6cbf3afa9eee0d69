// RLS of the contact-owner relay (migration 20261123000400): pending messages are for the service
// role only; owners read and delete the senders they blocked, never their addresses; abuse reports
// are read by their reporter and by moderators and admins; rows are added only through the
// owner-checked functions.
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

const HASH = 'a'.repeat(64);
type Run = (tx: Parameters<Parameters<typeof asAnon>[1]>[0]) => Promise<unknown>;

describe.each(drivers)('contact relay RLS on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  let moderator: string;
  let admin: string;
  let assetId: string;
  let messageId: string;

  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db);
    bob = await createAuthUser(t.db);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    admin = await createAuthUser(t.db, { role: 'admin' });
    assetId = (
      await t.db.query<{ id: string }>(
        `insert into public.assets (owner_id, submission_id, kind, title, serial_number) values ($1, gen_random_uuid(), 'general', 'Road bike', 'SN-1') returning id`,
        [alice],
      )
    ).rows[0]!.id;
    messageId = (
      await t.db.query<{ id: string }>(
        `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message) values ($1, $2, 'Pest', 'Pest+tag@Example.TEST', 'Buy my stuff') returning id`,
        [assetId, alice],
      )
    ).rows[0]!.id;
  });
  afterAll(() => t?.close());

  describe('contact_requests (pending messages)', () => {
    const insert = `insert into public.contact_requests (asset_id, owner_id, sender_email, message, token_hash, expires_at)
                    values ($1, $2, 'Finn.X+lost@Example.TEST', 'Found it', $3, now() + interval '1 day') returning sender_key`;

    it('lets the service role store them and keys the sender by the normalised address', async () => {
      const key = await asService(
        t.db,
        async (tx) => (await tx.query<{ sender_key: string }>(insert, [assetId, alice, HASH])).rows[0]!.sender_key,
      );
      expect(key).toBe('finn.x@example.test');
      const seen = await asService(
        t.db,
        async (tx) => (await tx.query('select 1 from public.contact_requests where token_hash = $1', [HASH])).rowCount,
      );
      expect(seen).toBe(1);
    });

    it('keeps them from anonymous callers and every signed-in user, the owner included', async () => {
      const callers = [
        (fn: Run) => asAnon(t.db, fn),
        (fn: Run) => asUser(t.db, alice, fn),
        (fn: Run) => asUser(t.db, admin, fn),
      ];
      for (const run of callers) {
        await expectSqlState(
          run((tx) => tx.query('select * from public.contact_requests')),
          '42501',
        );
        await expectSqlState(
          run((tx) => tx.query(insert, [assetId, alice, 'b'.repeat(64)])),
          '42501',
        );
        await expectSqlState(
          run((tx) => tx.query(`update public.contact_requests set confirmed_at = now(), outcome = 'relayed'`)),
          '42501',
        );
        await expectSqlState(
          run((tx) => tx.query('delete from public.contact_requests')),
          '42501',
        );
      }
    });

    it('stores only a SHA-256 hex of the token and keeps outcome and confirmation together', async () => {
      await expectSqlState(
        asService(t.db, (tx) => tx.query(insert, [assetId, alice, 'the-token-itself'])),
        '23514',
      );
      await expectSqlState(
        asService(t.db, (tx) =>
          tx.query(`update public.contact_requests set confirmed_at = now() where token_hash = $1`, [HASH]),
        ),
        '23514',
      );
    });

    it('does not let API callers run the key function directly', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(`select private.contact_sender_key('a@b.c')`)),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, alice, (tx) => tx.query(`select private.contact_sender_key('a@b.c')`)),
        '42501',
      );
    });
  });

  describe('contact_blocked_senders', () => {
    it('lets only the owner of a message block its sender, through the function', async () => {
      await expectSqlState(
        asUser(t.db, bob, (tx) => tx.query('select public.block_contact_sender($1)', [messageId])),
        'P0002',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select public.block_contact_sender($1)', [messageId])),
        '42501',
      );
      const id = await asUser(
        t.db,
        alice,
        async (tx) =>
          (await tx.query<{ id: string }>('select public.block_contact_sender($1) as id', [messageId])).rows[0]!.id,
      );
      const again = await asUser(
        t.db,
        alice,
        async (tx) =>
          (await tx.query<{ id: string }>('select public.block_contact_sender($1) as id', [messageId])).rows[0]!.id,
      );
      expect(again).toBe(id);
      const { rows } = await t.db.query<{ sender_key: string }>(
        'select sender_key from public.contact_blocked_senders where id = $1',
        [id],
      );
      expect(rows).toEqual([{ sender_key: 'pest@example.test' }]);
    });

    it('shows the owner the name and item but not the address, and nobody else anything', async () => {
      const own = await asUser(
        t.db,
        alice,
        async (tx) =>
          (await tx.query('select owner_id, sender_name, asset_title from public.contact_blocked_senders')).rows,
      );
      expect(own).toEqual([{ owner_id: alice, sender_name: 'Pest', asset_title: 'Road bike' }]);
      await expectSqlState(
        asUser(t.db, alice, (tx) => tx.query('select sender_key from public.contact_blocked_senders')),
        '42501',
      );
      expect(
        await asUser(
          t.db,
          bob,
          async (tx) => (await tx.query('select id from public.contact_blocked_senders')).rowCount,
        ),
      ).toBe(0);
      expect(
        await asUser(
          t.db,
          admin,
          async (tx) => (await tx.query('select id from public.contact_blocked_senders')).rowCount,
        ),
      ).toBe(0);
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select id from public.contact_blocked_senders')),
        '42501',
      );
    });

    it('refuses direct inserts and edits, and lets only the owner unblock', async () => {
      await expectSqlState(
        asUser(t.db, bob, (tx) =>
          tx.query(`insert into public.contact_blocked_senders (owner_id, sender_key) values ($1, 'x@example.test')`, [
            bob,
          ]),
        ),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, alice, (tx) =>
          tx.query(`update public.contact_blocked_senders set sender_key = 'x@example.test'`),
        ),
        '42501',
      );
      expect(
        await asUser(t.db, bob, async (tx) => (await tx.query('delete from public.contact_blocked_senders')).rowCount),
      ).toBe(0);
      expect(
        await asUser(
          t.db,
          admin,
          async (tx) => (await tx.query('delete from public.contact_blocked_senders')).rowCount,
        ),
      ).toBe(0);
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('delete from public.contact_blocked_senders')),
        '42501',
      );
      expect(
        await asUser(
          t.db,
          alice,
          async (tx) => (await tx.query('delete from public.contact_blocked_senders')).rowCount,
        ),
      ).toBe(1);
    });
  });

  describe('contact_abuse_reports', () => {
    let reportId: string;

    it('lets only the owner of a message report it, which also blocks the sender', async () => {
      await expectSqlState(
        asUser(t.db, bob, (tx) => tx.query(`select public.report_contact_abuse($1, 'spam')`, [messageId])),
        'P0002',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(`select public.report_contact_abuse($1, 'spam')`, [messageId])),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, alice, (tx) =>
          tx.query('select public.report_contact_abuse($1, $2)', [messageId, 'x'.repeat(1001)]),
        ),
        '22023',
      );
      reportId = await asUser(
        t.db,
        alice,
        async (tx) =>
          (await tx.query<{ id: string }>(`select public.report_contact_abuse($1, 'Spam') as id`, [messageId])).rows[0]!
            .id,
      );
      const blocked = await asUser(
        t.db,
        alice,
        async (tx) => (await tx.query('select sender_name from public.contact_blocked_senders')).rows,
      );
      expect(blocked).toEqual([{ sender_name: 'Pest' }]);
    });

    it('is read by its reporter and by moderators and admins, not by other users or anonymous callers', async () => {
      const cols = 'select id, reporter_id, message, reason, status from public.contact_abuse_reports';
      const expected = [{ id: reportId, reporter_id: alice, message: 'Buy my stuff', reason: 'Spam', status: 'open' }];
      expect(await asUser(t.db, alice, async (tx) => (await tx.query(cols)).rows)).toEqual(expected);
      expect(await asUser(t.db, moderator, async (tx) => (await tx.query(cols)).rows)).toEqual(expected);
      expect(await asUser(t.db, admin, async (tx) => (await tx.query(cols)).rows)).toEqual(expected);
      expect(await asUser(t.db, bob, async (tx) => (await tx.query(cols)).rowCount)).toBe(0);
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(cols)),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, moderator, (tx) => tx.query('select sender_key from public.contact_abuse_reports')),
        '42501',
      );
    });

    it('cannot be written, changed or deleted directly by any user', async () => {
      await expectSqlState(
        asUser(t.db, alice, (tx) =>
          tx.query(
            `insert into public.contact_abuse_reports (reporter_id, sender_key, message) values ($1, 'x@example.test', 'fake')`,
            [alice],
          ),
        ),
        '42501',
      );
      for (const user of [alice, moderator, admin]) {
        await expectSqlState(
          asUser(t.db, user, (tx) => tx.query(`update public.contact_abuse_reports set status = 'dismissed'`)),
          '42501',
        );
        await expectSqlState(
          asUser(t.db, user, (tx) => tx.query('delete from public.contact_abuse_reports')),
          '42501',
        );
      }
    });
  });
});
