// The S3 backend against a local S3-compatible server: whole and ranged reads, stat, copy, delete,
// missing keys, and a body that fails mid-stream publishes no object.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Backend } from '../../src/storage/s3-backend.js';
import type { StorageBackend } from '../../src/storage/backend.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server.js';

async function text(stream: Readable | null): Promise<string> {
  if (!stream) return '<null>';
  let out = '';
  for await (const c of stream) out += Buffer.from(c as Uint8Array).toString();
  return out;
}

describe('S3 backend', () => {
  let s3: LocalS3;
  let b: StorageBackend;
  beforeAll(async () => {
    s3 = await startLocalS3();
    b = createS3Backend({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts, reads whole and ranged, stats, copies and deletes', async () => {
    await b.put('objects/ab/one', Readable.from([Buffer.from('0123'), Buffer.from('456789')]));
    expect(await text(await b.get('objects/ab/one'))).toBe('0123456789');
    expect(await text(await b.get('objects/ab/one', { start: 2, end: 4 }))).toBe('234');
    expect(await b.stat('objects/ab/one')).toEqual({ size: 10 });
    await b.copy('objects/ab/one', 'objects/cd/two');
    expect(await text(await b.get('objects/cd/two'))).toBe('0123456789');
    await b.delete('objects/ab/one');
    await b.delete('objects/ab/one');
    expect(await b.get('objects/ab/one')).toBeNull();
    expect(await b.stat('objects/ab/one')).toBeNull();
    expect(s3.objectKeys()).toEqual(['objects/cd/two']);
  });

  it('streams a body larger than one multipart part', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = Readable.from(Array.from({ length: 12 }, () => chunk));
    await b.put('objects/ef/big', body);
    expect(await b.stat('objects/ef/big')).toEqual({ size: 12 * 1024 * 1024 });
    expect(await text(await b.get('objects/ef/big', { start: 12 * 1024 * 1024 - 3, end: 12 * 1024 * 1024 - 1 }))).toBe(
      '\x07\x07\x07',
    );
  });

  it('publishes nothing when the body fails mid-stream', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(b.put('objects/gh/x', failing)).rejects.toThrow('client went away');
    expect(await b.get('objects/gh/x')).toBeNull();
    expect(s3.objectKeys()).not.toContain('objects/gh/x');
  });
});
