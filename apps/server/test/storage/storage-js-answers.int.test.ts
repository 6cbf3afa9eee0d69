// Issue 34, item 1 (storage): Storage's answers where storage-js's own suite pins them — an image
// uploaded under another allowed image type, a text object's charset, transformed downloads and
// signed transformed URLs of an image stored as text/plain (supabase-js's default for a Buffer),
// getBucket's owner, and a bucket listing with no credentials at all.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';

function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

describe.each(storageMatrix)(
  'storage-js answers (issue 34) on $driver with $storage storage',
  ({ driver, storage }) => {
    let server: TestServer;
    let service: SupabaseClient;
    let photo: Buffer;
    beforeAll(async () => {
      server = await startTestServer({ driver, storage });
      service = server.serviceClient();
      photo = await jpeg();
      expect((await service.storage.createBucket('js-public', { public: true })).error).toBeNull();
      expect((await service.storage.createBucket('js-private', { public: false })).error).toBeNull();
    });
    afterAll(async () => {
      await server?.close();
    });

    it('stores an image declared as another image type the bucket allows, and still refuses non-images', async () => {
      expect(
        (await service.storage.createBucket('js-png-only', { public: true, allowedMimeTypes: ['image/png'] })).error,
      ).toBeNull();
      const ok = await service.storage.from('js-png-only').upload('cat.png', photo, { contentType: 'image/png' });
      expect(ok.error).toBeNull();
      const jpegType = await service.storage
        .from('js-png-only')
        .upload('cat.jpg', photo, { contentType: 'image/jpeg' });
      expect(jpegType.error?.message).toBe('mime type image/jpeg is not supported');
      const html = await service.storage
        .from('js-png-only')
        .upload('page.png', Buffer.from('<html><script>alert(1)</script></html>'), { contentType: 'image/png' });
      expect(html.error?.message).toBe('mime type image/png is not supported');
    });

    it('keeps a text object charset: downloads come back as text/plain;charset=utf-8', async () => {
      const name = `text/${crypto.randomUUID()}.txt`;
      // No content type: supabase-js sends its default, text/plain;charset=UTF-8.
      expect((await service.storage.from('js-public').upload(name, Buffer.from('hello there'))).error).toBeNull();
      const { data, error } = await service.storage.from('js-public').download(name);
      expect(error).toBeNull();
      expect(data!.type).toBe('text/plain;charset=utf-8');
      expect(await data!.text()).toBe('hello there');
    });

    it('transforms an image stored as text/plain on an authenticated download', async () => {
      const name = `photos/${crypto.randomUUID()}.jpg`;
      expect((await service.storage.from('js-private').upload(name, photo)).error).toBeNull();
      const { data, error } = await service.storage.from('js-private').download(name, {
        transform: { width: 200, height: 200 },
      });
      expect(error).toBeNull();
      expect(data!.type).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 200]);
      // A real text object is still not an image.
      const text = `photos/${crypto.randomUUID()}.txt`;
      await service.storage.from('js-private').upload(text, Buffer.from('not an image'));
      const refused = await service.storage.from('js-private').download(text, { transform: { width: 20 } });
      expect(refused.error).not.toBeNull();
    });

    it('serves a signed transformed-image URL with the X-Transformations Storage sends', async () => {
      const name = `signed/${crypto.randomUUID()}.jpg`;
      expect((await service.storage.from('js-public').upload(name, photo)).error).toBeNull();
      const { data, error } = await service.storage
        .from('js-public')
        .createSignedUrl(name, 60_000, { transform: { width: 200, height: 200, quality: 60 } });
      expect(error).toBeNull();
      const res = await fetch(data!.signedUrl);
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
      expect(res.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(200);
    });

    it('answers getBucket with the owner column, as Storage does', async () => {
      const owner = crypto.randomUUID();
      await server.ctx.db.query(
        `insert into storage.buckets (id, name, owner, public) values ('js-seeded', 'js-seeded', $1, false)`,
        [owner],
      );
      const seeded = await service.storage.getBucket('js-seeded');
      expect(seeded.data?.owner).toBe(owner);
      // Made with the service key: no owner.
      const made = await service.storage.getBucket('js-public');
      expect(made.data?.owner).toBe('');
    });

    it('refuses listBuckets sent with no API key and no Authorization header', async () => {
      const res = await fetch(`${server.url}/storage/v1/bucket`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = (await res.json()) as { message: string };
      expect(body.message).toBe('Invalid Compact JWS');
    });
  },
);
