// Backups and moving up: backup → wipe → restore gives back the same users, assets, files and
// ledger (its hash chain still verifies), on both drivers and both file stores, without the day's
// scan salt; the running server serves the same archive over HTTP (service-role key only), signed
// with its backup key; a cut, edited, re-signed or hostile archive is refused with one line before
// anything is written, and a restore that fails after it began leaves rows and files as they were;
// db:move copies an embedded database into PostgreSQL and the next start uses it with the same data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PassThrough, Readable } from 'node:stream';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';
import { listMigrations, withRequestContext } from '@tagledger/db';
import { createTestDatabase } from '@tagledger/db/testing';
import {
  BackupError,
  restoreBackup,
  verifyBackup,
  writeBackup,
  type VerifyOptions,
} from '../../src/operations/backup.js';
import { backupKeyFromText, readBackupKey, type BackupKey } from '../../src/operations/backup-key.js';
import { storedFiles, type StoredFiles } from '../../src/storage/service.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const KEY_TEXT = 'backup-key-for-these-tests-0123456789abcdef';
const KEY = backupKeyFromText(KEY_TEXT);

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

/** Today's scan salt, made as the first scan of the day makes it. */
async function scanSalt(server: TestServer): Promise<string> {
  await server.ctx.db.query('insert into private.scan_salts (day) values (current_date) on conflict (day) do nothing');
  const { rows } = await server.ctx.db.query<{ salt: string }>(
    'select salt from private.scan_salts where day = current_date',
  );
  return rows[0]!.salt;
}

async function seed(server: TestServer): Promise<{ files: Map<string, Buffer>; alice: string }> {
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
  return { files, alice: alice.id };
}

async function archiveOf(server: TestServer, key: BackupKey = KEY): Promise<Buffer> {
  const archive = new PassThrough();
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(server.ctx.db, storedFiles(server.ctx), archive, { key });
  return Buffer.concat(chunks);
}

async function restoreInto(
  server: TestServer,
  archive: Buffer,
  options: VerifyOptions = { key: KEY },
  files: StoredFiles = storedFiles(server.ctx),
) {
  const verified = await verifyBackup(() => Readable.from([archive]), options);
  return restoreBackup(server.ctx.db, files, verified);
}

const linesOf = (archive: Buffer) => zlib.gunzipSync(archive).toString('utf8').split('\n').slice(0, -1);
const pack = (lines: string[]) => zlib.gzipSync(`${lines.map((l) => `${l}\n`).join('')}`);

/** Recomputes the end line's checksum, and its signature when a key is given (what an editor can do). */
function reseal(lines: string[], key?: BackupKey): string[] {
  const body = lines
    .slice(0, -1)
    .map((l) => `${l}\n`)
    .join('');
  const end = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  end.sha256 = crypto.createHash('sha256').update(body).digest('hex');
  if (key) {
    end.hmac = crypto.createHmac('sha256', key.secret).update(body).digest('hex');
    end.keyId = key.id;
  }
  return [...lines.slice(0, -1), JSON.stringify(end)];
}

/** Every user's balance set to a million in the archive's wallet rows. */
function richer(lines: string[]): string[] {
  return lines.map((l) => {
    const line = JSON.parse(l) as { kind: string; table?: string; rows?: Record<string, unknown>[] };
    if (line.kind !== 'rows' || line.table !== 'public.user_wallets') return l;
    return JSON.stringify({ ...line, rows: line.rows!.map((r) => ({ ...r, balance: 1_000_000 })) });
  });
}

