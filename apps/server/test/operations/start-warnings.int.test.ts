// The README's start prints no warning: a real server process started on the local disk and on the
// S3 backend (the AWS SDK announces on Node.js 20 that its 2027 releases will want Node.js 22) and
// stopped again writes nothing to stderr — no Node.js warning, no deprecation, no log line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server.js';
import { clientOptions } from '../helpers/test-server.js';
import { loadKeys } from '../../src/shared/keys.js';
import { freePort, spawnServer, stopServer, waitUntilHealthy } from '../helpers/server-process.js';

describe('a server start', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it.each([
    ['the local disk', () => ({})],
    ['an S3 bucket', () => s3.serverEnv()],
  ])('on %s prints no warning', { timeout: 180_000 }, async (_name, backendEnv) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-warnings-'));
    const proc = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...backendEnv() });
    try {
      await waitUntilHealthy(proc);
      // Store and read back a file, so the backend (and on S3 the AWS SDK) has surely run.
      const keys = await loadKeys({ dataDir, issuer: `${proc.url}/auth/v1` });
      const storage = createClient(proc.url, keys.serviceRoleKey, clientOptions()).storage;
      expect((await storage.createBucket('warnings', { public: false })).error).toBeNull();
      const bytes = Buffer.from('no warnings, please');
      expect((await storage.from('warnings').upload('a.txt', bytes, { contentType: 'text/plain' })).error).toBeNull();
      const back = await storage.from('warnings').download('a.txt');
      expect(Buffer.from(await back.data!.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await stopServer(proc);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(proc.stderr()).not.toMatch(/Warning/);
    expect(proc.stderr()).toBe('');
  });
});
