// /storage/v1 through the unmodified supabase-js client: buckets, uploads (string, Blob, File,
// multipart and raw), downloads, public and signed URLs, signed uploads, list, move, copy, remove,
// limits, and Storage's error shape.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

describe.each(storageMatrix)('storage API on $driver with $storage storage', ({ driver, storage }) => {
  let server: TestServer;
  let service: SupabaseClient;
  beforeAll(async () => {
    server = await startTestServer({ driver, storage });
    service = server.serviceClient();
    expect((await service.storage.createBucket('docs', { public: false })).error).toBeNull();
    expect(
      (
        await service.storage.createBucket('pics', {
          public: true,
          fileSizeLimit: '1KB',
          allowedMimeTypes: ['image/*'],
        })
      ).error,
    ).toBeNull();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('buckets', () => {
    it('lists, gets and updates buckets with the service key', async () => {
      const { data: list } = await service.storage.listBuckets();
      // Feature migrations add their own buckets too.
      expect(list?.map((b) => b.id)).toEqual(expect.arrayContaining(['docs', 'pics']));
      const { data: pics } = await service.storage.getBucket('pics');
      expect(pics).toMatchObject({
        id: 'pics',
        name: 'pics',
        public: true,
        file_size_limit: 1000,
        allowed_mime_types: ['image/*'],
      });
      expect(
        (
          await service.storage.updateBucket('pics', {
            public: true,
            fileSizeLimit: 1000,
            allowedMimeTypes: ['image/*'],
          })
        ).data,
      ).toEqual({
        message: 'Successfully updated',
      });
    });

    it('reports a duplicate bucket as 409 inside an HTTP 400', async () => {
      const { error } = await service.storage.createBucket('docs');
      expect(error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    });

    it('reports a missing bucket', async () => {
      const { error } = await service.storage.getBucket('nope');
      expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    });

    it('does not let anon or users create buckets without a policy', async () => {
      const { error } = await server.anonClient().storage.createBucket('mine');
      expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      const user = await createTestUser(server);
      expect((await user.client.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
      expect((await user.client.storage.listBuckets()).data).toEqual([]);
    });

    it('empties and deletes a bucket, refusing while it is not empty', async () => {
      await service.storage.createBucket('tmp');
      await service.storage.from('tmp').upload('a.txt', 'a');
      expect((await service.storage.deleteBucket('tmp')).error).toMatchObject({ statusCode: '409' });
      expect((await service.storage.emptyBucket('tmp')).data).toEqual({ message: 'Successfully emptied' });
      expect((await service.storage.deleteBucket('tmp')).data).toEqual({ message: 'Successfully deleted' });
      expect((await service.storage.getBucket('tmp')).error).toMatchObject({ statusCode: '404' });
    });
  });

  describe('upload and download', () => {
    it('uploads a string and downloads it with its metadata', async () => {
      const { data, error } = await service.storage.from('docs').upload('notes/hello.txt', 'hello world');
      expect(error).toBeNull();
      expect(data).toMatchObject({ path: 'notes/hello.txt', fullPath: 'docs/notes/hello.txt' });
      expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
      const dl = await service.storage.from('docs').download('notes/hello.txt');
      expect(await dl.data?.text()).toBe('hello world');
      const { data: info } = await service.storage.from('docs').info('notes/hello.txt');
      expect(info).toMatchObject({
        name: 'notes/hello.txt',
        size: 11,
        // supabase-js's default type for a string, kept with its charset as Storage keeps it.
        contentType: 'text/plain;charset=UTF-8',
        cacheControl: 'max-age=3600',
      });
      const { rows } = await server.ctx.db.query<{ metadata: Record<string, unknown> }>(
        `select metadata from storage.objects where bucket_id = 'docs' and name = 'notes/hello.txt'`,
      );
      expect(rows[0]?.metadata).toMatchObject({
        sha256: sha256('hello world'),
        size: 11,
        contentLength: 11,
        mimetype: 'text/plain;charset=UTF-8',
        eTag: `"${crypto.createHash('md5').update('hello world').digest('hex')}"`,
        httpStatusCode: 200,
      });
    });

    it('stores user metadata sent as x-metadata with a raw body', async () => {
      const { error } = await service.storage
        .from('docs')
        .upload('meta.txt', 'm', { metadata: { source: 'raw', n: 1 } });
      expect(error).toBeNull();
      expect((await service.storage.from('docs').info('meta.txt')).data?.metadata).toEqual({ source: 'raw', n: 1 });
      const bad = await fetch(`${server.url}/storage/v1/object/docs/meta2.txt`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.serviceRoleKey}`,
          'content-type': 'text/plain',
          'x-metadata': Buffer.from('[1,2]').toString('base64'),
        },
        body: 'm',
      });
      expect(await bad.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    });

    it('uploads a Blob and a File as multipart with their types and user metadata', async () => {
      const blob = new Blob([PNG], { type: 'image/png' });
      const up = await service.storage.from('pics').upload('a/blob.png', blob, { metadata: { alt: 'dot' } });
      expect(up.error).toBeNull();
      const file = new File(['{"a":1}'], 'data.json', { type: 'application/json' });
      expect((await service.storage.from('docs').upload('data.json', file, { cacheControl: '60' })).error).toBeNull();
      const { data: info } = await service.storage.from('docs').info('data.json');
      expect(info).toMatchObject({ contentType: 'application/json', cacheControl: 'max-age=60', size: 7 });
      const { data: pinfo } = await service.storage.from('pics').info('a/blob.png');
      expect(pinfo?.metadata).toEqual({ alt: 'dot' });
      const dl = await service.storage.from('pics').download('a/blob.png');
      expect(Buffer.from(await dl.data!.arrayBuffer()).equals(PNG)).toBe(true);
      expect(dl.data?.type).toBe('image/png');
    });

    it("accepts the caller's own FormData, with options appended after the file part", async () => {
      const form = new FormData();
      form.append('file', new Blob(['form body'], { type: 'text/csv' }), 'rows.csv');
      const { error } = await service.storage
        .from('docs')
        .upload('rows.csv', form, { cacheControl: '120', metadata: { from: 'form' } });
      expect(error).toBeNull();
      const { data: info } = await service.storage.from('docs').info('rows.csv');
      expect(info).toMatchObject({
        contentType: 'text/csv',
        cacheControl: 'max-age=120',
        metadata: { from: 'form' },
        size: 9,
      });
      const dup = await service.storage.from('docs').upload('rows.csv', form);
      expect(dup.error).toMatchObject({ statusCode: '409' });
    });

    it('refuses malformed multipart metadata', async () => {
      const form = new FormData();
      form.append('metadata', '[not json');
      form.append('', new Blob([Buffer.alloc(256 * 1024)]), 'x.bin');
      const res = await fetch(`${server.url}/storage/v1/object/docs/badmeta.bin`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}` },
        body: form,
      });
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
      expect((await service.storage.from('docs').exists('badmeta.bin')).data).toBe(false);
    });

    it('refuses to overwrite without upsert (HTTP 400, statusCode 409) and replaces with it', async () => {
      const { error } = await service.storage.from('docs').upload('notes/hello.txt', 'again');
      expect(error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
      expect(
        (await service.storage.from('docs').upload('notes/hello.txt', 'again', { upsert: true })).error,
      ).toBeNull();
      expect(await (await service.storage.from('docs').download('notes/hello.txt')).data?.text()).toBe('again');
      expect((await service.storage.from('docs').update('notes/hello.txt', 'third')).error).toBeNull();
      expect(await (await service.storage.from('docs').download('notes/hello.txt')).data?.text()).toBe('third');
    });

    it('honours Range, If-None-Match and ?download', async () => {
      await service.storage.from('docs').upload('range.txt', '0123456789');
      const url = `${server.url}/storage/v1/object/docs/range.txt`;
      const auth = { Authorization: `Bearer ${server.serviceRoleKey}`, apikey: server.serviceRoleKey };
      const part = await fetch(url, { headers: { ...auth, Range: 'bytes=2-4' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
      expect(await part.text()).toBe('234');
      const full = await fetch(`${server.url}/storage/v1/object/authenticated/docs/range.txt?download=r.txt`, {
        headers: auth,
      });
      expect(full.headers.get('content-disposition')).toContain('attachment; filename="r.txt"');
      const etag = full.headers.get('etag')!;
      expect(await full.text()).toBe('0123456789');
      const again = await fetch(url, { headers: { ...auth, 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      const bad = await fetch(url, { headers: { ...auth, Range: 'bytes=50-60' } });
      expect(bad.status).toBe(416);
    });

    it('answers exists() and reports a missing object in Storage shape', async () => {
      expect((await service.storage.from('docs').exists('range.txt')).data).toBe(true);
      expect((await service.storage.from('docs').exists('nope.txt')).data).toBe(false);
      const { error } = await service.storage.from('docs').download('nope.txt');
      expect(error).toMatchObject({ status: 400 });
      const res = await fetch(`${server.url}/storage/v1/object/docs/nope.txt`, {
        headers: { Authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: '404',
        error: 'not_found',
        message: 'Object not found',
        code: 'NoSuchKey',
      });
    });

    it('rejects bad and missing JWTs with AccessDenied', async () => {
      const res = await fetch(`${server.url}/storage/v1/object/docs/range.txt`, {
        headers: { Authorization: 'Bearer not.a.jwt' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
      const none = await fetch(`${server.url}/storage/v1/object/docs/range.txt`);
      expect(await none.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    });

    it('keeps names with spaces and unicode, and refuses invalid keys', async () => {
      expect((await service.storage.from('docs').upload('my folder/café report.txt', 'x')).error).toBeNull();
      expect(await (await service.storage.from('docs').download('my folder/café report.txt')).data?.text()).toBe('x');
      const res = await fetch(`${server.url}/storage/v1/object/docs/a/..%2F..%2Fetc`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    });
  });

  describe('limits', () => {
    it('enforces the bucket size limit (413 semantic) without keeping bytes', async () => {
      const before = server.storedObjects().length;
      const big = new Blob([PNG, Buffer.alloc(2000)], { type: 'image/png' });
      const { error } = await service.storage.from('pics').upload('big.png', big);
      expect(error).toMatchObject({
        status: 400,
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
      // Raw body, too.
      const raw = await service.storage
        .from('pics')
        .upload('big2.png', Buffer.concat([PNG, Buffer.alloc(2000)]), { contentType: 'image/png' });
      expect(raw.error).toMatchObject({ statusCode: '413' });
      expect(server.storedObjects().length).toBe(before);
    });

    it('keeps the connection usable after refusing a large multipart body', async () => {
      const huge = new Blob([PNG, Buffer.alloc(5 * 1024 * 1024)], { type: 'image/png' });
      expect((await service.storage.from('pics').upload('huge.png', huge)).error).toMatchObject({ statusCode: '413' });
      for (const n of [1, 2, 3]) {
        expect(
          (await service.storage.from('docs').upload(`after-refusal-${n}.bin`, Buffer.alloc(1024 * 1024))).error,
        ).toBeNull();
      }
    });

    it('enforces the global size limit on streamed bodies', async () => {
      // The global cap (STORAGE_FILE_SIZE_LIMIT) is read per upload; lower it for this test.
      const saved = server.ctx.config.storageFileSizeLimit;
      server.ctx.config.storageFileSizeLimit = 1024;
      try {
        await service.storage.createBucket('any', { public: false });
        const before = server.storedObjects().length;
        // A stream has no Content-Length: the limit is enforced while the bytes arrive.
        const stream = new ReadableStream({
          start(c) {
            for (let i = 0; i < 4; i++) c.enqueue(new Uint8Array(512));
            c.close();
          },
        });
        const { error } = await service.storage
          .from('any')
          .upload('s.bin', stream, { contentType: 'application/octet-stream' });
        expect(error).toMatchObject({ statusCode: '413' });
        expect(server.storedObjects().length).toBe(before);
        expect((await service.storage.from('any').upload('ok.bin', Buffer.alloc(1024))).error).toBeNull();
        expect((await service.storage.from('any').upload('big.bin', Buffer.alloc(1025))).error).toMatchObject({
          statusCode: '413',
        });
      } finally {
        server.ctx.config.storageFileSizeLimit = saved;
      }
    });

    it('enforces allowed MIME types and the declared type against the bytes', async () => {
      const { error } = await service.storage.from('pics').upload('a.txt', 'text', { contentType: 'text/plain' });
      expect(error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain is not supported' });
      const fake = await service.storage
        .from('pics')
        .upload('fake.png', new Blob(['definitely not a png'], { type: 'image/png' }));
      expect(fake.error).toMatchObject({ statusCode: '415' });
      const mov = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(8)]);
      await service.storage.createBucket('videos', {
        public: false,
        allowedMimeTypes: ['video/quicktime', 'video/mp4', 'video/webm'],
      });
      expect(
        (await service.storage.from('videos').upload('a.mov', new Blob([mov], { type: 'video/quicktime' }))).error,
      ).toBeNull();
      expect(
        (await service.storage.from('videos').upload('b.mp4', new Blob([PNG], { type: 'video/mp4' }))).error,
      ).toMatchObject({ statusCode: '415' });
      const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(20)]);
      expect(
        (await service.storage.from('videos').upload('c.webm', new Blob([webm], { type: 'video/webm' }))).error,
      ).toBeNull();
    });
  });

  describe('URLs', () => {
    it('serves public URLs only for public buckets', async () => {
      const pub = service.storage.from('pics').getPublicUrl('a/blob.png').data.publicUrl;
      const res = await fetch(pub);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      const priv = await fetch(service.storage.from('docs').getPublicUrl('range.txt').data.publicUrl);
      expect(priv.status).toBe(400);
      expect(await priv.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    });

    it('serves every file sandboxed, and anything but passive media as an attachment', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      await service.storage.from('docs').upload('x.svg', svg, { contentType: 'image/svg+xml' });
      await service.storage
        .from('docs')
        .upload('x.html', '<script>alert(1)</script>', { contentType: 'text/html; charset=utf-8' });
      const get = (name: string) =>
        fetch(`${server.url}/storage/v1/object/docs/${name}`, {
          headers: { Authorization: `Bearer ${server.serviceRoleKey}` },
        });
      for (const name of ['x.svg', 'x.html', 'range.txt']) {
        const res = await get(name);
        expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox; /);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-disposition')).toBe('attachment');
        expect(res.headers.get('x-frame-options')).toBeNull();
      }
      expect((await get('x.html')).headers.get('content-type')).toBe('text/html;charset=utf-8');
      const png = await fetch(service.storage.from('pics').getPublicUrl('a/blob.png').data.publicUrl);
      expect(png.headers.get('content-disposition')).toBeNull();
      expect(png.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox; /);
      // JSON answers and errors carry the same policy.
      const missing = await get('nope.txt');
      expect(missing.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox; /);
    });

    it('answers unknown storage routes in Storage shape', async () => {
      const res = await fetch(`${server.url}/storage/v1/nothing/here`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '404', code: 'NotFound' });
    });

    it('creates signed URLs that work without a key, and refuses tampered or expired tokens', async () => {
      const { data, error } = await service.storage.from('docs').createSignedUrl('my folder/café report.txt', 60);
      expect(error).toBeNull();
      const ok = await fetch(data!.signedUrl);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('x');

      const url = new URL(data!.signedUrl);
      const token = url.searchParams.get('token')!;
      const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      url.searchParams.set('token', tampered);
      const bad = await fetch(url);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

      // A valid token for another path does not open this one.
      const other = await service.storage.from('docs').createSignedUrl('range.txt', 60);
      const otherToken = new URL(other.data!.signedUrl).searchParams.get('token')!;
      const wrong = await fetch(`${server.url}/storage/v1/object/sign/docs/data.json?token=${otherToken}`);
      expect(await wrong.json()).toMatchObject({ code: 'InvalidSignature' });

      const expired = await server.ctx.keys.sign(
        { url: 'docs/range.txt', scope: 'download', iat: Math.floor(Date.now() / 1000) - 3600 },
        60,
      );
      const old = await fetch(`${server.url}/storage/v1/object/sign/docs/range.txt?token=${expired}`);
      expect(await old.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

      // A user's access token is not a signed-URL token.
      const user = await createTestUser(server);
      const asToken = await fetch(`${server.url}/storage/v1/object/sign/docs/range.txt?token=${user.token}`);
      expect(await asToken.json()).toMatchObject({ code: 'InvalidSignature' });
    });

    it('signs several paths at once and marks missing ones', async () => {
      const { data } = await service.storage.from('docs').createSignedUrls(['range.txt', 'missing.txt'], 60);
      expect(data?.[0]).toMatchObject({ path: 'range.txt', error: null });
      expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('0123456789');
      expect(data?.[1]).toMatchObject({
        path: 'missing.txt',
        signedUrl: null,
        error: 'Either the object does not exist or you do not have access to it',
      });
      expect((await service.storage.from('docs').createSignedUrl('missing.txt', 60)).error).toMatchObject({
        statusCode: '404',
      });
    });

    it('creates a signed upload URL and uploads through it', async () => {
      const { data, error } = await service.storage.from('docs').createSignedUploadUrl('signed/up.txt');
      expect(error).toBeNull();
      const up = await server
        .anonClient()
        .storage.from('docs')
        .uploadToSignedUrl('signed/up.txt', data!.token, 'via token');
      expect(up.error).toBeNull();
      expect(up.data).toMatchObject({ path: 'signed/up.txt', fullPath: 'docs/signed/up.txt' });
      expect(await (await service.storage.from('docs').download('signed/up.txt')).data?.text()).toBe('via token');
      // Without upsert in the token the same URL cannot overwrite.
      const again = await server
        .anonClient()
        .storage.from('docs')
        .uploadToSignedUrl('signed/up.txt', data!.token, 'again');
      expect(again.error).toMatchObject({ statusCode: '409' });
      // The token is bound to its path.
      const elsewhere = await server
        .anonClient()
        .storage.from('docs')
        .uploadToSignedUrl('signed/other.txt', data!.token, 'x');
      expect(elsewhere.error).toMatchObject({ statusCode: '400' });
      // A download token cannot upload.
      const dl = await service.storage.from('docs').createSignedUrl('signed/up.txt', 60);
      const dlToken = new URL(dl.data!.signedUrl).searchParams.get('token')!;
      const misuse = await server.anonClient().storage.from('docs').uploadToSignedUrl('signed/up.txt', dlToken, 'x');
      expect(misuse.error).toMatchObject({ statusCode: '400' });
    });
  });

  describe('list, move, copy, remove', () => {
    beforeAll(async () => {
      await service.storage.createBucket('tree');
      for (const name of ['top.txt', 'f1/a.txt', 'f1/b.txt', 'f1/sub/c.txt', 'f2/d.txt']) {
        await service.storage.from('tree').upload(name, name);
      }
    });

    it('lists one folder level with folders as null-id entries', async () => {
      const { data } = await service.storage.from('tree').list();
      expect(data?.map((e) => [e.name, e.id === null])).toEqual([
        ['f1', true],
        ['f2', true],
        ['top.txt', false],
      ]);
      const { data: f1 } = await service.storage.from('tree').list('f1');
      expect(f1?.map((e) => e.name)).toEqual(['a.txt', 'b.txt', 'sub']);
      expect(f1?.[0]?.metadata).toMatchObject({ size: 'f1/a.txt'.length, mimetype: 'text/plain;charset=UTF-8' });
      const { data: desc } = await service.storage
        .from('tree')
        .list('f1', { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
      expect(desc?.map((e) => e.name)).toEqual(['sub', 'b.txt']);
      const { data: paged } = await service.storage.from('tree').list('f1', { limit: 1, offset: 1 });
      expect(paged?.map((e) => e.name)).toEqual(['b.txt']);
      const { data: found } = await service.storage.from('tree').list('f1', { search: 'B.' });
      expect(found?.map((e) => e.name)).toEqual(['b.txt']);
    });

    it('moves and copies objects', async () => {
      expect((await service.storage.from('tree').move('f2/d.txt', 'f3/d.txt')).data).toEqual({
        message: 'Successfully moved',
      });
      expect(await (await service.storage.from('tree').download('f3/d.txt')).data?.text()).toBe('f2/d.txt');
      expect((await service.storage.from('tree').download('f2/d.txt')).error).not.toBeNull();
      expect((await service.storage.from('tree').copy('f3/d.txt', 'f4/d.txt')).data).toEqual({ path: 'tree/f4/d.txt' });
      expect(await (await service.storage.from('tree').download('f4/d.txt')).data?.text()).toBe('f2/d.txt');
      expect((await service.storage.from('tree').move('f3/d.txt', 'f4/d.txt')).error).toMatchObject({
        statusCode: '409',
      });
      expect((await service.storage.from('tree').move('nope.txt', 'x.txt')).error).toMatchObject({ statusCode: '404' });
      expect(
        (await service.storage.from('tree').copy('top.txt', 'top.txt', { destinationBucket: 'docs' })).error,
      ).toBeNull();
    });

    it('removes objects with their bytes and returns the deleted rows', async () => {
      const before = server.storedObjects().length;
      const { data } = await service.storage.from('tree').remove(['f1/a.txt', 'f1/b.txt', 'nope.txt']);
      expect(data?.map((r) => r.name).sort()).toEqual(['f1/a.txt', 'f1/b.txt']);
      expect(server.storedObjects().length).toBe(before - 2);
      expect((await service.storage.from('tree').exists('f1/a.txt')).data).toBe(false);
    });
  });
});