/** Files under the store's folder other than the objects themselves (staging, half-written parts). */
function strayFiles(server: TestServer): string[] {
  const root = path.join(server.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .filter((p) => !p.startsWith('objects') && p !== '.tmp');
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
    const salt = await scanSalt(source);
    const before = await snapshot(source);
    expect(before.verified).toMatchObject({ v: { ok: true } });

    // "Wipe": a brand-new database and an empty file store.
    const target = await startTestServer({ driver, storage });
    servers.push(target);
    expect((await snapshot(target)).users).toEqual([]);
    const archive = await archiveOf(source);
    // The day's salt stays out: with it, anyone holding the archive could test guesses of a
    // scanner's address against the salted hashes beside it.
    expect(zlib.gunzipSync(archive).toString('utf8')).not.toContain(salt);
    await restoreInto(target, archive);

    const after = await snapshot(target);
    expect(after).toEqual(before);
    for (const [name, bytes] of files) {
      const { data, error } = await target.serviceClient().storage.from('backups-test').download(name);
      expect(error).toBeNull();
      expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect((await target.ctx.db.query('select 1 from private.scan_salts')).rowCount).toBe(0);
    expect(strayFiles(target)).toEqual([]);
    expect(target.storedObjects().filter((k) => k.startsWith('restore-staging'))).toEqual([]);
    // The restored database keeps working: new rows get fresh ids and the chain grows on.
    const carol = await createTestUser(target);
    await registerAsset(target, carol.id, 'lamp');
    expect((await snapshot(target)).verified).toMatchObject({ v: { ok: true } });
    expect(await scanSalt(target)).not.toBe(salt);
  });
});

