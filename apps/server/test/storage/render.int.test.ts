// Image transformations (Storage API /render/image, issue 16 item 14) through unmodified
// supabase-js: getPublicUrl / download / createSignedUrl with `transform`, resize modes, formats
// by Accept, the signed transformation fixed by the token, and the same access rules as object
// downloads (private buckets, RLS, non-images refused).
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function fetchImage(url: string, accept = 'image/jpeg') {
  const res = await fetch(url, { headers: { accept } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = res.ok ? await sharp(bytes).metadata() : undefined;
  return { res, bytes, meta };
}

describe.each(drivers)('image transformations on %s', (driver) => {
  let server: TestServer;
  let service: SupabaseClient;
  let user: TestUser;
  let original: Buffer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    service = server.serviceClient();
    user = await createTestUser(server);
    original = await photo(800, 600);
    expect((await service.storage.createBucket('photos', { public: true })).error).toBeNull();
    expect((await service.storage.createBucket('vault', { public: false })).error).toBeNull();
    for (const bucket of ['photos', 'vault']) {
      const up = await service.storage.from(bucket).upload('cat.jpg', original, { contentType: 'image/jpeg' });
      expect(up.error).toBeNull();
    }
    await service.storage.from('photos').upload('notes.txt', 'plain text', { contentType: 'text/plain' });
    await service.storage
      .from('photos')
      .upload('x.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', { contentType: 'image/svg+xml' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('resizes public images: cover, contain and fill, one side keeping the aspect ratio', async () => {
    const url = (transform: object) =>
      service.storage.from('photos').getPublicUrl('cat.jpg', { transform }).data.publicUrl;
    expect(url({ width: 200 })).toContain('/storage/v1/render/image/public/photos/cat.jpg?width=200');
    const cases: [object, number, number][] = [
      [{ width: 200, height: 200 }, 200, 200],
      [{ width: 200, height: 200, resize: 'contain' }, 200, 150],
      [{ width: 200, height: 50, resize: 'fill' }, 200, 50],
      [{ width: 200 }, 200, 150],
      [{ height: 60 }, 80, 60],
      // Never enlarged beyond the original.
      [{ width: 2000 }, 800, 600],
    ];
    for (const [transform, width, height] of cases) {
      const { res, meta } = await fetchImage(url(transform));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect([meta?.width, meta?.height]).toEqual([width, height]);
    }
  });

  it('answers WebP or AVIF when the browser accepts them, the source format otherwise or with format=origin', async () => {
    const url = service.storage.from('photos').getPublicUrl('cat.jpg', { transform: { width: 120, quality: 60 } })
      .data.publicUrl;
    const webp = await fetchImage(url, 'image/webp,image/*');
    expect(webp.res.headers.get('content-type')).toBe('image/webp');
    expect(webp.res.headers.get('vary')).toBe('Accept');
    expect(webp.meta?.format).toBe('webp');
    const avif = await fetchImage(url, 'image/avif,image/webp,*/*');
    expect(avif.res.headers.get('content-type')).toBe('image/avif');
    expect(avif.meta?.format).toBe('heif');
    const origin = await fetchImage(`${url}&format=origin`, 'image/avif,image/webp,*/*');
    expect(origin.meta?.format).toBe('jpeg');
    expect(webp.bytes.length).toBeLessThan(original.length);
  });

  it('downloads transformed images as the caller, and refuses those RLS hides', async () => {
    const { data, error } = await service.storage.from('vault').download('cat.jpg', { transform: { width: 100 } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([100, 75]);
    const denied = await user.client.storage.from('vault').download('cat.jpg', { transform: { width: 100 } });
    expect(denied.data).toBeNull();
    expect(denied.error).not.toBeNull();
    // A private bucket has no public render URL.
    const pub = await fetchImage(
      service.storage.from('vault').getPublicUrl('cat.jpg', { transform: { width: 50 } }).data.publicUrl,
    );
    expect(pub.res.status).toBe(400);
    expect(JSON.parse(pub.bytes.toString())).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('signs the transformation into the URL; the query string cannot change it', async () => {
    const { data, error } = await service.storage
      .from('vault')
      .createSignedUrl('cat.jpg', 60, { transform: { width: 50, height: 50 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/vault/cat.jpg?token=');
    const signed = await fetchImage(data!.signedUrl);
    expect([signed.meta?.width, signed.meta?.height]).toEqual([50, 50]);
    const tampered = await fetchImage(`${data!.signedUrl}&width=700`);
    expect(tampered.meta?.width).toBe(50);
    const otherPath = data!.signedUrl.replace('/cat.jpg?', '/dog.jpg?');
    expect((await fetch(otherPath)).status).toBe(400);
  });

  it('refuses bad options and objects that are not raster images, sandboxed like every file', async () => {
    const base = `${server.url}/storage/v1/render/image/public/photos`;
    for (const query of ['width=0', 'height=9999', 'quality=5', 'resize=stretch', 'width=abc']) {
      const res = await fetch(`${base}/cat.jpg?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', error: 'Invalid Input' });
    }
    for (const name of ['notes.txt', 'x.svg']) {
      const res = await fetch(`${base}/${name}?width=10`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/not supported/);
    }
    const ok = await fetch(`${base}/cat.jpg?width=10`);
    expect(ok.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox; /);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the original of an image it accepted but cannot decode, on every route and every time', async () => {
    // A JPEG cut off after its header: stored as image/jpeg, but sharp cannot decode it.
    const broken = original.subarray(0, 600);
    const up = await service.storage.from('photos').upload('broken.jpg', broken, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    const vaultUp = await service.storage.from('vault').upload('broken.jpg', broken, { contentType: 'image/jpeg' });
    expect(vaultUp.error).toBeNull();
    const signed = await service.storage
      .from('vault')
      .createSignedUrl('broken.jpg', 60, { transform: { width: 100, height: 100 } });
    const urls = [
      `${server.url}/storage/v1/render/image/public/photos/broken.jpg?width=100`,
      // Again: the remembered failure answers the same.
      `${server.url}/storage/v1/render/image/public/photos/broken.jpg?width=100`,
      signed.data!.signedUrl,
    ];
    for (const url of urls) {
      const res = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-transformation')).toBe('original');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox; /);
      expect(Buffer.from(await res.arrayBuffer()).equals(broken)).toBe(true);
    }
    const head = await fetch(urls[0]!, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(broken.length));
    // Still the caller's access: a private bucket's original is not served to anyone.
    const denied = await fetch(`${server.url}/storage/v1/render/image/public/vault/broken.jpg?width=100`);
    expect(denied.status).toBe(400);
  });
});
