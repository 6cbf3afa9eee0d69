// Ownership transfer on both drivers: offer by e-mail, acceptance by the addressed person only,
// the asset moving with its media and history plus a ledger `transfer` entry, /verify's
// "transferred on" without identities, and the refusals (lost or stolen, strangers, owner edits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asUser,
  createAuthUser,
  drivers,
  expectRefusal,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

describe.each(drivers)('asset transfers on %s', (driver) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(() => t?.close());

  const email = async (id: string) =>
    (await t.db.query<{ email: string }>('select email from auth.users where id = $1', [id])).rows[0]!.email;

  async function ownerWithAsset(serial: string) {
    const owner = await createAuthUser(t.db);
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, serial_number)
       values ($1, gen_random_uuid(), 'general', 'Camera', $2) returning id`,
      [owner, serial],
    );
    const assetId = rows[0]!.id;
    await t.db.query(`select private.append_asset_ledger(a, 'register') from public.assets a where a.id = $1`, [
      assetId,
    ]);
    await t.db.query(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256)
       values ($1, $2, $3, 'photo', 'image/jpeg', 3, $4)`,
      [assetId, owner, `${owner}/asset/cam.jpg`, 'b'.repeat(64)],
    );
    return { owner, assetId };
  }

  it('moves the asset, its media and its history to the person who accepts; /verify shows only when', async () => {
    const serial = `SN-${Date.now()}`;
    const { owner, assetId } = await ownerWithAsset(serial);
    const buyer = await createAuthUser(t.db);
    const stranger = await createAuthUser(t.db);
    const buyerEmail = await email(buyer);
    const offer = await asUser(t.db, owner, (tx) =>
      tx.query<{ id: string }>('select id from public.offer_asset_transfer($1, $2)', [assetId, buyerEmail]),
    );
    const transferId = offer.rows[0]!.id;
    // Only the addressed person may accept; the offer is invisible to others.
    await expectSqlState(
      asUser(t.db, stranger, (tx) => tx.query('select public.accept_asset_transfer($1)', [transferId])),
      'P0002',
    );
    expect((await asUser(t.db, stranger, (tx) => tx.query('select 1 from public.asset_transfers'))).rowCount).toBe(0);
    // Nobody moves an asset by editing the row.
    await expectSqlState(
      asUser(t.db, owner, (tx) => tx.query('update public.assets set owner_id = $2 where id = $1', [assetId, buyer])),
      '42501',
    );
    const incoming = await asUser(
      t.db,
      buyer,
      async (tx) =>
        (await tx.query<{ r: Array<{ id: string }> }>('select public.my_incoming_transfers() as r')).rows[0]!.r,
    );
    expect(incoming.map((i) => i.id)).toEqual([transferId]);
    await asUser(t.db, buyer, (tx) => tx.query('select public.accept_asset_transfer($1)', [transferId]));

    const seen = (user: string) =>
      asUser(t.db, user, async (tx) => ({
        assets: (await tx.query('select 1 from public.assets where id = $1', [assetId])).rowCount,
        media: (await tx.query('select 1 from public.asset_media where asset_id = $1', [assetId])).rowCount,
        ledger: (
          await tx.query<{ event: string }>('select event from public.asset_ledger where asset_id = $1 order by seq', [
            assetId,
          ])
        ).rows.map((r) => r.event),
      }));
    expect(await seen(buyer)).toEqual({ assets: 1, media: 1, ledger: ['register', 'transfer'] });
    expect((await seen(owner)).assets).toBe(0);
    expect((await seen(owner)).media).toBe(0);
    // Accepting twice does nothing.
    await expectSqlState(
      asUser(t.db, buyer, (tx) => tx.query('select public.accept_asset_transfer($1)', [transferId])),
      'P0002',
    );

    const verify = await asAnon(
      t.db,
      async (tx) =>
        (
          await tx.query<{ v: { matches: Array<Record<string, unknown>> } }>('select public.verify_serial($1) as v', [
            serial,
          ])
        ).rows[0]!.v,
    );
    expect(verify.matches[0]!.transferred_at).toBeTruthy();
    expect(JSON.stringify(verify)).not.toContain(owner);
    expect(JSON.stringify(verify)).not.toContain(buyer);
  });

  it('refuses lost or stolen assets, at the offer and at the acceptance', async () => {
    const { owner, assetId } = await ownerWithAsset(`LS-${Date.now()}`);
    const buyer = await createAuthUser(t.db);
    const buyerEmail = await email(buyer);
    const offer = await asUser(t.db, owner, (tx) =>
      tx.query<{ id: string }>('select id from public.offer_asset_transfer($1, $2)', [
        assetId,
        'x' + Math.random().toString(36).slice(2) + '@example.test',
      ]),
    );
    expect(offer.rowCount).toBe(1);
    const second = await asUser(
      t.db,
      owner,
      async (tx) =>
        (await tx.query<{ id: string }>('select id from public.offer_asset_transfer($1, $2)', [assetId, buyerEmail]))
          .rows[0]!.id,
    );
    await asUser(t.db, owner, (tx) => tx.query(`update public.assets set status = 'stolen' where id = $1`, [assetId]));
    await expectSqlState(
      asUser(t.db, buyer, (tx) => tx.query('select public.accept_asset_transfer($1)', [second])),
      '55000',
    );
    await expectRefusal(
      asUser(t.db, owner, (tx) => tx.query('select public.offer_asset_transfer($1, $2)', [assetId, 'z@example.test'])),
      'asset_not_active',
    );
    // Someone else's asset cannot be offered.
    await expectRefusal(
      asUser(t.db, buyer, (tx) => tx.query('select public.offer_asset_transfer($1, $2)', [assetId, 'z@example.test'])),
      'not_found',
    );
  });

  it('offers released assets to an heir with the inherit level, who takes ownership', async () => {
    const { owner, assetId } = await ownerWithAsset(`LG-${Date.now()}`);
    const heir = await createAuthUser(t.db);
    await t.db.query(
      `insert into public.next_of_kin (user_id, full_name, relationship, email, status, kin_user_id, access_level, receives_assets)
       values ($1, 'Heir', 'Son', $2, 'accepted', $3, 'inherit', array[$4::uuid])`,
      [owner, await email(heir), heir, assetId],
    );
    await t.db.query(
      `insert into public.legacy_switches (user_id, enabled, last_activity_at) values ($1, true, now())`,
      [owner],
    );
    await t.db.query(`select private.legacy_release($1, 'inactivity')`, [owner]);
    const incoming = await asUser(
      t.db,
      heir,
      async (tx) =>
        (
          await tx.query<{ r: Array<{ id: string; via_legacy: boolean }> }>(
            'select public.my_incoming_transfers() as r',
          )
        ).rows[0]!.r,
    );
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.via_legacy).toBe(true);
    await asUser(t.db, heir, (tx) => tx.query('select public.accept_asset_transfer($1)', [incoming[0]!.id]));
    expect(
      (await t.db.query<{ owner_id: string }>('select owner_id from public.assets where id = $1', [assetId])).rows[0]!
        .owner_id,
    ).toBe(heir);
  });
});
