// Storage API fidelity through the unmodified supabase-js client (issue 16): signed uploads whose
// content type supabase-js sends as the string "undefined", the bucket and list shapes (no `type`,
// owner, JavaScript-style timestamps), and list-v2 (flat, with delimiter, cursor pages, RLS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';

const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(storageMatrix)('storage protocol fidelity on $driver with $storage storage', ({ driver, storage }) => {
  let server: TestServer;
  let service: SupabaseClient;
  beforeAll(async () => {
    server = await startTestServer({ driver, storage });
    service = server.serviceClient();
    expect((await service.storage.createBucket('fidelity', { public: false })).error).toBeNull();
    expect(
      (await service.storage.createBucket('only-images', { public: false, allowedMimeTypes: ['image/*'] })).error,
    ).toBeNull();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('uploadToSignedUrl', () => {
    it('accepts the "undefined" content type supabase-js sends for { contentType: undefined }', async () => {
      const { data } = await service.storage.from('fidelity').createSignedUploadUrl('signed/no-type.bin');
      const up = await server
        .anonClient()
        .storage.from('fidelity')
        .uploadToSignedUrl('signed/no-type.bin', data!.token, 'raw bytes', {
          contentType: undefined,
        });
      expect(up.error).toBeNull();
      const info = await service.storage.from('fidelity').info('signed/no-type.bin');
      expect(info.error).toBeNull();
      expect(info.data?.contentType).toBe('application/octet-stream');
      expect(await (await service.storage.from('fidelity').download('signed/no-type.bin')).data?.text()).toBe(
        'raw bytes',
      );
    });

    it('accepts an empty content type the same way, on plain uploads too', async () => {
      const { data } = await service.storage.from('fidelity').createSignedUploadUrl('signed/empty-type.bin');
      const up = await server
        .anonClient()
        .storage.from('fidelity')
        .uploadToSignedUrl('signed/empty-type.bin', data!.token, 'x', { contentType: '' });
      expect(up.error).toBeNull();
      const plain = await service.storage.from('fidelity').upload('plain/no-type.bin', 'y', { contentType: undefined });
      expect(plain.error).toBeNull();
    });

    it("still checks the bucket's allowed types when the content type was unusable", async () => {
      const { data } = await service.storage.from('only-images').createSignedUploadUrl('x.bin');
      const up = await server
        .anonClient()
        .storage.from('only-images')
        .uploadToSignedUrl('x.bin', data!.token, 'not an image', { contentType: undefined });
      expect(up.error).toMatchObject({ statusCode: '415' });
      expect((await service.storage.from('only-images').list()).data).toEqual([]);
    });
  });

  describe('bucket and list shapes', () => {
    it('getBucket and listBuckets answer the Storage API shape', async () => {
      const { data } = await service.storage.getBucket('fidelity');
      expect(Object.keys(data!).sort()).toEqual([
        'allowed_mime_types',
        'created_at',
        'file_size_limit',
        'id',
        'name',
        'owner',
        'public',
        'updated_at',
      ]);
      expect(data).toMatchObject({
        id: 'fidelity',
        name: 'fidelity',
        owner: '',
        public: false,
        file_size_limit: null,
        allowed_mime_types: null,
      });
      expect(data!.created_at).toMatch(ISO_Z);
      expect(data!.updated_at).toMatch(ISO_Z);
      expect(Math.abs(Date.parse(data!.created_at) - Date.now())).toBeLessThan(10 * 60_000);
      const list = (await service.storage.listBuckets()).data!.find((b) => b.id === 'fidelity')!;
      expect(list).toEqual(data);
    });

    it('list() and info() give JavaScript-style timestamps', async () => {
      await service.storage.from('fidelity').upload('dated/one.txt', 'one');
      const { data, error } = await service.storage.from('fidelity').list('dated');
      expect(error).toBeNull();
      expect(data?.[0]).toMatchObject({ name: 'one.txt' });
      for (const key of ['created_at', 'updated_at', 'last_accessed_at'] as const)
        expect(data![0]![key]).toMatch(ISO_Z);
      const info = await service.storage.from('fidelity').info('dated/one.txt');
      expect(info.data?.createdAt).toMatch(ISO_Z);
    });
  });

  describe('listV2', () => {
    beforeAll(async () => {
      expect((await service.storage.createBucket('tree2', { public: false })).error).toBeNull();
      for (const name of ['top.txt', 'f1/a.txt', 'f1/b.txt', 'f1/sub/c.txt', 'f2/d.txt', 'folio.txt']) {
        expect((await service.storage.from('tree2').upload(name, name)).error).toBeNull();
      }
    });

    it('lists flat under a string prefix', async () => {
      const { data, error } = await service.storage.from('tree2').listV2({ prefix: 'f' });
      expect(error).toBeNull();
      expect(data!.hasNext).toBe(false);
      expect(data!.folders).toEqual([]);
      expect(data!.objects.map((o) => o.name)).toEqual([
        'f1/a.txt',
        'f1/b.txt',
        'f1/sub/c.txt',
        'f2/d.txt',
        'folio.txt',
      ]);
      expect(data!.objects[0]).toMatchObject({ key: 'f1/a.txt', metadata: expect.objectContaining({ size: 8 }) });
      expect(data!.objects[0]!.updated_at).toMatch(ISO_Z);
      expect(data).not.toHaveProperty('nextCursor');
    });

    it('groups into folders with with_delimiter', async () => {
      const root = await service.storage.from('tree2').listV2({ with_delimiter: true });
      expect(root.data!.folders).toEqual([
        { name: 'f1/', key: 'f1' },
        { name: 'f2/', key: 'f2' },
      ]);
      expect(root.data!.objects.map((o) => [o.name, o.key])).toEqual([
        ['folio.txt', 'folio.txt'],
        ['top.txt', 'top.txt'],
      ]);
      const f1 = await service.storage.from('tree2').listV2({ prefix: 'f1/', with_delimiter: true });
      expect(f1.data!.folders).toEqual([{ name: 'f1/sub/', key: 'sub' }]);
      expect(f1.data!.objects.map((o) => [o.name, o.key])).toEqual([
        ['f1/a.txt', 'a.txt'],
        ['f1/b.txt', 'b.txt'],
      ]);
    });

    it('pages with the cursor, by name and by time, in both orders', async () => {
      for (const sortBy of [
        { column: 'name', order: 'asc' },
        { column: 'name', order: 'desc' },
        { column: 'created_at', order: 'asc' },
        { column: 'updated_at', order: 'desc' },
      ] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page++) {
          const { data, error } = await service.storage.from('tree2').listV2({ limit: 2, cursor, sortBy });
          expect(error).toBeNull();
          seen.push(...data!.objects.map((o) => o.name));
          if (!data!.hasNext) break;
          expect(data!.objects).toHaveLength(2);
          cursor = data!.nextCursor;
        }
        expect([...seen].sort()).toEqual(['f1/a.txt', 'f1/b.txt', 'f1/sub/c.txt', 'f2/d.txt', 'folio.txt', 'top.txt']);
        if (sortBy.column === 'name')
          expect(seen).toEqual(sortBy.order === 'asc' ? [...seen].sort() : [...seen].sort().reverse());
      }
    });

    it('refuses a forged cursor and bad options with 400, and shows only what RLS lets the caller see', async () => {
      const forged = await service.storage.from('tree2').listV2({ cursor: 'not-a-cursor' });
      expect(forged.error).toMatchObject({ statusCode: '400', message: 'Invalid cursor' });
      const wrongKind = Buffer.from(JSON.stringify({ v: 'top.txt', n: 'top.txt' })).toString('base64url');
      const mixed = await service.storage
        .from('tree2')
        .listV2({ cursor: wrongKind, sortBy: { column: 'created_at', order: 'asc' } });
      expect(mixed.error).toMatchObject({ statusCode: '400', message: 'Invalid cursor' });
      const bad = await service.storage.from('tree2').listV2({ limit: 0 });
      expect(bad.error).toMatchObject({ statusCode: '400' });
      const missing = await service.storage.from('no-such-bucket').listV2();
      expect(missing.error).toMatchObject({ statusCode: '404' });
      const user = await createTestUser(server);
      const { data, error } = await user.client.storage.from('tree2').listV2({ with_delimiter: true });
      expect(error).toBeNull();
      expect(data).toEqual({ hasNext: false, folders: [], objects: [] });
    });
  });
});
