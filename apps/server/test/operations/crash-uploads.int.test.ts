// A server killed (SIGKILL) in the middle of uploads to the S3 backend loses no upload it
// acknowledged and leaves no object row without its bytes: after a restart every acknowledged file
// reads back byte for byte and every row in the bucket can be downloaded.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { clientOptions } from '../helpers/test-server.js';
import { startLocalS3 } from '../helpers/s3-server.js';
import { freePort, spawnServer, stopServer, waitUntilHealthy } from '../helpers/server-process.js';
import { loadKeys } from '../../src/shared/keys.js';

describe('kill -9 during uploads on the S3 backend', () => {
  it('keeps every acknowledged file and leaves no orphan rows', { timeout: 300_000 }, async () => {
    const s3 = await startLocalS3();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-crash-'));
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, ...s3.serverEnv() };
    let proc = spawnServer(env);
    try {
      await waitUntilHealthy(proc);
      const keys = await loadKeys({ dataDir, issuer: `${proc.url}/auth/v1` });
      const service = () => createClient(proc.url, keys.serviceRoleKey, clientOptions());
      expect((await service().storage.createBucket('crash', { public: false })).error).toBeNull();

      // Many uploads in flight; the process dies while some are still streaming.
      const files = Array.from({ length: 24 }, (_, i) => ({ name: `f${i}.bin`, bytes: crypto.randomBytes(400_000) }));
      const acknowledged = new Set<string>();
      const uploads = files.map(async (f) => {
        const { error } = await service().storage.from('crash').upload(f.name, f.bytes, {
          contentType: 'application/octet-stream',
        });
        if (!error) acknowledged.add(f.name);
      });
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (acknowledged.size >= 3) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      proc.child.kill('SIGKILL');
      await Promise.allSettled(uploads);
      await proc.exited;
      expect(acknowledged.size).toBeGreaterThanOrEqual(3);

      proc = spawnServer(env);
      await waitUntilHealthy(proc);
      const bucket = service().storage.from('crash');
      for (const f of files.filter((x) => acknowledged.has(x.name))) {
        const { data, error } = await bucket.download(f.name);
        expect(error, f.name).toBeNull();
        expect(Buffer.from(await data!.arrayBuffer()).equals(f.bytes), f.name).toBe(true);
      }
      const { data: rows, error } = await bucket.list('', { limit: 100 });
      expect(error).toBeNull();
      for (const row of rows!) {
        const { data, error: readError } = await bucket.download(row.name);
        expect(readError, row.name).toBeNull();
        const original = files.find((f) => f.name === row.name)!;
        expect(Buffer.from(await data!.arrayBuffer()).equals(original.bytes), row.name).toBe(true);
      }
    } finally {
      await stopServer(proc);
      await s3.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