describe.each(drivers)('backup from a running server on %s', (driver) => {
  // One server for the whole block: it is the source of the archives and the target of the refusals.
  let server: TestServer;
  let alice: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    ({ alice } = await seed(server));
  }, 120_000);
  afterAll(() => server?.close());

  /** What a refused or failed restore must leave exactly as it was. */
  const state = async () => ({
    db: await snapshot(server),
    objects: server.storedObjects().sort(),
    stray: strayFiles(server),
  });

  it('streams the archive, signed with its backup key, to the service role only', { timeout: 120_000 }, async () => {
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
    // The key the server made in its DATA_DIR on its first backup, and only that key, checks it.
    const key = readBackupKey(server.config, { create: false })!;
    expect(fs.statSync(path.join(server.dataDir, 'keys', 'backup-key')).mode & 0o777).toBe(0o600);
    await expect(verifyBackup(() => Readable.from([archive]), { key: KEY })).rejects.toThrow(/signed with backup key/);
    const target = await startTestServer({ driver });
    try {
      await restoreInto(target, archive, { key });
      const count = async (s: TestServer) =>
        (await s.ctx.db.query('select count(*)::int as n from auth.users')).rows[0];
      expect(await count(target)).toEqual(await count(server));
    } finally {
      await target.close();
    }
  });

  it('refuses a cut, edited, re-sealed or hostile archive with one line, changing nothing', async () => {
    const archive = await archiveOf(server);
    const lines = linesOf(archive);
    // The state moves on after the backup, so a restore that wrote anything would show.
    await createTestUser(server);
    await server.ctx.db.query(`select private.ledger_post($1, 5, 'admin_adjustment', 'after the backup')`, [alice]);
    const before = await state();

    const firstFile = lines.findIndex((l) => l.startsWith('{"kind":"file"'));
    const traversal = lines.map((l, i) =>
      i === firstFile ? JSON.stringify({ ...JSON.parse(l), key: '../../../../../tmp/tagledger-owned' }) : l,
    );
    const lacking = lines.map((l) => l.replace('"table":"public.user_wallets"', '"table":"public.no_such_table"'));
    const other = backupKeyFromText('another-deployments-key-0123456789abcdef');
    const refusals: [string, Buffer, RegExp, VerifyOptions?][] = [
      // The attack of issue 27: cut after the first file line, balances raised.
      ['cut after a file, edited', pack(richer(lines).slice(0, firstFile + 1)), /is incomplete/],
      ['gzip cut in half', archive.subarray(0, Math.floor(archive.length / 2)), /is incomplete/],
      ['edited', pack(richer(lines)), /checksum does not match/],
      ['edited, checksum recomputed', pack(reseal(richer(lines))), /signature does not match/],
      ['a file key out of the store', pack(reseal(traversal, KEY)), /not one of its stored objects/],
      ['signed by another key', pack(reseal(richer(lines), other)), /signed with backup key "[0-9a-f]{16}", not/],
      ['no key here', archive, /holds no backup key/, {}],
      ['edited, restored without the key', pack(richer(lines)), /checksum does not match/, { withoutKey: true }],
      ['content after the end', pack([...lines, lines[1]!]), /content after the end/],
      ['a table this version lacks', pack(reseal(lacking, KEY)), /a table this version lacks/],
      ['not a backup', Buffer.from('hello'), /not a TagLedger backup/],
    ];
    for (const [what, bytes, message, options] of refusals) {
      const refused = await restoreInto(server, bytes, options).then(
        () => new Error('restored'),
        (err: unknown) => err as Error,
      );
      expect([what, refused instanceof BackupError, refused.message]).toEqual([
        what,
        true,
        expect.stringMatching(message),
      ]);
      expect(refused.message).not.toContain('\n');
      expect(refused.message).toMatch(/(nothing|no row or file) was changed$/);
      expect([what, await state()]).toEqual([what, before]);
    }
    expect(fs.existsSync('/tmp/tagledger-owned')).toBe(false);
  });

  it('lands whole or not at all when the store fails after files were staged', { timeout: 120_000 }, async () => {
    const archive = await archiveOf(server);
    const archived = await snapshot(server);
    // After the backup its files are deleted (rows and bytes), so the restore has files to put back.
    const { error } = await server.serviceClient().storage.from('backups-test').remove(['a.txt', 'nested/b.bin']);
    expect(error).toBeNull();
    await createTestUser(server);
    const before = await state();

    // The second file cannot be put in place (a full disk, a bucket that went away).
    const files = storedFiles(server.ctx);
    let copies = 0;
    const failing: StoredFiles = {
      ...files,
      async copy(from, to) {
        if (++copies === 2) throw new Error('no space left on device');
        return files.copy(from, to);
      },
    };
    await expect(restoreInto(server, archive, { key: KEY }, failing)).rejects.toThrow(
      /no space left on device; no row or file was changed$/,
    );
    expect(copies).toBe(2);
    expect(await state()).toEqual(before);

    // The same archive with a working store: rows and files are back, and nothing is left staged —
    // here as signed by a key since lost, restored on its checksum alone.
    const lost = backupKeyFromText('a-key-the-operator-has-lost-0123456789abcdef');
    await restoreInto(server, pack(reseal(linesOf(archive), lost)), { withoutKey: true });
    expect(await snapshot(server)).toEqual(archived);
    expect(server.storedObjects()).toHaveLength(2);
    expect(strayFiles(server)).toEqual([]);
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
      expect(fs.readdirSync(dataDir).filter((f) => f.endsWith('.backup.gz'))).toEqual([]);

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

describe('npm run restore', () => {
  it('refuses a cut or hostile archive with one line and exit 1, before it opens the database', async () => {
    // The compiled command, as `npm run restore` runs it (a no-op build when db:move built it above).
    const build = spawnSync('node', ['scripts/builds.mjs', 'functions-api', 'db', 'server'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-restore-'));
    try {
      const header = JSON.stringify({
        kind: 'header',
        format: 'tagledger-backup',
        version: 2,
        migrations: listMigrations().map((m) => m.version),
        createdAt: new Date().toISOString(),
      });
      const wallets = JSON.stringify({
        kind: 'rows',
        table: 'public.user_wallets',
        rows: [{ user_id: crypto.randomUUID(), balance: 1_000_000 }],
      });
      const file = JSON.stringify({ kind: 'file', key: '../../etc/cron.d/x', data: '', last: true });
      const end = JSON.stringify({ kind: 'end', tables: 1, rows: 1, files: 1 });
      const cases: [string, Buffer, RegExp][] = [
        [
          'cut',
          pack([header, wallets]),
          /^restore failed: the backup is incomplete \(it ends early\); nothing was changed$/,
        ],
        ['hostile', pack(reseal([header, wallets, file, end], KEY)), /^restore failed: the backup names a file/],
      ];
      for (const [what, bytes, message] of cases) {
        const archive = path.join(dataDir, `${what}.gz`);
        fs.writeFileSync(archive, bytes);
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BACKUP_KEY: KEY_TEXT, LOG_LEVEL: 'silent' };
        delete env.DATABASE_URL;
        const run = spawnSync(
          'node',
          ['--conditions=tagledger-compiled', 'apps/server/dist/cli/data.js', 'restore', archive],
          {
            cwd: ROOT,
            env,
            encoding: 'utf8',
          },
        );
        expect([what, run.status, run.stdout]).toEqual([what, 1, '']);
        expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
      }
      // Not even an empty database was made.
      expect(fs.readdirSync(dataDir).sort()).toEqual(['cut.gz', 'hostile.gz']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
