// Assets: registration charges the server's price in the same transaction, owners alone read and
// change their assets and media, public views show only what owners share.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tagledger/db';
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

/** Simulates what the storage server writes on upload: the object row with size, type and SHA-256. */
async function upload(
  db: Db,
  owner: string,
  mime: string,
  opts: { size?: number; ext?: string } = {},
): Promise<string> {
  const name = `${owner}/pending/${crypto.randomUUID()}.${opts.ext ?? 'jpg'}`;
  const sha256 = crypto.createHash('sha256').update(name).digest('hex');
  await db.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ('asset-media', $1, $2, $3, $4)`,
    [name, owner, owner, JSON.stringify({ size: opts.size ?? 1000, mimetype: mime, sha256, eTag: `"${sha256}"` })],
  );
  return name;
}

async function credit(db: Db, user: string, amount: number): Promise<void> {
  await db.query(`select private.ledger_post($1, $2, 'admin_adjustment', 'test credit')`, [user, amount]);
}

async function balance(db: Db, user: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>(
    'select balance::text from public.user_wallets where user_id = $1',
    [user],
  );
  return Number(rows[0]?.balance ?? 0);
}

interface RegisterResult {
  asset_id: string;
  cost: number;
  replayed: boolean;
  ledger_seq: number;
}

function register(
  db: Db,
  owner: string,
  asset: Record<string, unknown>,
  media: { name: string; duration_seconds?: number | null }[],
  opts: { submission?: string; expected?: number | null } = {},
): Promise<RegisterResult> {
  return asService(db, async (tx) => {
    const { rows } = await tx.query<{ r: RegisterResult }>('select private.register_asset($1, $2, $3, $4, $5) as r', [
      owner,
      opts.submission ?? crypto.randomUUID(),
      JSON.stringify(asset),
      JSON.stringify(media),
      opts.expected ?? null,
    ]);
    return rows[0]!.r;
  });
}

describe.each(drivers)('assets on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db, { email: 'alice-assets@example.test' });
    bob = await createAuthUser(t.db, { email: 'bob-assets@example.test' });
    await credit(t.db, alice, 1000);
    await credit(t.db, bob, 1000);
  });
  afterAll(() => t?.close());

  it('quotes from the pricing table, for anyone', async () => {
    const q = await asAnon(
      t.db,
      async (tx) =>
        (
          await tx.query<{ q: { total: number } }>(
            `select public.quote_asset_cost(2, 1, array[30, null]::numeric[]) as q`,
          )
        ).rows[0]!.q,
    );
    // base 10 + photos 25 + 13 + document 25 + video ≤60 s 60 + unreadable video priced at the top tier 110
    expect(q.total).toBe(10 + 25 + 13 + 25 + 60 + 110);
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`select public.quote_asset_cost(0, 0, array[121]::numeric[])`)),
      '22023',
    );
  });

  it('registers an asset, charges exactly the quoted price once, and records the ledger entry', async () => {
    const before = await balance(t.db, alice);
    const photo = await upload(t.db, alice, 'image/jpeg');
    const pdf = await upload(t.db, alice, 'application/pdf', { ext: 'pdf' });
    const submission = crypto.randomUUID();
    const r = await register(
      t.db,
      alice,
      { kind: 'general', title: 'Road bike', serial_number: 'WTU-123 45', tags: ['bike'] },
      [{ name: photo }, { name: pdf }],
      { submission, expected: 60 },
    );
    expect(r.cost).toBe(60);
    expect(await balance(t.db, alice)).toBe(before - 60);
    // A retry of the same submission charges nothing more and returns the same asset.
    const again = await register(
      t.db,
      alice,
      { kind: 'general', title: 'Road bike' },
      [{ name: photo }, { name: pdf }],
      { submission },
    );
    expect(again).toMatchObject({ asset_id: r.asset_id, replayed: true });
    expect(await balance(t.db, alice)).toBe(before - 60);
    const { rows } = await t.db.query<{ n: string; src: string }>(
      `select count(*)::text n, min(source) src from public.token_transactions where user_id = $1 and reference = $2`,
      [alice, `asset:${r.asset_id}`],
    );
    expect(rows[0]).toEqual({ n: '1', src: 'tag_asset' });
    const entries = await asUser(
      t.db,
      alice,
      async (tx) =>
        (await tx.query<{ event: string }>('select event from public.asset_ledger where asset_id = $1', [r.asset_id]))
          .rows,
    );
    expect(entries.map((e) => e.event)).toEqual(['register']);
  });

  it('refuses a price the client made up and charges nothing', async () => {
    const before = await balance(t.db, alice);
    const photo = await upload(t.db, alice, 'image/png', { ext: 'png' });
    await expectSqlState(register(t.db, alice, { title: 'Cheap' }, [{ name: photo }], { expected: 1 }), 'PT409');
    expect(await balance(t.db, alice)).toBe(before);
  });

  it('charges nothing and creates nothing when the balance is too low', async () => {
    const poor = await createAuthUser(t.db);
    const photo = await upload(t.db, poor, 'image/jpeg');
    const startBalance = await balance(t.db, poor);
    const { rows: quote } = await t.db.query<{ q: { total: number } }>('select public.quote_asset_cost(1, 0) q');
    const adjust = quote[0]!.q.total - 1 - startBalance;
    if (adjust !== 0) await credit(t.db, poor, adjust);
    const had = await balance(t.db, poor);
    expect(had).toBeLessThan(quote[0]!.q.total);
    await expect(register(t.db, poor, { title: 'Too expensive' }, [{ name: photo }])).rejects.toMatchObject({
      code: 'PT402',
      message: 'Insufficient tokens',
    });
    expect(await balance(t.db, poor)).toBe(had);
    const { rows } = await t.db.query('select 1 from public.assets where owner_id = $1', [poor]);
    expect(rows.length).toBe(0);
  });

  it("refuses another user's uploads, unknown files, bad types and oversize files", async () => {
    const bobs = await upload(t.db, bob, 'image/jpeg');
    await expectSqlState(register(t.db, alice, { title: 'Stolen upload' }, [{ name: bobs }]), '42501');
    await expectSqlState(
      register(t.db, alice, { title: 'Ghost' }, [{ name: `${alice}/pending/${crypto.randomUUID()}.jpg` }]),
      '22023',
    );
    const exe = await upload(t.db, alice, 'application/x-msdownload', { ext: 'exe' });
    await expectSqlState(register(t.db, alice, { title: 'Bad type' }, [{ name: exe }]), '22023');
    const huge = await upload(t.db, alice, 'image/jpeg', { size: 16 * 1024 * 1024 });
    await expectSqlState(register(t.db, alice, { title: 'Huge' }, [{ name: huge }]), '22023');
    await expectSqlState(register(t.db, alice, { title: '  ' }, []), '22023');
  });

  it('does not let a file be registered twice', async () => {
    const photo = await upload(t.db, alice, 'image/jpeg');
    await register(t.db, alice, { title: 'First' }, [{ name: photo }]);
    await expectSqlState(register(t.db, alice, { title: 'Second' }, [{ name: photo }]), '22023');
  });

  it('lets no API role create assets, media or ledger entries directly, nor call register_asset', async () => {
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(
          `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'free')`,
          [alice],
        ),
      ),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, alice, (tx) =>
        tx.query(`select private.register_asset($1, gen_random_uuid(), '{"title":"x"}', '[]')`, [alice]),
      ),
      '42501',
    );
    await expectSqlState(
      asService(t.db, (tx) =>
        tx.query(
          `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'free')`,
          [alice],
        ),
      ),
      '42501',
    );
  });

  it('keeps private assets and media to their owner; others cannot edit or delete them', async () => {
    const photo = await upload(t.db, alice, 'image/jpeg');
    const r = await register(t.db, alice, { title: 'Private ring', estimated_value: 900, location: 'Home' }, [
      { name: photo },
    ]);
    const bobSees = await asUser(t.db, bob, async (tx) => ({
      assets: (await tx.query('select id from public.assets where id = $1', [r.asset_id])).rows.length,
      media: (await tx.query('select id from public.asset_media where asset_id = $1', [r.asset_id])).rows.length,
      objects: (await tx.query(`select name from storage.objects where name = $1`, [photo])).rows.length,
      updated: (await tx.query(`update public.assets set title = 'mine now' where id = $1`, [r.asset_id])).rowCount,
      publicRow: (await tx.query<{ j: unknown }>('select public.get_public_asset($1) j', [r.asset_id])).rows[0]!.j,
    }));
    expect(bobSees).toEqual({ assets: 0, media: 0, objects: 0, updated: 0, publicRow: null });
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query('delete from public.assets where id = $1', [r.asset_id])),
      '42501',
    );
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query('delete from storage.objects where name = $1', [photo])).then((res) => {
        if (res.rowCount === 0) throw Object.assign(new Error('nothing deleted'), { code: '42501' });
      }),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select id from public.assets')),
      '42501',
    );
    const aliceSees = await asUser(t.db, alice, async (tx) => ({
      objects: (await tx.query(`select name from storage.objects where name = $1`, [photo])).rows.length,
      owner: (await tx.query('select id from public.assets where id = $1', [r.asset_id])).rows.length,
    }));
    expect(aliceSees).toEqual({ objects: 1, owner: 1 });
    // Even the owner cannot delete a registered file directly (only with its asset).
    const deleted = await asUser(
      t.db,
      alice,
      async (tx) => (await tx.query('delete from storage.objects where name = $1', [photo])).rowCount,
    );
    expect(deleted).toBe(0);
  });

  it('shows a public asset to everyone, without value or location unless shared, never legacy instructions', async () => {
    const photo = await upload(t.db, alice, 'image/jpeg');
    const r = await register(
      t.db,
      alice,
      { title: 'Guitar', estimated_value: 1200, location: 'Leeds', privacy: 'public', serial_number: 'GTR-1' },
      [{ name: photo }],
    );
    const anon = await asAnon(t.db, async (tx) => ({
      detail: (await tx.query<{ j: Record<string, unknown> }>('select public.get_public_asset($1) j', [r.asset_id]))
        .rows[0]!.j,
      list: (
        await tx.query<{ j: { total: number; items: { id: string }[] } }>(
          `select public.search_public_assets('guitar') j`,
        )
      ).rows[0]!.j,
      object: (await tx.query('select name from storage.objects where name = $1', [photo])).rows.length,
    }));
    expect(anon.detail).toMatchObject({ title: 'Guitar', estimated_value: null, location: null });
    expect(anon.detail).not.toHaveProperty('owner_id');
    expect(anon.detail).not.toHaveProperty('heir_instructions');
    // Object names start with the owner's id: they never appear publicly (files are served by id).
    expect(JSON.stringify(anon.detail)).not.toContain(alice);
    expect(anon.list.items.map((i) => i.id)).toContain(r.asset_id);
    expect(anon.object).toBe(0);
    await asUser(t.db, alice, (tx) =>
      tx.query('update public.assets set share_value = true where id = $1', [r.asset_id]),
    );
    const shared = await asAnon(
      t.db,
      async (tx) =>
        (await tx.query<{ j: Record<string, unknown> }>('select public.get_public_asset($1) j', [r.asset_id])).rows[0]!
          .j,
    );
    expect(shared).toMatchObject({ estimated_value: 1200, location: null });
  });

  it('keeps will-and-legacy assets private', async () => {
    await expectSqlState(register(t.db, alice, { kind: 'legacy', title: 'Letter', privacy: 'public' }, []), '22023');
    const r = await register(t.db, alice, { kind: 'legacy', title: 'Letter', heir_instructions: 'Open after' }, []);
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`update public.assets set privacy = 'public' where id = $1`, [r.asset_id])),
      '23514',
    );
  });

  it('lets the owner edit, change privacy and report lost/stolen/found, each recorded in the ledger', async () => {
    const r = await register(t.db, alice, { title: 'Camera', serial_number: 'CAM-77' }, []);
    await asUser(t.db, alice, async (tx) => {
      await tx.query(`update public.assets set title = 'Camera X' where id = $1`, [r.asset_id]);
      await tx.query(`update public.assets set privacy = 'public' where id = $1`, [r.asset_id]);
      await tx.query(`update public.assets set status = 'stolen' where id = $1`, [r.asset_id]);
      await tx.query(`update public.assets set status = 'active' where id = $1`, [r.asset_id]);
      await tx.query(`update public.assets set title = 'Camera X' where id = $1`, [r.asset_id]); // no change
    });
    const events = await asUser(
      t.db,
      alice,
      async (tx) =>
        (
          await tx.query<{ event: string }>('select event from public.asset_ledger where asset_id = $1 order by seq', [
            r.asset_id,
          ])
        ).rows,
    );
    expect(events.map((e) => e.event)).toEqual(['register', 'edit', 'privacy', 'stolen', 'found']);
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query(`update public.assets set owner_id = $2 where id = $1`, [r.asset_id, bob])),
      '42501',
    );
  });

  it('answers a serial check without the owner, with the lost/stolen status and the proof', async () => {
    const r = await register(t.db, bob, { title: 'Secret laptop', serial_number: 'LAP-0099' }, []);
    await asUser(t.db, bob, (tx) => tx.query(`update public.assets set status = 'stolen' where id = $1`, [r.asset_id]));
    const v = await asAnon(
      t.db,
      async (tx) =>
        (
          await tx.query<{ j: { registered: boolean; matches: Record<string, unknown>[] } }>(
            `select public.verify_serial('lap 0099') j`,
          )
        ).rows[0]!.j,
    );
    expect(v.registered).toBe(true);
    expect(v.matches).toHaveLength(1);
    const m = v.matches[0]!;
    expect(m).toMatchObject({ status: 'stolen', title: null, is_public: false });
    expect(JSON.stringify(v)).not.toContain(bob);
    expect(m.proof).toMatchObject({ entry_valid: true, record_matches: true, event: 'stolen' });
    const none = await asAnon(
      t.db,
      async (tx) =>
        (await tx.query<{ j: { registered: boolean } }>(`select public.verify_serial('NOPE-1') j`)).rows[0]!.j,
    );
    expect(none.registered).toBe(false);
  });

  it("searches, filters and pages the owner's assets", async () => {
    const carol = await createAuthUser(t.db);
    await credit(t.db, carol, 1000);
    const pdf = await upload(t.db, carol, 'application/pdf', { ext: 'pdf' });
    await register(t.db, carol, { title: 'Alpha watch', tags: ['gold'], estimated_value: 5 }, []);
    await register(t.db, carol, { title: 'Beta chair', description: 'oak', estimated_value: 50 }, [{ name: pdf }]);
    await register(
      t.db,
      carol,
      { title: 'Gamma box', kind: 'business', sku: 'SKU-9', quantity: 4, serial_number: 'gb-1' },
      [],
    );
    const call = (args: string) =>
      asUser(
        t.db,
        carol,
        async (tx) =>
          (
            await tx.query<{ j: { total: number; items: { title: string }[] } }>(
              `select public.search_my_assets(${args}) j`,
            )
          ).rows[0]!.j,
      );
    expect((await call(`p_query => 'gold'`)).items.map((i) => i.title)).toEqual(['Alpha watch']);
    expect((await call(`p_query => 'OAK'`)).items.map((i) => i.title)).toEqual(['Beta chair']);
    expect((await call(`p_query => 'GB1'`)).items.map((i) => i.title)).toEqual(['Gamma box']);
    expect((await call(`p_media => 'document'`)).items.map((i) => i.title)).toEqual(['Beta chair']);
    expect((await call(`p_kind => 'business'`)).total).toBe(1);
    expect((await call(`p_sort => 'title', p_ascending => true`)).items.map((i) => i.title)).toEqual([
      'Alpha watch',
      'Beta chair',
      'Gamma box',
    ]);
    expect((await call(`p_sort => 'value', p_ascending => false`)).items[0]!.title).toBe('Beta chair');
    const page1 = await call(`p_sort => 'title', p_ascending => true, p_limit => 2`);
    expect(page1).toMatchObject({ total: 3, items: [{ title: 'Alpha watch' }, { title: 'Beta chair' }] });
    const page2 = await call(
      `p_sort => 'title', p_ascending => true, p_limit => 2, p_after => '${JSON.stringify(
        (page1 as unknown as { next: object }).next,
      )}'`,
    );
    expect(page2).toMatchObject({ total: 3, next: null, items: [{ title: 'Gamma box' }] });
    const stats = await asUser(
      t.db,
      carol,
      async (tx) =>
        (await tx.query<{ s: Record<string, number> }>('select public.my_business_inventory_stats() s')).rows[0]!.s,
    );
    expect(stats).toEqual({ products: 1, units: 4, with_serial: 1, flagged: 0, public: 0 });
    const others = await asUser(
      t.db,
      bob,
      async (tx) =>
        (await tx.query<{ s: Record<string, number> }>('select public.my_business_inventory_stats() s')).rows[0]!.s,
    );
    expect(others.products).toBe(0);
    // Nobody else's assets appear in one's own list.
    const bobs = await asUser(
      t.db,
      bob,
      async (tx) =>
        (await tx.query<{ j: { items: { title: string }[] } }>(`select public.search_my_assets('Alpha') j`)).rows[0]!.j,
    );
    expect(bobs.items).toEqual([]);
  });

  it('adds files to an asset for the price difference, once, and records it in the ledger', async () => {
    const photo = await upload(t.db, alice, 'image/jpeg');
    const r = await register(t.db, alice, { title: 'Sofa' }, [{ name: photo }]);
    const more = [
      await upload(t.db, alice, 'application/pdf', { ext: 'pdf' }),
      await upload(t.db, alice, 'image/png', { ext: 'png' }),
    ];
    const quote = await asUser(
      t.db,
      alice,
      async (tx) =>
        (await tx.query<{ q: { total: number } }>(`select public.quote_added_media($1, 1, 1) q`, [r.asset_id])).rows[0]!
          .q,
    );
    expect(quote.total).toBe(25 + 13); // first document, a further photo; no registration fee
    const add = (owner: string, submission: string, expected: number | null = null) =>
      asService(
        t.db,
        async (tx) =>
          (
            await tx.query<{ r: { cost: number; replayed: boolean } }>(
              'select private.add_asset_media($1, $2, $3, $4, $5) r',
              [owner, r.asset_id, submission, JSON.stringify(more.map((name) => ({ name }))), expected],
            )
          ).rows[0]!.r,
      );
    await expectSqlState(add(bob, crypto.randomUUID()), 'P0002');
    await expectSqlState(add(alice, crypto.randomUUID(), 1), 'PT409');
    const before = await balance(t.db, alice);
    const submission = crypto.randomUUID();
    expect(await add(alice, submission, quote.total)).toMatchObject({ cost: quote.total, replayed: false });
    expect(await add(alice, submission)).toMatchObject({ replayed: true });
    expect(await balance(t.db, alice)).toBe(before - quote.total);
    const { rows } = await t.db.query<{ kind: string }>(
      'select kind from public.asset_media where asset_id = $1 order by position',
      [r.asset_id],
    );
    expect(rows.map((m) => m.kind)).toEqual(['photo', 'document', 'photo']);
    const events = await asUser(
      t.db,
      alice,
      async (tx) =>
        (
          await tx.query<{ event: string }>('select event from public.asset_ledger where asset_id = $1 order by seq', [
            r.asset_id,
          ])
        ).rows,
    );
    expect(events.map((e) => e.event)).toEqual(['register', 'edit']);
    await expectSqlState(
      asUser(t.db, bob, (tx) => tx.query(`select public.quote_added_media($1, 1)`, [r.asset_id])),
      'P0002',
    );
  });

  it('hides the sender address of messages from the owner', async () => {
    const r = await register(t.db, alice, { title: 'Found wallet' }, []);
    await t.db.query(
      `insert into public.asset_messages (asset_id, owner_id, sender_email, message) values ($1, $2, 'finder@example.test', 'I found it')`,
      [r.asset_id, alice],
    );
    const own = await asUser(
      t.db,
      alice,
      async (tx) =>
        (await tx.query('select message from public.asset_messages where asset_id = $1', [r.asset_id])).rows,
    );
    expect(own).toEqual([{ message: 'I found it' }]);
    await expectSqlState(
      asUser(t.db, alice, (tx) => tx.query('select sender_email from public.asset_messages')),
      '42501',
    );
    const others = await asUser(t.db, bob, async (tx) => (await tx.query('select id from public.asset_messages')).rows);
    expect(others).toEqual([]);
  });
});
