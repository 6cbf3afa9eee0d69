// POST /functions/v1/my-assets (issue 29): My Assets' page and its cards' pictures in one request.
// Through the real server: the page is exactly what search_my_assets answers the caller, each card's
// first file comes signed (a 640×360 thumbnail of a photo, a document as it is), a file storage does
// not hold or the caller may not read is never signed, and other people, the anonymous and bad input
// are refused in the functions' shape.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FunctionErrorBody, MyAssetsPage } from '@tagledger/functions-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { PDF } from './fixtures.js';

describe.each(drivers)('my-assets on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const names = { photo: '', pdf: '', missing: '' };

  async function call(body: unknown, token?: string) {
    const res = await fetch(`${server.url}/functions/v1/my-assets`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: server.anonKey,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    // An answer or a refusal ({error, code}): the tests check which.
    return { status: res.status, json: (await res.json()) as MyAssetsPage & Partial<FunctionErrorBody> };
  }

  async function upload(user: TestUser, bytes: Buffer, type: string, ext: string): Promise<string> {
    const name = `${user.id}/pending/${crypto.randomUUID()}.${ext}`;
    const { error } = await user.client.storage.from('asset-media').upload(name, bytes, { contentType: type });
    if (error) throw error;
    return name;
  }

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
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer();
    names.photo = await upload(alice, jpeg, 'image/jpeg', 'jpg');
    names.pdf = await upload(alice, PDF, 'application/pdf', 'pdf');
    names.missing = `${alice.id}/pending/${crypto.randomUUID()}.jpg`;
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
