// An S3-compatible server (s3rver) in this process, for running the storage suites on the S3 backend
// exactly as a deployment would: the server talks to it through the AWS SDK over real HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The files s3rver holds for the bucket (object bytes, not its metadata side files). */
  objectKeys(): string[];
  /** Environment that points a server at this bucket. */
  serverEnv(): Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'tagledger-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const bucketDir = path.join(directory, bucket);
  return {
    endpoint,
    bucket,
    objectKeys() {
      if (!fs.existsSync(bucketDir)) return [];
      return fs
        .readdirSync(bucketDir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && d.name.endsWith('._S3rver_object'))
        .map((d) => path.relative(bucketDir, path.join(d.parentPath, d.name)).replace(/\._S3rver_object$/, ''));
    },
    serverEnv: () => ({
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
