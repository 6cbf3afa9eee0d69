// The moderators' queue (migration 20261125000300): visitors report but cannot read reports;
// moderators and admins see the queues without private fields, act only with a reason, and every
// action lands in a log nobody can change; admins alone see and decline ban requests.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withRequestContext } from '@tagledger/db';
import {
  asAnon,
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  verifyGs1Prefix,
  type TestDb,
} from '@tagledger/db/testing';

const GTIN = '09506000134352';

interface Page<T> {
  total: number;
  items: T[];
}
type Item = Record<string, unknown> & { id: string };

describe.each(drivers)('moderation on %s', (driver) => {
  let t: TestDb;
  let owner: string;
  let visitor: string;
  let moderator: string;
  let admin: string;
  let brand: string;
  let ownerEmail: string;
  let productId: string;
  let unitId: string;

  const report = (
    target: 'asset' | 'product',
    opts: { assetId?: string; gtin?: string | null; serial?: string; reason?: string; ip?: string; by?: string | null },
  ) =>
    asService(
      t.db,
      async (tx) =>
        (
          await tx.query<{ id: string }>(
            'select private.submit_moderation_report($1, $2, $3, $4, $5, $6, $7, $8) as id',
            [
              target,
              opts.assetId ?? null,
              opts.gtin ?? null,
              opts.serial ?? null,
              opts.reason ?? 'inappropriate',
              'Looks wrong',
              opts.by ?? null,
              opts.ip ?? '203.0.113.9',
            ],
          )
        ).rows[0]!.id,
    );
  const queue = (userId: string, name: string, limit = 20, after: object | null = null) =>
    asUser(
      t.db,
      userId,
      async (tx) =>
        (
          await tx.query<{ page: Page<Item> }>('select public.moderator_queue($1, $2, $3) as page', [
            name,
            limit,
            after && JSON.stringify(after),
          ])
        ).rows[0]!.page,
    );
  const act = (userId: string, q: string, item: string, action: string, reason: string | null = 'Checked it') =>
    asUser(t.db, userId, (tx) =>
      tx.query('select public.moderator_act($1, $2, $3, $4) as r', [q, item, action, reason]),
    );
  const publicAsset = async (title: string, extra = '') => {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, description, privacy, estimated_value, heir_instructions)
       values ($1, gen_random_uuid(), 'general', $2, 'A lamp' || $3, 'public', 987654.32, 'secret heir note') returning id`,
      [owner, title, extra],
    );
    return rows[0]!.id;
  };
  const scan = (serial: string, ip: string) =>
    t.db.query('select private.record_unit_scan($1, $2, $3)', [GTIN, serial, ip]);

  beforeAll(async () => {
    t = await openTestDb(driver);
    ownerEmail = `owner-${crypto.randomUUID().slice(0, 8)}@example.test`;
    owner = await createAuthUser(t.db, { email: ownerEmail });
    visitor = await createAuthUser(t.db);
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    admin = await createAuthUser(t.db, { role: 'admin' });
    brand = await createAuthUser(t.db, { isBusiness: true });
    await t.db.query(`insert into public.business_profiles (business_id, brand_name) values ($1, 'Acme Watches')`, [
      brand,
    ]);
    // The brand holds its GTIN (a verified GS1 prefix), so its labels resolve to it.
    await verifyGs1Prefix(t.db, brand, '950600013435');
    productId = (
      await t.db.query<{ id: string }>(
        `insert into public.business_products (business_id, name, gtin) values ($1, 'Diver 300', $2) returning id`,
        [brand, GTIN],
      )
    ).rows[0]!.id;
    unitId = (
      await t.db.query<{ id: string }>(
        `insert into public.business_units (business_id, product_id, serial) values ($1, $2, 'D-1') returning id`,
        [brand, productId],
      )
    ).rows[0]!.id;
    await t.db.query(`insert into public.business_units (business_id, product_id, serial) values ($1, $2, 'D-2')`, [
      brand,
      productId,
    ]);
  });
  afterAll(() => t?.close());

  describe('reports', () => {
    it('lets a visitor report a public asset, once per network while the report is open', async () => {
      const asset = await publicAsset('Brass lamp');
      const first = await report('asset', { assetId: asset, by: visitor });
      expect(await report('asset', { assetId: asset })).toBe(first);
      expect(await report('asset', { assetId: asset, ip: '198.51.100.4' })).not.toBe(first);
    });

    it('refuses to report a private asset, an unknown product, or a reason not on the list', async () => {
      const { rows } = await t.db.query<{ id: string }>(
        `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Private') returning id`,
        [owner],
      );
      await expectSqlState(report('asset', { assetId: rows[0]!.id }), 'P0002');
      await expectSqlState(report('product', { gtin: '09506000134369', serial: 'X-1' }), 'P0002');
      await expectSqlState(report('asset', { assetId: rows[0]!.id, reason: 'dislike' }), '22023');
      await expectSqlState(report('product', { gtin: GTIN, serial: 'bad serial!' }), '22023');
    });

    it('attaches a product report to the scanned unit, or to the product for a serial never issued', async () => {
      await report('product', { gtin: GTIN, serial: 'D-2', reason: 'counterfeit' });
      await report('product', { gtin: GTIN, serial: 'FAKE-9', reason: 'counterfeit' });
      const { rows } = await t.db.query<{ serial: string; unit_id: string | null }>(
        `select serial, unit_id from public.moderation_reports where product_id = $1 order by serial`,
        [productId],
      );
      expect(rows.map((r) => [r.serial, r.unit_id !== null])).toEqual([
        ['D-2', true],
        ['FAKE-9', false],
      ]);
    });

    it('lets neither visitors nor signed-in users read reports or call the report function', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select * from public.moderation_reports')),
        '42501',
      );
      const seen = await asUser(t.db, visitor, (tx) => tx.query('select id from public.moderation_reports'));
      expect(seen.rowCount).toBe(0);
      for (const run of [asAnon, (db: typeof t.db, fn: Parameters<typeof asAnon>[1]) => asUser(db, visitor, fn)]) {
        await expectSqlState(
          run(t.db, (tx) =>
            tx.query(
              `select private.submit_moderation_report('asset', null, null, null, 'other', null, null, '1.2.3.4')`,
            ),
          ),
          '42501',
        );
      }
    });

    it('shows moderators the reports but not who reported them', async () => {
      const seen = await asUser(t.db, moderator, (tx) => tx.query('select id, reason from public.moderation_reports'));
      expect(seen.rowCount).toBeGreaterThan(0);
      await expectSqlState(
        asUser(t.db, moderator, (tx) => tx.query('select reporter_id from public.moderation_reports')),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, moderator, (tx) => tx.query('select reporter_hash from public.moderation_reports')),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, moderator, (tx) => tx.query(`update public.moderation_reports set status = 'dismissed'`)),
        '42501',
      );
    });
  });

  describe('queues', () => {
    it('refuse standard users and anonymous callers', async () => {
      await expectSqlState(queue(visitor, 'assets'), '42501');
      await expectSqlState(
        asUser(t.db, visitor, (tx) => tx.query('select public.moderator_queue_counts()')),
        '42501',
      );
      await expectSqlState(act(visitor, 'flagged', unitId, 'mark_counterfeit'), '42501');
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(`select public.moderator_queue('assets', 20, null)`)),
        '42501',
      );
    });

    it('show a reported asset’s public side only: no owner, e-mail, value or heir note', async () => {
      await publicAsset('Queue lamp');
      const page = await queue(moderator, 'assets');
      expect(page.total).toBeGreaterThan(0);
      const text = JSON.stringify(page);
      expect(text).toContain('Brass lamp');
      expect(text).not.toContain(ownerEmail);
      expect(text).not.toContain(owner);
      expect(text).not.toContain('secret heir note');
      // A value no UUID or timestamp can contain (digits and a dot), and no field named after it either.
      expect(text).not.toContain('987654.32');
      expect(text).not.toContain('estimated_value');
    });

    it('page newest first by cursor with the total (decision 0165)', async () => {
      const asset = await publicAsset('Paged lamp');
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await report('asset', { assetId: asset, ip });
      const all = await queue(moderator, 'assets', 100);
      const first = await queue(moderator, 'assets', 2);
      const second = await queue(moderator, 'assets', 2, (first as unknown as { next: object }).next);
      expect(first.total).toBe(all.total);
      expect([...first.items, ...second.items].map((i) => i.id)).toEqual(all.items.slice(0, 4).map((i) => i.id));
      const times = all.items.map((i) => String(i.created_at));
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('show contact abuse reports without the sender’s address', async () => {
      const asset = await publicAsset('Contacted lamp');
      const msg = await t.db.query<{ id: string }>(
        `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message)
         values ($1, $2, 'Pest', 'pest+x@example.test', 'Buy my pills') returning id`,
        [asset, owner],
      );
      await asUser(t.db, owner, (tx) => tx.query(`select public.report_contact_abuse($1, 'spam')`, [msg.rows[0]!.id]));
      const page = await queue(moderator, 'contact');
      expect(page.items.map((i) => i.message)).toContain('Buy my pills');
      expect(JSON.stringify(page)).not.toContain('pest@example.test');
      expect(JSON.stringify(page)).not.toContain('pest+x@example.test');
    });

    it('keep ban requests for admins', async () => {
      await expectSqlState(queue(moderator, 'bans'), '42501');
      const counts = await asUser(t.db, moderator, (tx) =>
        tx.query<{ c: Record<string, number | null> }>('select public.moderator_queue_counts() as c'),
      );
      expect(counts.rows[0]!.c.bans).toBeNull();
    });
  });

  describe('actions', () => {
    beforeEach(async () => {
      await t.db.query('delete from private.mail_outbox');
    });

    it('need a reason and a known action for the queue', async () => {
      const asset = await publicAsset('Reasonless lamp');
      const id = await report('asset', { assetId: asset, ip: '10.1.0.1' });
      await expectSqlState(act(moderator, 'assets', id, 'dismiss', '  '), '22023');
      await expectSqlState(act(moderator, 'assets', id, 'dismiss', null), '22023');
      await expectSqlState(act(moderator, 'assets', id, 'mark_counterfeit'), '22023');
      await expectSqlState(act(moderator, 'assets', 'not-an-id', 'dismiss'), 'P0002');
    });

    it('hide a reported asset: it leaves the public pages and /verify, and its owner cannot publish it again', async () => {
      const asset = await publicAsset('Offensive lamp');
      await t.db.query(`update public.assets set serial_number = 'LAMP-77' where id = $1`, [asset]);
      const id = await report('asset', { assetId: asset, ip: '10.2.0.1' });
      await report('asset', { assetId: asset, ip: '10.2.0.2' });
      await act(moderator, 'assets', id, 'hide_asset', 'Offensive title');

      const pub = await asAnon(t.db, (tx) =>
        tx.query<{ a: unknown }>('select public.get_public_asset($1) as a', [asset]),
      );
      expect(pub.rows[0]!.a).toBeNull();
      const search = await asAnon(t.db, (tx) =>
        tx.query<{ r: Page<Item> }>(`select public.search_public_assets('Offensive') as r`),
      );
      expect(search.rows[0]!.r.total).toBe(0);
      const verify = await asAnon(t.db, (tx) =>
        tx.query<{ r: { matches: { title: string | null }[] } }>(`select public.verify_serial('LAMP-77') as r`),
      );
      expect(verify.rows[0]!.r.matches.map((m) => m.title)).toEqual([null]);

      await expectSqlState(
        asUser(t.db, owner, (tx) => tx.query(`update public.assets set privacy = 'public' where id = $1`, [asset])),
        '42501',
      );
      // Both reports of the asset are closed, and the log names the action and its reason.
      const open = await t.db.query(`select 1 from public.moderation_reports where asset_id = $1 and status = 'open'`, [
        asset,
      ]);
      expect(open.rowCount).toBe(0);
      const log = await asUser(t.db, moderator, (tx) =>
        tx.query<{ action: string; reason: string; moderator_id: string }>(
          `select action, reason, moderator_id from public.moderation_log where item_id = $1`,
          [id],
        ),
      );
      expect(log.rows).toEqual([{ action: 'hide_asset', reason: 'Offensive title', moderator_id: moderator }]);
    });

    it('flag a unit after 11 scans in 24 hours; marking it counterfeit shows on its scan page and clears the flag', async () => {
      // Eleven different scanners: the signals count scanners, not requests.
      for (let i = 0; i < 11; i++) await scan('D-1', `192.0.2.${i + 1}`);
      const flagged = await queue(moderator, 'flagged');
      const item = flagged.items.find((i) => i.id === unitId);
      expect(item).toMatchObject({ serial: 'D-1', scans_24h: 11, brand: 'Acme Watches' });
      await act(moderator, 'flagged', unitId, 'mark_counterfeit', 'Cloned label');
      const page = await t.db.query<{ p: { unit: { status: string } } }>(
        'select private.record_unit_scan($1, $2, $3) as p',
        [GTIN, 'D-1', '192.0.2.1'],
      );
      expect(page.rows[0]!.p.unit.status).toBe('counterfeit');
      expect((await queue(moderator, 'flagged')).items.map((i) => i.id)).not.toContain(unitId);
    });

    it('dismiss a flag until new scans flag the unit again', async () => {
      for (let i = 0; i < 11; i++) await scan('D-2', `192.0.3.${i + 1}`);
      const d2 = (await queue(moderator, 'flagged')).items.find((i) => i.serial === 'D-2')!;
      await act(moderator, 'flagged', d2.id, 'dismiss', 'A shop demo unit');
      expect((await queue(moderator, 'flagged')).items.map((i) => i.id)).not.toContain(d2.id);
    });

    it('mark a reported product recalled, which its scan page shows', async () => {
      const id = await report('product', { gtin: GTIN, serial: 'FAKE-9', reason: 'counterfeit', ip: '10.3.0.1' });
      await act(admin, 'products', id, 'mark_recalled', 'Brand asked for a recall');
      const page = await t.db.query<{ p: { product: { status: string } } }>(
        'select private.record_unit_scan($1, $2, $3) as p',
        [GTIN, 'D-2', '192.0.2.9'],
      );
      expect(page.rows[0]!.p.product.status).toBe('recalled');
      await expectSqlState(act(admin, 'products', id, 'dismiss'), 'P0002');
    });

    it('warn the owner by e-mail through the mail outbox', async () => {
      const asset = await publicAsset('Warned lamp');
      const id = await report('asset', { assetId: asset, ip: '10.4.0.1' });
      await act(moderator, 'assets', id, 'warn_user', 'Do not post <b>ads</b>');
      const mails = await t.db.query<{ to_address: string; body_text: string; body_html: string }>(
        'select to_address, body_text, body_html from private.mail_outbox',
      );
      expect(mails.rows).toHaveLength(1);
      expect(mails.rows[0]!.to_address).toBe(ownerEmail);
      expect(mails.rows[0]!.body_text).toContain('Do not post <b>ads</b>');
      expect(mails.rows[0]!.body_html).toContain('&lt;b&gt;ads&lt;/b&gt;');
    });

    it('ask an admin to ban: the admin sees the request, and it closes when declined or carried out', async () => {
      const a1 = await publicAsset('Ban lamp one');
      const a2 = await publicAsset('Ban lamp two');
      const r1 = await report('asset', { assetId: a1, ip: '10.5.0.1' });
      const r2 = await report('asset', { assetId: a2, ip: '10.5.0.2' });
      await act(moderator, 'assets', r1, 'request_ban', 'Third offence');
      await act(moderator, 'assets', r2, 'request_ban', 'Fourth offence');
      let bans = await queue(admin, 'bans');
      expect(bans.items.map((b) => [b.reason, b.email])).toEqual([
        ['Fourth offence', ownerEmail],
        ['Third offence', ownerEmail],
      ]);
      await expectSqlState(act(moderator, 'bans', bans.items[0]!.id, 'decline_ban', 'No'), '42501');
      await act(admin, 'bans', bans.items[0]!.id, 'decline_ban', 'Warned instead');
      bans = await queue(admin, 'bans');
      expect(bans.items.map((b) => b.reason)).toEqual(['Third offence']);
      await asUser(t.db, admin, (tx) => tx.query(`select public.admin_set_ban($1, true, 'Third offence')`, [owner]));
      expect((await queue(admin, 'bans')).total).toBe(0);
      await t.db.query('select public.admin_set_ban($1, false)', [owner]);
    });

    it('warn a contact abuser at the address they gave, and ban requests need an account', async () => {
      const page = await queue(moderator, 'contact');
      const item = page.items.find((i) => i.message === 'Buy my pills')!;
      await expectSqlState(act(moderator, 'contact', item.id, 'request_ban', 'Spam'), 'P0002');
      await act(moderator, 'contact', item.id, 'warn_user', 'Spam to owners');
      const mails = await t.db.query<{ to_address: string }>('select to_address from private.mail_outbox');
      expect(mails.rows.map((m) => m.to_address)).toEqual(['pest@example.test']);
      expect((await queue(moderator, 'contact')).items.map((i) => i.id)).not.toContain(item.id);
    });

    it('refuse a moderator with a second factor on an aal1 session', async () => {
      const guarded = await createAuthUser(t.db, { role: 'moderator' });
      await t.db.query(
        `insert into auth.mfa_factors (user_id, factor_type, status, secret, friendly_name)
         values ($1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP', 'app')`,
        [guarded],
      );
      const at = (aal: string) =>
        withRequestContext(
          t.db,
          { role: 'authenticated', claims: { sub: guarded, role: 'authenticated', aud: 'authenticated', aal } },
          (tx) => tx.query(`select public.moderator_queue('assets', 20, null)`),
        );
      await expectSqlState(at('aal1'), '42501');
      await expect(at('aal2')).resolves.toBeDefined();
    });
  });

  describe('the log', () => {
    it('is read by moderators and admins only, and nobody changes it', async () => {
      const mine = await asUser(t.db, moderator, (tx) => tx.query('select id from public.moderation_log'));
      expect(mine.rowCount).toBeGreaterThan(0);
      expect((await asUser(t.db, visitor, (tx) => tx.query('select id from public.moderation_log'))).rowCount).toBe(0);
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select id from public.moderation_log')),
        '42501',
      );
      for (const sql of [
        `update public.moderation_log set reason = 'edited'`,
        'delete from public.moderation_log',
        `insert into public.moderation_log (queue, item_id, action, reason) values ('assets', 'x', 'dismiss', 'forged')`,
      ]) {
        await expectSqlState(
          asUser(t.db, admin, (tx) => tx.query(sql)),
          '42501',
        );
        await expectSqlState(
          asService(t.db, (tx) => tx.query(sql)),
          '42501',
        );
      }
      // Not even the owner of the table (the migrations' role) can rewrite it.
      await expectSqlState(t.db.query(`update public.moderation_log set reason = 'edited'`), '42501');
      await expectSqlState(t.db.query('delete from public.moderation_log'), '42501');
    });

    it('lists the newest actions for the panel, naming moderators to admins only', async () => {
      const read = (userId: string) =>
        asUser(
          t.db,
          userId,
          async (tx) => (await tx.query<{ l: Page<Item> }>('select public.moderator_log(5, null) as l')).rows[0]!.l,
        );
      const forAdmin = await read(admin);
      const forModerator = await read(moderator);
      expect(forAdmin.items.length).toBe(5);
      expect(forAdmin.items.some((i) => typeof i.moderator === 'string')).toBe(true);
      expect(forModerator.items.every((i) => i.moderator === null)).toBe(true);
      await expectSqlState(read(visitor), '42501');
    });
  });
});
