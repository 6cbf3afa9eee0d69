// Backups and moving up: backup → wipe → restore gives back the same users, assets, files and
// ledger (its hash chain still verifies), on both drivers and both file stores; the running
// server serves the same archive over HTTP (service-role key only); db:move copies an embedded
// database into PostgreSQL and the next start uses it with the same data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';
import { withRequestContext } from '@tagledger/db';
import { createTestDatabase } from '@tagledger/db/testing';
import { restoreBackup, writeBackup } from '../../src/operations/backup.js';
import { storageEngine } from '../../src/storage/engine.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

async function registerAsset(server: TestServer, owner: string, title: string): Promise<string> {
  return withRequestContext(server.ctx.db, { role: 'service_role', claims: {} }, async (tx) => {
    const { rows } = await tx.query<{ r: { asset_id: string } }>(
      `select private.register_asset($1, $2, $3, '[]') as r`,
      [owner, crypto.randomUUID(), JSON.stringify({ title, serial_number: `SER-${title}-${crypto.randomUUID()}` })],
    );
    return rows[0]!.r.asset_id;
  });
}

/** What must survive a round trip, read through the server's own database connection. */
async function snapshot(server: TestServer) {
  const q = async (sql: string) => (await server.ctx.db.query(sql)).rows;
  return {
    users: await q('select id, email, encrypted_password, email_confirmed_at from auth.users order by id'),
    profiles: await q('select id, role from public.user_profiles order by id'),
    assets: await q('select * from public.assets order by id'),
    ledger: await q('select * from public.asset_ledger order by seq'),
    wallets: await q('select * from public.user_wallets order by user_id'),
    transactions: await q('select * from public.token_transactions order by id'),
    objects: await q('select bucket_id, name, version, metadata from storage.objects order by bucket_id, name'),
    verified: (await q('select public.verify_asset_ledger() as v'))[0],
  };
}

async function seed(server: TestServer): Promise<{ files: Map<string, Buffer> }> {
  const alice = await createTestUser(server);
  const bob = await createTestUser(server);
  await server.ctx.db.query(`select private.ledger_post($1, 1000, 'admin_adjustment', 'test credit')`, [alice.id]);
  await registerAsset(server, alice.id, 'bike');
  await registerAsset(server, bob.id, 'watch');
  const service = server.serviceClient();
  await service.storage.createBucket('backups-test', { public: false });
  const files = new Map<string, Buffer>();
  for (const name of ['a.txt', 'nested/b.bin']) {
    const bytes = crypto.randomBytes(300_000);
    files.set(name, bytes);
    const { error } = await service.storage
      .from('backups-test')
      .upload(name, bytes, { contentType: 'application/octet-stream' });
    expect(error).toBeNull();
  }
  return { files };
}

async function roundTrip(from: TestServer, to: TestServer): Promise<void> {
  const archive = new PassThrough();
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(from.ctx.db, storageEngine(from.ctx).backend, archive);
  const copy = new PassThrough();
  copy.end(Buffer.concat(chunks));
  await restoreBackup(to.ctx.db, storageEngine(to.ctx).backend, copy);
}

describe.each(storageMatrix)('backup and restore on $driver with $storage storage', ({ driver, storage }) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('gives back the same users, assets, files and ledger after a wipe', { timeout: 120_000 }, async () => {
    const source = await startTestServer({ driver, storage });
    servers.push(source);
    const { files } = await seed(source);
    const before = await snapshot(source);
    expect(before.verified).toMatchObject({ v: { ok: true } });

    // "Wipe": a brand-new database and an empty file store.
    const target = await startTestServer({ driver, storage });
    servers.push(target);
    expect((await snapshot(target)).users).toEqual([]);
    await roundTrip(source, target);

    const after = await snapshot(target);
    expect(after).toEqual(before);
    for (const [name, bytes] of files) {
      const { data, error } = await target.serviceClient().storage.from('backups-test').download(name);
      expect(error).toBeNull();
      expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // The restored database keeps working: new rows get fresh ids and the chain grows on.
    const carol = await createTestUser(target);
    await registerAsset(target, carol.id, 'lamp');
    expect((await snapshot(target)).verified).toMatchObject({ v: { ok: true } });
  });
});

describe.each(drivers)('backup from a running server on %s', (driver) => {
  // Two servers start inside the test: generous on a shared machine.
  it('streams the archive to the service role only', { timeout: 120_000 }, async () => {
    const server = await startTestServer({ driver });
    try {
      await createTestUser(server);
      const denied = await fetch(`${server.url}/operations/v1/backup`, {
        headers: { authorization: `Bearer ${server.anonKey}` },
      });
      expect(denied.status).toBe(401);
      const user = await createTestUser(server);
      const asUser = await fetch(`${server.url}/operations/v1/backup`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(asUser.status).toBe(401);
      const res = await fetch(`${server.url}/operations/v1/backup`, {
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      const archive = Buffer.from(await res.arrayBuffer());
      const target = await startTestServer({ driver });
      try {
        const copy = new PassThrough();
        copy.end(archive);
        await restoreBackup(target.ctx.db, storageEngine(target.ctx).backend, copy);
        const count = async (s: TestServer) =>
          (await s.ctx.db.query('select count(*)::int as n from auth.users')).rows[0];
        expect(await count(target)).toEqual(await count(server));
      } finally {
        await target.close();
      }
    } finally {
      await server.close();
    }
  });

  it('refuses an archive that is not a backup', { timeout: 120_000 }, async () => {
    const server = await startTestServer({ driver });
    try {
      const junk = new PassThrough();
      junk.end(Buffer.from('hello'));
      await expect(restoreBackup(server.ctx.db, storageEngine(server.ctx).backend, junk)).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});

describe.each(drivers.filter((d) => d === 'pg'))('db:move on %s', () => {
  it('copies the embedded database into PostgreSQL and the next start uses it', async () => {
    const embedded = await startTestServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-move-'));
    const target = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    try {
      await seed(embedded);
      const before = await snapshot(embedded);
      // Keep the embedded server's data folder: stop it, then move its copy with the real command.
      fs.cpSync(embedded.dataDir, dataDir, { recursive: true });
      await embedded.close();
      fs.rmSync(path.join(dataDir, 'db.lock'), { force: true });
      const build = spawnSync('node', ['scripts/builds.mjs', 'functions-api', 'db', 'server'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const moved = spawnSync(
        'node',
        ['--conditions=tagledger-compiled', 'apps/server/dist/cli/data.js', 'move', target.url],
        {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        },
      );
      expect(moved.status, moved.stderr).toBe(0);
      expect(moved.stdout).toContain('The next start uses that database');
      expect(fs.readFileSync(path.join(dataDir, 'database-url'), 'utf8').trim()).toBe(target.url);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);

      // The next start: no DATABASE_URL given, the recorded one is used.
      const next = await startTestServer({ env: { DATA_DIR: dataDir } });
      try {
        expect(next.ctx.db.kind).toBe('pg');
        const after = await snapshot(next);
        expect(after).toEqual(before);
      } finally {
        await next.ctx.db.close().catch(() => undefined);
        await next.app.close().catch(() => undefined);
      }
    } finally {
      await target.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
