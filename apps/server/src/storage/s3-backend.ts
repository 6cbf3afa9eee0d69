// Object bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) through the AWS SDK, so several
// servers share one store. Uploads stream as multipart parts (never the whole file in memory) and
// S3 publishes an object only when its upload completes, so a crash mid-upload leaves no half
// object behind — at most an unfinished multipart upload, which the bucket's lifecycle rule
// (AbortIncompleteMultipartUpload) removes; docs/operations.md says how to set it.
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { quietAwsSdkNodeNotice, type S3Settings } from '../config/index.js';
import type { ByteRange, StorageBackend } from './backend.js';

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

export function createS3Backend(settings: S3Settings): StorageBackend & { client: S3Client } {
  quietAwsSdkNodeNotice();
  const client = new S3Client({
    region: settings.region,
    credentials: settings.credentials,
    endpoint: settings.endpoint,
    // Self-hosted S3 servers rarely have a DNS name per bucket.
    forcePathStyle: settings.endpoint !== undefined,
  });
  const Bucket = settings.bucket;

  return {
    client,
    async put(key, body) {
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body } });
      // A failing body must also fail the upload: lib-storage aborts its multipart upload then.
      const failed = new Promise<never>((_, reject) => body.once('error', reject));
      failed.catch(() => undefined);
      try {
        await Promise.race([upload.done(), failed]);
      } catch (err) {
        await upload.abort().catch(() => undefined);
        throw err;
      }
    },
    async get(key, range?: ByteRange) {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return out.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    // Keys are the service's own (letters, digits, '-', '_', '/'), so they need no URL-encoding here.
    async copy(fromKey, toKey) {
      await client.send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${fromKey}` }));
    },
  };
}
