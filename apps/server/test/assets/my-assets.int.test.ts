// POST /functions/v1/my-assets (issue 29): My Assets' page and its cards' pictures in one request;
// POST /functions/v1/my-asset: an asset page's asset, its files and their URLs in one request.
// Through the real server: the page is exactly what search_my_assets answers the caller, each card's
// first file comes signed (a 640×360 thumbnail of a photo, a document as it is), a file storage does
// not hold or the caller may not read is never signed, and other people, the anonymous and bad input
// are refused in the functions' shape.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FunctionErrorBody, MyAssetPage, MyAssetsPage } from '@tagledger/functions-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { PDF } from './fixtures.js';
import { postFunction } from '../helpers/functions.js';

/** A function's answer or refusal ({error, code}): the tests check which. */
async function callFunction<T>(server: TestServer, name: string, body: unknown, token?: string) {
  const res = await postFunction(server, name, body, token);
  return { status: res.status, json: (await res.json()) as T & Partial<FunctionErrorBody> };
}

async function upload(user: TestUser, bytes: Buffer, type: string, ext: string): Promise<string> {
  const name = `${user.id}/pending/${crypto.randomUUID()}.${ext}`;
  const { error } = await user.client.storage.from('asset-media').upload(name, bytes, { contentType: type });
  if (error) throw error;
  return name;
}

const photoJpeg = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c85028' } })
    .jpeg()
    .toBuffer();

/**
 * A server with two users; alice has uploaded a photo and a PDF, and `missing` names a file storage
 * does not hold (an upload that never finished): the functions never sign it.
 */
async function aliceWithFiles(driver: (typeof drivers)[number]) {
  const server = await startTestServer({ driver });
  const alice = await createTestUser(server);
  const bob = await createTestUser(server);
  const names = {
    photo: await upload(alice, await photoJpeg(), 'image/jpeg', 'jpg'),
    pdf: await upload(alice, PDF, 'application/pdf', 'pdf'),
    missing: `${alice.id}/pending/${crypto.randomUUID()}.jpg`,
  };
  return { server, alice, bob, names };
}

describe.each(drivers)('my-assets on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let names = { photo: '', pdf: '', missing: '' };

  const call = (body: unknown, token?: string) => callFunction<MyAssetsPage>(server, 'my-assets', body, token);

  /** An asset of alice's whose one file row names `objectName`, as the service would write it. */
  async function addAsset(title: string, objectName: string, kind: 'photo' | 'document', mime: string) {
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', $2)
       returning id`,
      [alice.id, title],
    );
    await server.ctx.db.query(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256)
       values ($1, $2, $3, $4, $5, 10, $6)`,
      [rows[0]!.id, alice.id, objectName, kind, mime, crypto.createHash('sha256').update(objectName).digest('hex')],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    ({ server, alice, bob, names } = await aliceWithFiles(driver));
    await addAsset('Bike', names.photo, 'photo', 'image/jpeg');
    await addAsset('Deed', names.pdf, 'document', 'application/pdf');
    // A file row whose file storage does not hold (an upload that never finished): no URL for it,
    // as POST /storage/v1/object/sign refuses one.
    await addAsset('Lost file', names.missing, 'photo', 'image/jpeg');
  }, 120_000);
  afterAll(() => server?.close());

  it("answers search_my_assets' page for the caller, with each card's first file signed", async () => {
    const res = await call({ sort: 'title', ascending: true, limit: 12 }, alice.token);
    expect(res.status).toBe(200);
    const rpc = await alice.client.rpc('search_my_assets', { p_sort: 'title', p_ascending: true, p_limit: 12 });
    expect(rpc.error).toBeNull();
    expect(res.json.page).toEqual(rpc.data);
    expect(res.json.page.items.map((a) => a.title)).toEqual(['Bike', 'Deed', 'Lost file']);
    expect(Object.keys(res.json.urls).sort()).toEqual([names.photo, names.pdf].sort());
    expect(res.json.expiresIn).toBe(300);

    // The photo: its thumbnail, 640×360, from the storage origin without a token of the caller's.
    const thumb = await fetch(res.json.urls[names.photo]!, { headers: { accept: 'image/jpeg' } });
    expect(thumb.status).toBe(200);
    // At the thumbnails' quality, not the storage default of 80 (issue 29: the card is the largest paint).
    expect(thumb.headers.get('x-transformations')).toBe('height:360,width:640,resizing_type:fill,quality:60');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 360 });
    // The document: the file itself.
    const doc = await fetch(res.json.urls[names.pdf]!);
    expect(doc.status).toBe(200);
    expect(Buffer.from(await doc.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('pages by cursor like the rpc, and refuses a malformed cursor or input with a 400', async () => {
    const first = await call({ sort: 'title', ascending: true, limit: 2 }, alice.token);
    expect(first.json.page.next).not.toBeNull();
    const second = await call({ sort: 'title', ascending: true, limit: 2, after: first.json.page.next }, alice.token);
    expect(second.status).toBe(200);
    expect(second.json.page.items.map((a) => a.title)).toEqual(['Lost file']);
    expect(second.json.urls).toEqual({});

    const bad = await call(
      { sort: 'value', limit: 2, after: { k: 'not a number', id: crypto.randomUUID() } },
      alice.token,
    );
    expect(bad.status).toBe(400);
    expect(typeof bad.json.error).toBe('string');
    for (const body of [{ limit: 0 }, { limit: 12, sort: 'owner_id' }, { limit: 12, extra: 1 }, 'text']) {
      const res = await call(body, alice.token);
      expect(res.status).toBe(400);
      expect(typeof res.json.error).toBe('string');
    }
  });

  it("shows nobody else's assets or files: another user gets their own (none), the anonymous a 401", async () => {
    const other = await call({ limit: 12 }, bob.token);
    expect(other.status).toBe(200);
    expect(other.json.page).toMatchObject({ items: [], total: 0, next: null });
    expect(other.json.urls).toEqual({});
    const anonymous = await call({ limit: 12 });
    expect(anonymous.status).toBe(401);
    const service = await call({ limit: 12 }, server.serviceRoleKey);
    expect(service.status).toBe(401);
  });
});

