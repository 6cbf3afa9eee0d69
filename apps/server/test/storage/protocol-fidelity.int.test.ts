// Storage API fidelity through the unmodified supabase-js client (issue 16): signed uploads whose
// content type supabase-js sends as the string "undefined", the bucket and list shapes (no `type`,
// owner, JavaScript-style timestamps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(drivers)('storage protocol fidelity on %s', (driver) => {
  let server: TestServer;
  let service: SupabaseClient;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    service = server.serviceClient();
    expect((await service.storage.createBucket('fidelity', { public: false })).error).toBeNull();
    expect((await service.storage.createBucket('only-images', { public: false, allowedMimeTypes: ['image/*'] })).error).toBeNull();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('uploadToSignedUrl', () => {
    it('accepts the "undefined" content type supabase-js sends for { contentType: undefined }', async () => {
      const { data } = await service.storage.from('fidelity').createSignedUploadUrl('signed/no-type.bin');
      const up = await server.anonClient().storage.from('fidelity').uploadToSignedUrl('signed/no-type.bin', data!.token, 'raw bytes', {
        contentType: undefined,
      });
      expect(up.error).toBeNull();
      const info = await service.storage.from('fidelity').info('signed/no-type.bin');
      expect(info.error).toBeNull();
      expect(info.data?.contentType).toBe('application/octet-stream');
      expect(await (await service.storage.from('fidelity').download('signed/no-type.bin')).data?.text()).toBe('raw bytes');
    });

    it('accepts an empty content type the same way, on plain uploads too', async () => {
      const { data } = await service.storage.from('fidelity').createSignedUploadUrl('signed/empty-type.bin');
      const up = await server.anonClient().storage.from('fidelity').uploadToSignedUrl('signed/empty-type.bin', data!.token, 'x', { contentType: '' });
      expect(up.error).toBeNull();
      const plain = await service.storage.from('fidelity').upload('plain/no-type.bin', 'y', { contentType: undefined });
      expect(plain.error).toBeNull();
    });

    it('still checks the bucket\'s allowed types when the content type was unusable', async () => {
      const { data } = await service.storage.from('only-images').createSignedUploadUrl('x.bin');
      const up = await server.anonClient().storage.from('only-images').uploadToSignedUrl('x.bin', data!.token, 'not an image', { contentType: undefined });
      expect(up.error).toMatchObject({ statusCode: '415' });
      expect((await service.storage.from('only-images').list()).data).toEqual([]);
    });
  });

  describe('bucket and list shapes', () => {
    it('getBucket and listBuckets answer the Storage API shape', async () => {
      const { data } = await service.storage.getBucket('fidelity');
      expect(Object.keys(data!).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
      expect(data).toMatchObject({ id: 'fidelity', name: 'fidelity', owner: '', public: false, file_size_limit: null, allowed_mime_types: null });
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
      for (const key of ['created_at', 'updated_at', 'last_accessed_at'] as const) expect(data![0]![key]).toMatch(ISO_Z);
      const info = await service.storage.from('fidelity').info('dated/one.txt');
      expect(info.data?.createdAt).toMatch(ISO_Z);
    });
  });
});
