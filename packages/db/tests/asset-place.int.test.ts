// Where an asset is kept (migration 20261127001401): the place — text and coordinates — is the
// owner's alone; public pages, public listings and /verify show it only when the owner opts in
// for that asset (share_location on a public asset), and /verify never does.
import crypto from 'node:crypto';
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

describe.each(drivers)('where an asset is kept, on %s', (driver) => {
  let t: TestDb;
  let owner: string;
  let other: string;
  let bike: string;

  beforeAll(async () => {
    t = await openTestDb(driver);
    owner = await createAuthUser(t.db, { email: 'bike-owner@example.test' });
    other = await createAuthUser(t.db, { email: 'neighbour@example.test' });
    await t.db.query(`select private.ledger_post($1, 1000, 'admin_adjustment', 'test credit')`, [owner]);
    const { rows } = await asService(t.db, (tx) =>
      tx.query<{ r: { asset_id: string } }>('select private.register_asset($1, $2, $3, $4, $5) as r', [
        owner,
        crypto.randomUUID(),
        JSON.stringify({
          title: 'Red bike',
          privacy: 'public',
          serial_number: 'BIKE-PLACE-1',
          location: 'Garage, 12 Rue X',
        }),
        '[]',
        null,
      ]),
    );
    bike = rows[0]!.r.asset_id;
  });
  afterAll(() => t?.close());

  const setPlace = (who: string, lat: number | null, lng: number | null, acc: number | null) =>
    asUser(
      t.db,
      who,
      async (tx) =>
        (
          await tx.query(
            `update public.assets set location_latitude = $2, location_longitude = $3, location_accuracy_m = $4 where id = $1`,
            [bike, lat, lng, acc],
          )
        ).rowCount,
    );

  it('starts private: no coordinates, not shared, not on the certificate', async () => {
    const { rows } = await t.db.query(
      'select location_latitude, location_longitude, location_accuracy_m, share_location, location_on_certificate from public.assets where id = $1',
      [bike],
    );
    expect(rows[0]).toEqual({
      location_latitude: null,
      location_longitude: null,
      location_accuracy_m: null,
      share_location: false,
      location_on_certificate: false,
    });
  });

  it('lets the owner record coordinates, and nobody else', async () => {
    expect(await setPlace(other, 1, 2, 3)).toBe(0);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('update public.assets set location_latitude = 1 where id = $1', [bike])),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select location_latitude from public.assets')),
      '42501',
    );
    const seenByOther = await asUser(
      t.db,
      other,
      async (tx) => (await tx.query('select location_latitude from public.assets where id = $1', [bike])).rowCount,
    );
    expect(seenByOther).toBe(0);
    await t.db.query(
      `update public.assets set location_latitude = 4.0511, location_longitude = 9.7679, location_accuracy_m = 25 where id = $1`,
      [bike],
    );
    const mine = await asUser(
      t.db,
      owner,
      async (tx) =>
        (
          await tx.query<{ location_latitude: number }>('select location_latitude from public.assets where id = $1', [
            bike,
          ])
        ).rows[0],
    );
    expect(mine).toEqual({ location_latitude: 4.0511 });
    expect(await setPlace(owner, 4.0511, 9.7679, 25)).toBe(1);
  });

  it.each([
    ['a latitude beyond 90', 90.5, 0, 10],
    ['a longitude beyond 180', 0, -180.5, 10],
    ['a negative accuracy', 0, 0, -1],
    ['an accuracy over 100 km', 0, 0, 100_001],
    ['a latitude without a longitude', 10, null, null],
    ['an accuracy without coordinates', null, null, 5],
  ])('refuses %s', async (_name, lat, lng, acc) => {
    await expectSqlState(setPlace(owner, lat, lng, acc), '23514');
  });

  it('keeps the place off public pages, listings and /verify until the owner opts in', async () => {
    const look = () =>
      asAnon(t.db, async (tx) => ({
        detail: (await tx.query<{ j: Record<string, unknown> }>('select public.get_public_asset($1) j', [bike]))
          .rows[0]!.j,
        list: (
          await tx.query<{ j: { items: Record<string, unknown>[] } }>(
            `select public.search_public_assets('red bike') j`,
          )
        ).rows[0]!.j.items,
        verify: (await tx.query<{ j: unknown }>(`select public.verify_serial('BIKE-PLACE-1') j`)).rows[0]!.j,
      }));
    const hidden = await look();
    expect(hidden.detail).toMatchObject({ location: null, location_coordinates: null });
    expect(hidden.list[0]).toMatchObject({ location: null, location_coordinates: null });
    for (const text of [
      JSON.stringify(hidden),
      JSON.stringify(
        await asUser(t.db, other, async (tx) => (await tx.query('select public.get_public_asset($1) j', [bike])).rows),
      ),
    ]) {
      expect(text).not.toContain('Rue X');
      expect(text).not.toContain('4.0511');
    }

    await asUser(t.db, owner, (tx) => tx.query('update public.assets set share_location = true where id = $1', [bike]));
    const shared = await look();
    expect(shared.detail).toMatchObject({
      location: 'Garage, 12 Rue X',
      location_coordinates: { latitude: 4.0511, longitude: 9.7679, accuracy_m: 25 },
    });
    // /verify never shows the place, shared or not.
    expect(JSON.stringify(shared.verify)).not.toContain('Rue X');
    expect(JSON.stringify(shared.verify)).not.toContain('4.0511');
    await asUser(t.db, owner, (tx) =>
      tx.query('update public.assets set share_location = false where id = $1', [bike]),
    );
  });

  it('records no ledger entry for a change of coordinates alone (they are not part of the record)', async () => {
    const count = async () =>
      Number(
        (
          await t.db.query<{ n: string }>('select count(*)::text as n from public.asset_ledger where asset_id = $1', [
            bike,
          ])
        ).rows[0]!.n,
      );
    const before = await count();
    expect(await setPlace(owner, 4.06, 9.77, 12)).toBe(1);
    expect(await count()).toBe(before);
  });

  it('lets only the owner choose to print the place on the certificate', async () => {
    const set = (who: string) =>
      asUser(
        t.db,
        who,
        async (tx) =>
          (await tx.query('update public.assets set location_on_certificate = true where id = $1', [bike])).rowCount,
      );
    expect(await set(other)).toBe(0);
    expect(await set(owner)).toBe(1);
  });
});
