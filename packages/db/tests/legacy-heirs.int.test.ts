// What heirs receive, in the database, on both drivers (issue 28, item 2). The owner chooses whole
// kinds and single assets (receives_assets); the release honours both — the list, the inherit
// transfers — and after it each heir reads the chosen assets' details, files, history and proof,
// and nothing else: not the assets chosen for another next of kin, not before the release. The
// file lookup the storage route makes on every download follows the same rule.
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

interface ReleasedAsset {
  id: string;
  title: string;
  heir_instructions: string | null;
  media: Array<{ id: string; kind: string; sha256: string }>;
  history: Array<Record<string, unknown>>;
  proof: { seq: number; entry_valid: boolean; record_matches: boolean; record: { id: string } };
}

describe.each(drivers)('what heirs receive on %s', (driver) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(() => t?.close());

  const emailOf = async (id: string) =>
    (await t.db.query<{ email: string }>('select email from auth.users where id = $1', [id])).rows[0]!.email;

  /** An accepted next of kin of owner (the invitation answered with its mailed token). */
  async function acceptedKin(
    owner: string,
    kin: string,
    choice: { access: 'view' | 'inherit'; kinds: string[]; assets: string[] },
  ): Promise<string> {
    const email = await emailOf(kin);
    const id = await asUser(t.db, owner, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.next_of_kin (full_name, relationship, email, access_level, receives_kinds, receives_assets)
         values ('Kin', 'Child', $1, $2, $3, $4) returning id`,
        [email, choice.access, choice.kinds, choice.assets],
      );
      await tx.query('select public.legacy_invite($1)', [rows[0]!.id]);
      return rows[0]!.id;
    });
    const { rows } = await t.db.query<{ mail_secret: string }>(
      `select mail_secret from public.legacy_events where owner_id = $1 and kind = 'invited' and detail->>'next_of_kin_id' = $2`,
      [owner, id],
    );
    await asUser(t.db, kin, (tx) => tx.query('select public.legacy_answer_invite($1, true)', [rows[0]!.mail_secret]));
    return id;
  }

  /** An owner with four assets (two with files and a ledger history) and three people around them. */
  async function family() {
    const owner = await createAuthUser(t.db);
    const viewer = await createAuthUser(t.db);
    const inheritor = await createAuthUser(t.db);
    const stranger = await createAuthUser(t.db);
    const asset = async (kind: string, title: string) => {
      const { rows } = await t.db.query<{ id: string }>(
        `insert into public.assets (owner_id, submission_id, kind, title, heir_instructions)
         values ($1, gen_random_uuid(), $2, $3, $4) returning id`,
        [owner, kind, title, `Instructions for ${title}`],
      );
      await t.db.query(`select private.append_asset_ledger(a, 'register') from public.assets a where a.id = $1`, [
        rows[0]!.id,
      ]);
      return rows[0]!.id;
    };
    const will = await asset('legacy', 'My will');
    const watch = await asset('general', 'Pocket watch');
    const bike = await asset('general', 'Bike');
    const ring = await asset('digital', 'Ring NFT');
    const file = async (assetId: string, kind: 'photo' | 'document', ext: string, mime: string, position: number) => {
      const name = `${owner}/pending/${crypto.randomUUID()}.${ext}`;
      await t.db.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ('asset-media', $1, $2::uuid, $2::text, jsonb_build_object('mimetype', $3::text, 'size', 3))`,
        [name, owner, mime],
      );
      const { rows } = await t.db.query<{ id: string }>(
        `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256, position)
         values ($1, $2, $3, $4, $5, 3, encode(sha256(convert_to($3, 'UTF8')), 'hex'), $6) returning id`,
        [assetId, owner, name, kind, mime, position],
      );
      return { id: rows[0]!.id, name };
    };
    const watchPhoto = await file(watch, 'photo', 'jpg', 'image/jpeg', 0);
    const watchPaper = await file(watch, 'document', 'pdf', 'application/pdf', 1);
    const bikePhoto = await file(bike, 'photo', 'png', 'image/png', 0);
    // An edit after the files: the history has two entries, the proof covers the latest.
    await asUser(t.db, owner, (tx) => tx.query(`update public.assets set description = 'Gold' where id = $1`, [watch]));
    // The viewer gets the legacy kind and the watch alone; the inheritor the bike alone.
    const viewerKin = await acceptedKin(owner, viewer, { access: 'view', kinds: ['legacy'], assets: [watch] });
    const inheritorKin = await acceptedKin(owner, inheritor, { access: 'inherit', kinds: [], assets: [bike] });
    return {
      owner,
      viewer,
      inheritor,
      stranger,
      viewerKin,
      inheritorKin,
      assets: { will, watch, bike, ring },
      files: { watchPhoto, watchPaper, bikePhoto },
    };
  }

  /** The owner's switch on, then released (as the sweep does when the countdown ends). */
  async function release(owner: string) {
    await asUser(t.db, owner, (tx) => tx.query('select public.legacy_set_switch(true, 12, 14, 7, null)'));
    await t.db.query(`select private.legacy_release($1, 'inactivity')`, [owner]);
  }
  const releasedToMe = (user: string) =>
    asUser(
      t.db,
      user,
      async (tx) =>
        (
          await tx.query<{ r: Array<{ next_of_kin_id: string; assets: Array<{ id: string }> }> }>(
            'select public.legacy_released_to_me() as r',
          )
        ).rows[0]!.r,
    );
  const releasedAsset = (user: string, assetId: string) =>
    asUser(
      t.db,
      user,
      async (tx) =>
        (await tx.query<{ r: ReleasedAsset | null }>('select public.legacy_released_asset($1) as r', [assetId]))
          .rows[0]!.r,
    );
  const mediaObject = async (mediaId: string, heir: string) =>
    (
      await asService(t.db, (tx) =>
        tx.query<{ name: string | null }>('select private.legacy_media_object($1, $2) as name', [mediaId, heir]),
      )
    ).rows[0]!.name;

  it('lets the owner choose single assets, but only their own', async () => {
    const { owner, stranger, assets } = await family();
    const strangersAsset = (
      await t.db.query<{ id: string }>(
        `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Not yours') returning id`,
        [stranger],
      )
    ).rows[0]!.id;
    await expectSqlState(
      asUser(t.db, owner, (tx) =>
        tx.query(
          `insert into public.next_of_kin (full_name, relationship, email, receives_assets) values ('X', 'Friend', 'x@example.test', $1)`,
          [[assets.watch, strangersAsset]],
        ),
      ),
      '42501',
    );
    const saved = await asUser(t.db, owner, (tx) =>
      tx.query<{ receives_assets: string[] }>(
        `insert into public.next_of_kin (full_name, relationship, email, receives_assets) values ('X', 'Friend', 'x@example.test', $1)
         returning receives_assets`,
        [[assets.watch, assets.ring]],
      ),
    );
    expect(saved.rows[0]!.receives_assets).toEqual([assets.watch, assets.ring]);
  });

  it('releases the chosen kinds and single assets to each heir, and offers only the chosen ones to inherit', async () => {
    const { owner, viewer, inheritor, stranger, assets } = await family();
    expect(await releasedToMe(viewer)).toEqual([]);
    await release(owner);

    const viewers = await releasedToMe(viewer);
    expect(viewers).toHaveLength(1);
    expect(viewers[0]!.assets.map((a) => a.id).sort()).toEqual([assets.will, assets.watch].sort());
    const inheritors = await releasedToMe(inheritor);
    expect(inheritors[0]!.assets.map((a) => a.id)).toEqual([assets.bike]);
    expect(await releasedToMe(stranger)).toEqual([]);

    // Inherit: the bike alone is offered to the inheritor; the viewer gets no offer at all.
    const offers = await t.db.query<{ asset_id: string; to_email: string }>(
      'select asset_id, to_email from public.asset_transfers where from_user_id = $1 and via_legacy',
      [owner],
    );
    expect(offers.rows).toEqual([{ asset_id: assets.bike, to_email: (await emailOf(inheritor)).toLowerCase() }]);
  });

  it('gives an heir the details, files, history and proof of each asset released to them', async () => {
    const { owner, viewer, assets, files } = await family();
    expect(await releasedAsset(viewer, assets.watch)).toBeNull();
    await release(owner);
    const watch = (await releasedAsset(viewer, assets.watch))!;
    expect(watch.title).toBe('Pocket watch');
    expect(watch.heir_instructions).toBe('Instructions for Pocket watch');
    expect(watch.media.map((m) => [m.id, m.kind])).toEqual([
      [files.watchPhoto.id, 'photo'],
      [files.watchPaper.id, 'document'],
    ]);
    // Object names (they begin with the owner's id) never reach the heir.
    expect(JSON.stringify(watch.media)).not.toContain(files.watchPhoto.name);
    expect(watch.history.map((e) => e.event)).toEqual(['register', 'edit']);
    for (const entry of watch.history) expect(Object.keys(entry).sort()).not.toContain('owner_id');
    expect(watch.proof).toMatchObject({ entry_valid: true, record_matches: true, record: { id: assets.watch } });
    expect(watch.proof.seq).toBe(watch.history.at(-1)!.seq);
    // A kind chosen as a whole counts too.
    expect((await releasedAsset(viewer, assets.will))!.title).toBe('My will');
  });

  it('refuses every asset and file to anyone it was not released to', async () => {
    const { owner, viewer, inheritor, stranger, viewerKin, assets, files } = await family();
    await release(owner);
    // Another heir of the same owner, a stranger, the owner's assets nobody was given.
    expect(await releasedAsset(inheritor, assets.watch)).toBeNull();
    expect(await releasedAsset(stranger, assets.watch)).toBeNull();
    expect(await releasedAsset(viewer, assets.bike)).toBeNull();
    expect(await releasedAsset(viewer, assets.ring)).toBeNull();
    expect(await releasedAsset(viewer, crypto.randomUUID())).toBeNull();
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select public.legacy_released_asset($1)', [assets.watch])),
      '42501',
    );

    expect(await mediaObject(files.watchPhoto.id, viewer)).toBe(files.watchPhoto.name);
    expect(await mediaObject(files.watchPaper.id, viewer)).toBe(files.watchPaper.name);
    expect(await mediaObject(files.bikePhoto.id, viewer)).toBeNull();
    expect(await mediaObject(files.watchPhoto.id, inheritor)).toBeNull();
    expect(await mediaObject(files.watchPhoto.id, stranger)).toBeNull();
    expect(await mediaObject(files.bikePhoto.id, inheritor)).toBe(files.bikePhoto.name);
    // Neither users nor anonymous callers may ask the lookups themselves.
    for (const sql of [
      'select private.legacy_media_object($1, $2)',
      'select private.released_to($2, (select asset_id from public.asset_media where id = $1))',
    ]) {
      await expectSqlState(
        asUser(t.db, viewer, (tx) => tx.query(sql, [files.watchPhoto.id, viewer])),
        '42501',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(sql, [files.watchPhoto.id, viewer])),
        '42501',
      );
    }
    // Storage keeps the files the owner's: the heir reads no object row through the API.
    const rows = await asUser(t.db, viewer, (tx) =>
      tx.query('select name from storage.objects where name = $1', [files.watchPhoto.name]),
    );
    expect(rows.rowCount).toBe(0);

    // The owner takes the watch off the viewer's list: its files close for the viewer at once.
    await asUser(t.db, owner, (tx) =>
      tx.query(`update public.next_of_kin set receives_assets = '{}' where id = $1`, [viewerKin]),
    );
    expect(await mediaObject(files.watchPhoto.id, viewer)).toBeNull();
    expect(await releasedAsset(viewer, assets.watch)).toBeNull();
  });

  it('stops once the heir has taken ownership: the asset is then theirs', async () => {
    const { owner, inheritor, assets, files } = await family();
    await release(owner);
    const offer = (
      await t.db.query<{ id: string }>(
        'select id from public.asset_transfers where asset_id = $1 and via_legacy and state = $2',
        [assets.bike, 'pending'],
      )
    ).rows[0]!.id;
    await asUser(t.db, inheritor, (tx) => tx.query('select public.accept_asset_transfer($1)', [offer]));
    expect(await releasedAsset(inheritor, assets.bike)).toBeNull();
    expect(await mediaObject(files.bikePhoto.id, inheritor)).toBeNull();
    const own = await asUser(t.db, inheritor, (tx) =>
      tx.query('select id from public.asset_media where id = $1', [files.bikePhoto.id]),
    );
    expect(own.rowCount).toBe(1);
  });
});
