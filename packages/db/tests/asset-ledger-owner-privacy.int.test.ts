// After a transfer the new owner reads the asset's whole ledger history, which used to carry the
// previous owner's user id in owner_id. Signed-in users now read every column but owner_id: the
// chain's columns stay readable and verify, and nobody can read or filter by the owner's id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createAuthUser, drivers, expectSqlState, openTestDb, type TestDb } from '@tagledger/db/testing';

describe.each(drivers)('who owned an asset before, on %s', (driver) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(() => t?.close());

  it('is not readable by the new owner from the ledger, whose chain still verifies', async () => {
    const seller = await createAuthUser(t.db);
    const buyer = await createAuthUser(t.db);
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, serial_number)
       values ($1, gen_random_uuid(), 'general', 'Camera', $2) returning id`,
      [seller, `SN-PRIV-${Date.now()}`],
    );
    const assetId = rows[0]!.id;
    await t.db.query(`select private.append_asset_ledger(a, 'register') from public.assets a where a.id = $1`, [
      assetId,
    ]);
    const buyerEmail = (await t.db.query<{ email: string }>('select email from auth.users where id = $1', [buyer]))
      .rows[0]!.email;
    const offer = await asUser(t.db, seller, (tx) =>
      tx.query<{ id: string }>('select id from public.offer_asset_transfer($1, $2)', [assetId, buyerEmail]),
    );
    await asUser(t.db, buyer, (tx) => tx.query('select public.accept_asset_transfer($1)', [offer.rows[0]!.id]));

    // The whole history, with what the chain needs.
    const history = await asUser(t.db, buyer, async (tx) =>
      (
        await tx.query<{ event: string }>(
          `select seq, event, record_hash, prev_hash, entry_hash, created_at
             from public.asset_ledger where asset_id = $1 order by seq`,
          [assetId],
        )
      ).rows.map((r) => r.event),
    );
    expect(history).toEqual(['register', 'transfer']);
    // Not who held it: neither the column, nor `*`, nor a filter on it.
    for (const sql of [
      'select owner_id from public.asset_ledger where asset_id = $1',
      'select * from public.asset_ledger where asset_id = $1',
      `select seq from public.asset_ledger where asset_id = $1 and owner_id = '${seller}'`,
    ]) {
      await expectSqlState(
        asUser(t.db, buyer, (tx) => tx.query(sql, [assetId])),
        '42501',
      );
    }
    // The previous owner still reads the entries of their own time, without the column either.
    const theirs = await asUser(t.db, seller, async (tx) =>
      (
        await tx.query<{ event: string }>('select event from public.asset_ledger where asset_id = $1 order by seq', [
          assetId,
        ])
      ).rows.map((r) => r.event),
    );
    expect(theirs).toEqual(['register']);
    const verified = await asUser(
      t.db,
      buyer,
      async (tx) => (await tx.query<{ v: { ok: boolean } }>('select public.verify_asset_ledger() as v')).rows[0]!.v,
    );
    expect(verified.ok).toBe(true);
  });
});