// The asset page's request: the asset as its REST select answers the owner, each file signed and each
// photo also at the asked width.
describe.each(drivers)('my-asset on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let assetId = '';
  let names = { photo: '', pdf: '', missing: '' };

  const call = (body: unknown, token?: string) => callFunction<MyAssetPage>(server, 'my-asset', body, token);

  beforeAll(async () => {
    ({ server, alice, bob, names } = await aliceWithFiles(driver));
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Bike')
       returning id`,
      [alice.id],
    );
    assetId = rows[0]!.id;
    // Written out of order: the answer lists the files by position.
    const files: [string, 'photo' | 'document', string, number][] = [
      [names.pdf, 'document', 'application/pdf', 1],
      [names.missing, 'photo', 'image/jpeg', 2],
      [names.photo, 'photo', 'image/jpeg', 0],
    ];
    for (const [name, kind, mime, position] of files)
      await server.ctx.db.query(
        `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256, position)
         values ($1, $2, $3, $4, $5, 10, $6, $7)`,
        [assetId, alice.id, name, kind, mime, crypto.createHash('sha256').update(name).digest('hex'), position],
      );
  }, 120_000);
  afterAll(() => server?.close());

  it('answers the asset as the REST select does, its files signed and its photo at the asked width', async () => {
    const res = await call({ id: assetId, photoWidth: 640 }, alice.token);
    expect(res.status).toBe(200);
    const rest = await alice.client
      .from('assets')
      .select('*, media:asset_media(id, object_name, kind, mime_type, size_bytes, sha256, duration_seconds, position)')
      .eq('id', assetId)
      .single();
    expect(rest.error).toBeNull();
    const byPosition = [...(rest.data!.media as { position: number }[])].sort((a, b) => a.position - b.position);
    expect(res.json.asset).toEqual({ ...rest.data, media: byPosition });
    expect(res.json.asset.media.map((m) => m.object_name)).toEqual([names.photo, names.pdf, names.missing]);
    expect(Object.keys(res.json.files).sort()).toEqual([names.photo, names.pdf].sort());
    expect(Object.keys(res.json.photos)).toEqual([names.photo]);
    expect(res.json.expiresIn).toBe(300);

    const shown = await fetch(res.json.photos[names.photo]!, { headers: { accept: 'image/jpeg' } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('x-transformations')).toBe('width:640,resizing_type:fit,quality:70');
    expect(await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 480 });
    const original = await fetch(res.json.files[names.photo]!);
    expect(original.status).toBe(200);
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: 1600 });
    const doc = await fetch(res.json.files[names.pdf]!);
    expect(Buffer.from(await doc.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('refuses bad input with a 400', async () => {
    for (const body of [
      { id: 'not-a-uuid', photoWidth: 640 },
      { id: assetId, photoWidth: 641 },
      { id: assetId, photoWidth: 1440 },
      { id: assetId },
      { id: assetId, photoWidth: 640, extra: 1 },
      'text',
    ]) {
      const res = await call(body, alice.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe('invalid');
    }
  });

  it("shows nobody else's asset: another user and an unknown id get a 404, the anonymous a 401", async () => {
    for (const [token, id] of [
      [bob.token, assetId],
      [alice.token, crypto.randomUUID()],
    ] as const) {
      const res = await call({ id, photoWidth: 640 }, token);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: 'Asset not found', code: 'not_found' });
    }
    expect((await call({ id: assetId, photoWidth: 640 })).status).toBe(401);
    expect((await call({ id: assetId, photoWidth: 640 }, server.serviceRoleKey)).status).toBe(401);
  });
});
