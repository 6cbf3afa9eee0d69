// Hole 12 of the security issue: (a) public media URLs named the object, <owner uid>/pending/…,
// so they told anyone who owns a public asset (and avatars lived under <uid>/ in a public bucket);
// (b) a signed URL for a public asset's file kept working for its whole life after the owner made
// the asset private. This suite performs both attacks as an anonymous visitor and checks the deny
// cases of the new media URLs (other ids, other token kinds).
import crypto from 'node:crypto';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';
import { fetchAnswer } from '../helpers/http.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { JPEG } from '../assets/fixtures.js';
import { postFunction } from '../helpers/functions.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe.each(drivers)('owner ids in user-file URLs on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let mallory: TestUser;
  let assetId = '';
  let mediaId = '';

  async function call(name: string, body: unknown, token?: string) {
    const res = await postFunction(server, name, body, token);
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
  async function publicUrls(): Promise<Record<string, string>> {
    const res = await call('public-asset-media', { assetIds: [assetId] });
    expect(res.status).toBe(200);
    return res.json.urls as Record<string, string>;
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    mallory = await createTestUser(server);
    await server.ctx.db.query(`select private.ledger_post($1, 500, 'admin_adjustment', 'test credit')`, [alice.id]);
    const photo = `${alice.id}/pending/${crypto.randomUUID()}.jpg`;
    expect(
      (await alice.client.storage.from('asset-media').upload(photo, JPEG, { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    const registered = await call(
      'register-asset',
      {
        submissionId: crypto.randomUUID(),
        asset: { kind: 'general', title: 'Camera', privacy: 'public' },
        media: [photo],
      },
      alice.token,
    );
    expect(registered.status).toBe(200);
    assetId = String(registered.json.asset_id);
    const { rows } = await server.ctx.db.query<{ id: string }>(
      'select id from public.asset_media where asset_id = $1',
      [assetId],
    );
    mediaId = rows[0]!.id;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it('hands the public file URLs that name neither the owner nor the object', async () => {
    const url = (await publicUrls())[mediaId]!;
    expect(url).toBeDefined();
    expect(url).not.toContain(alice.id);
    expect(url).not.toContain('pending');
    // The token's payload is readable by anyone: it must not carry the name either.
    const token = new URL(url).searchParams.get('token')!;
    expect(JSON.stringify(jose.decodeJwt(token))).not.toContain(alice.id);
    const res = await fetchAnswer(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.body.equals(JPEG)).toBe(true);
  });

  it('stops serving a handed-out URL as soon as the asset is made private, and again when public', async () => {
    const url = (await publicUrls())[mediaId]!;
    expect((await fetchAnswer(url)).status).toBe(200);
    expect((await alice.client.from('assets').update({ privacy: 'private' }).eq('id', assetId)).error).toBeNull();
    const closed = await fetchAnswer(url);
    expect(closed.status).toBe(400);
    expect(JSON.parse(closed.body.toString())).toMatchObject({ statusCode: '404', error: 'not_found' });
    expect((await fetchAnswer(url, { method: 'HEAD' })).status).toBe(400);
    expect(await publicUrls()).toEqual({});
    expect((await alice.client.from('assets').update({ privacy: 'public' }).eq('id', assetId)).error).toBeNull();
    expect((await fetchAnswer(url)).status).toBe(200);
  });

  it('takes transformation options on public media by the same rules, closed once private', async () => {
    // The fixture is a damaged JPEG the upload accepted: it cannot be transformed, so the original is
    // served as its checked type (never a 500), and marked as such.
    const thumb = `${(await publicUrls())[mediaId]!}&width=1&height=1&resize=cover`;
    const damaged = await fetchAnswer(thumb, { headers: { accept: 'image/webp,*/*' } });
    expect(damaged.status).toBe(200);
    expect(damaged.headers.get('x-transformation')).toBe('original');
    expect(damaged.headers.get('content-type')).toBe('image/jpeg');
    expect(JSON.parse((await fetchAnswer(`${thumb}&quality=1`)).body.toString())).toMatchObject({
      code: 'InvalidRequest',
    });
    expect((await alice.client.from('assets').update({ privacy: 'private' }).eq('id', assetId)).error).toBeNull();
    const closed = await fetchAnswer(thumb);
    expect(JSON.parse(closed.body.toString())).toMatchObject({ statusCode: '404', error: 'not_found' });
    expect((await alice.client.from('assets').update({ privacy: 'public' }).eq('id', assetId)).error).toBeNull();
  });

  it('refuses a media token for another id, a storage download token, and no token', async () => {
    const url = new URL((await publicUrls())[mediaId]!);
    const token = url.searchParams.get('token')!;
    const other = await fetchAnswer(`${server.url}/storage/v1/media/${crypto.randomUUID()}?token=${token}`);
    expect(other.status).toBe(400);
    expect(JSON.parse(other.body.toString())).toMatchObject({ code: 'InvalidSignature' });
    // The owner's own signed storage URL has the download scope; it opens nothing here.
    const { rows } = await server.ctx.db.query<{ object_name: string }>(
      'select object_name from public.asset_media where id = $1',
      [mediaId],
    );
    const { data } = await alice.client.storage.from('asset-media').createSignedUrl(rows[0]!.object_name, 60);
    const download = new URL(data!.signedUrl).searchParams.get('token')!;
    expect((await fetchAnswer(`${server.url}/storage/v1/media/${mediaId}?token=${download}`)).status).toBe(400);
    // …and a media token opens no storage object.
    const objectName = new URL(data!.signedUrl).pathname.replace('/storage/v1/object/sign/', '');
    expect((await fetchAnswer(`${server.url}/storage/v1/object/sign/${objectName}?token=${token}`)).status).toBe(400);
    expect((await fetchAnswer(`${server.url}/storage/v1/media/${mediaId}`)).status).toBe(400);
    expect((await fetchAnswer(`${server.url}/storage/v1/media/not-a-uuid?token=${token}`)).status).toBe(400);
  });

  it('names avatars without their owner, and lets nobody else claim or remove them', async () => {
    const name = `${crypto.randomUUID()}.png`;
    expect(
      (await alice.client.storage.from('avatars').upload(name, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    const url = alice.client.storage.from('avatars').getPublicUrl(name).data.publicUrl;
    expect(url).not.toContain(alice.id);
    expect((await alice.client.from('user_profiles').update({ avatar_url: url }).eq('id', alice.id)).error).toBeNull();
    expect((await server.anonClient().storage.from('avatars').list()).data ?? []).toEqual([]);
    expect((await fetchAnswer(url)).status).toBe(200);
    // Mallory can neither show alice's picture as his own, nor see, nor delete it.
    const claimed = await mallory.client.from('user_profiles').update({ avatar_url: url }).eq('id', mallory.id);
    expect(claimed.error).not.toBeNull();
    expect((await mallory.client.storage.from('avatars').list()).data).toEqual([]);
    await mallory.client.storage.from('avatars').remove([name]);
    expect((await fetchAnswer(url)).status).toBe(200);
  });
});
