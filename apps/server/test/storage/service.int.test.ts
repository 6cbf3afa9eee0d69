// storage/service.ts: the service-role API server functions use (same engine as /storage/v1).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';
import { createSignedUrl, getObject, putObject, removeObjects, StorageError } from '../../src/storage/service.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe.each(storageMatrix)('storage service on $driver with $storage storage', ({ driver, storage }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, storage });
    await server.ctx.db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ('screens', 'screens', false, 1000, '{image/*}')`,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores bytes with sha256 metadata, reads them back, signs a URL and removes them', async () => {
    const owner = crypto.randomUUID();
    const put = await putObject(server.ctx, {
      bucket: 'screens',
      name: `${owner}/a.png`,
      body: PNG,
      contentType: 'image/png',
      ownerId: owner,
    });
    expect(put.fullPath).toBe(`screens/${owner}/a.png`);
    const { rows } = await server.ctx.db.query<{ owner_id: string }>(
      'select owner_id from storage.objects where id = $1',
      [put.id],
    );
    expect(rows[0]?.owner_id).toBe(owner);

    const got = await getObject(server.ctx, 'screens', `${owner}/a.png`);
    expect(got?.body.equals(PNG)).toBe(true);
    expect(got?.contentType).toBe('image/png');
    expect(got?.metadata.sha256).toBe(crypto.createHash('sha256').update(PNG).digest('hex'));
    expect(got?.metadata.size).toBe(PNG.length);

    const url = await createSignedUrl(server.ctx, 'screens', `${owner}/a.png`, 60);
    expect(url.startsWith(`/storage/v1/object/sign/screens/${owner}/a.png?token=`)).toBe(true);

    expect(await removeObjects(server.ctx, 'screens', [`${owner}/a.png`, 'missing.png'])).toEqual([`${owner}/a.png`]);
    expect(await getObject(server.ctx, 'screens', `${owner}/a.png`)).toBeNull();
  });

  it('enforces the bucket limits and the declared type', async () => {
    const tooBig = Buffer.concat([PNG, Buffer.alloc(2000)]);
    await expect(
      putObject(server.ctx, { bucket: 'screens', name: 'big.png', body: tooBig, contentType: 'image/png' }),
    ).rejects.toMatchObject({ code: 'EntityTooLarge' });
    await expect(
      putObject(server.ctx, { bucket: 'screens', name: 'a.txt', body: Buffer.from('hi'), contentType: 'text/plain' }),
    ).rejects.toMatchObject({ code: 'InvalidMimeType' });
    await expect(
      putObject(server.ctx, {
        bucket: 'screens',
        name: 'fake.png',
        body: Buffer.from('not a png at all'),
        contentType: 'image/png',
      }),
    ).rejects.toBeInstanceOf(StorageError);
    await expect(
      putObject(server.ctx, { bucket: 'nope', name: 'x.png', body: PNG, contentType: 'image/png' }),
    ).rejects.toMatchObject({ code: 'NoSuchBucket' });
    const { rows } = await server.ctx.db.query(`select name from storage.objects where bucket_id = 'screens'`);
    expect(rows).toEqual([]);
  });

  it('refuses to overwrite without upsert and replaces with it', async () => {
    await putObject(server.ctx, { bucket: 'screens', name: 'same.png', body: PNG, contentType: 'image/png' });
    await expect(
      putObject(server.ctx, { bucket: 'screens', name: 'same.png', body: PNG, contentType: 'image/png' }),
    ).rejects.toMatchObject({ code: 'KeyAlreadyExists' });
    const other = Buffer.concat([PNG, Buffer.from([1, 2, 3])]);
    await putObject(server.ctx, {
      bucket: 'screens',
      name: 'same.png',
      body: other,
      contentType: 'image/png',
      upsert: true,
    });
    expect((await getObject(server.ctx, 'screens', 'same.png'))?.body.equals(other)).toBe(true);
  });
});
