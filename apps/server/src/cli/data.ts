// `npm run backup -- FILE`, `npm run restore -- FILE`, `npm run db:move -- postgres://…`
// (docs/operations.md). Settings come from the same environment as the server's.
//
// - backup: database and files in one archive, consistent while servers run. On PostgreSQL it
//   reads the database directly; on the embedded database a running server holds the folder, so
//   the archive is fetched from that server (GET /operations/v1/backup with the service-role key).
// - restore: checks the whole archive (checksum and signature, docs/decisions/0142) before it
//   writes anything, then replaces the database's rows and writes the files, all or nothing; servers
//   must be stopped (on PostgreSQL: all of them) — a restore under a running server would mix two
//   states. `--without-key` checks the checksum only (the key that signed the archive is lost).
// - db:move: copies the embedded database into an empty PostgreSQL, records its URL in
//   DATA_DIR/database-url (the next start uses it) and renames DATA_DIR/db out of the way.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { loadConfig, ConfigError, DATABASE_URL_FILE } from '../config/index.js';
import { DatabaseFolderBusy, DbStartupError, openDb, type Db } from '@tagledger/db';
import { loadKeysFor } from '../shared/keys.js';
import { StartupError } from '../startup/startup-error.js';
import { storedFilesOf } from '../storage/service.js';
import { BackupError, restoreBackup, verifyBackup, writeBackup, type BackupSummary } from '../operations/backup.js';
import { readBackupKey } from '../operations/backup-key.js';

const config = loadConfig();
/** Like the server: wait a while for a PostgreSQL that is starting or busy. */
const wait = { timeoutMs: Math.max(config.databaseConnectTimeoutMs, 5000) };
const [command, ...args] = process.argv.slice(2);
const withoutKey = args.includes('--without-key');
const [arg] = args.filter((a) => a !== '--without-key');

function describe(s: BackupSummary): string {
  const missing = s.missingFiles ? `; ${s.missingFiles} file(s) were deleted during the backup and are not in it` : '';
  return `${s.tables} tables, ${s.rows} rows, ${s.files} files${missing}`;
}

/** A backup that failed half-way leaves no half archive behind (a restore would refuse it anyway). */
async function removedOnFailure<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  }
}

async function backupFromRunningServer(file: string): Promise<void> {
  const keys = await loadKeysFor(config);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/operations/v1/backup`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${keys.serviceRoleKey}` } });
  if (!res.ok || !res.body) throw new BackupError(`the running server answered ${res.status} at ${url}`);
  await removedOnFailure(file, () =>
    pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file, { mode: 0o600 })).catch((err: unknown) => {
      throw new BackupError(`the running server stopped sending the archive (${(err as Error).message})`);
    }),
  );
  // The server signs with the same setting or key file (this DATA_DIR) as this command reads.
  const key = readBackupKey(config, { create: false });
  console.log(`Backup written to ${file} by the running server${key ? `, signed with backup key ${key.id}` : ''}`);
}

async function backup(file: string): Promise<void> {
  let db: Db;
  try {
    db = await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      wait,
      pg: { poolMode: config.databasePoolMode },
    });
  } catch (err) {
    if (err instanceof DatabaseFolderBusy) return backupFromRunningServer(file);
    throw err;
  }
  try {
    const key = readBackupKey(config, { create: true });
    const summary = await removedOnFailure(file, () =>
      writeBackup(db, storedFilesOf(config), fs.createWriteStream(file, { mode: 0o600 }), { key }),
    );
    console.log(`Backup written to ${file}: ${describe(summary)}; signed with backup key ${key.id}`);
  } finally {
    await db.close();
  }
}

async function restore(file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`no such file: ${file}`);
  // The whole archive is checked before the database is even opened: a refused one changes nothing.
  const verified = await verifyBackup(() => fs.createReadStream(file), {
    key: readBackupKey(config, { create: false }),
    withoutKey,
  });
  if (!verified.signed) console.warn(`The signature of ${file} was not checked (--without-key): only its checksum.`);
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    wait,
    pg: { poolMode: config.databasePoolMode },
  });
  try {
    const summary = await restoreBackup(db, storedFilesOf(config), verified);
    console.log(`Restored ${file}: ${describe(summary)}`);
  } finally {
    await db.close();
  }
}

async function move(url: string): Promise<void> {
  if (config.databaseUrl)
    throw new BackupError('DATABASE_URL is set already: this server does not use the embedded database');
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new BackupError('give the target as postgres://user:password@host:port/database');
  const source = await openDb({ dataDir: config.dataDir });
  const archive = path.join(config.dataDir, `move-${process.pid}.backup.gz`);
  let target: Db | undefined;
  try {
    target = await openDb({ databaseUrl: url, wait });
    const { rows } = await target
      .query<{ n: number }>(`select count(*)::int as n from auth.users`)
      .catch(() => ({ rows: [{ n: 0 }] }));
    if (rows[0]!.n > 0) throw new BackupError('the target database has users already; give an empty database');
    // Files stay where they are (DATA_DIR/storage or the bucket): only rows move, through an
    // archive in DATA_DIR that is checked whole before the target is written.
    const key = readBackupKey(config, { create: true });
    const written = await writeBackup(source, storedFilesOf(config), fs.createWriteStream(archive, { mode: 0o600 }), {
      key,
      files: false,
    });
    const verified = await verifyBackup(() => fs.createReadStream(archive), { key });
    const restored = await restoreBackup(target, storedFilesOf(config), verified);
    console.log(`Copied ${describe(restored)} (of ${written.rows} rows) into the PostgreSQL database`);
  } finally {
    fs.rmSync(archive, { force: true });
    await target?.close();
    await source.close();
  }
  fs.writeFileSync(path.join(config.dataDir, DATABASE_URL_FILE), `${url}\n`, { mode: 0o600 });
  const moved = path.join(config.dataDir, `db.moved-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.renameSync(path.join(config.dataDir, 'db'), moved);
  console.log(
    `The next start uses that database (its URL is in ${path.join(config.dataDir, DATABASE_URL_FILE)}; DATABASE_URL overrides it). ` +
      `The embedded database was kept as ${moved}; delete it once you are satisfied.`,
  );
}

async function main(): Promise<void> {
  if (!arg)
    throw new BackupError(
      'usage: npm run backup -- FILE | npm run restore -- [--without-key] FILE | npm run db:move -- postgres://…',
    );
  if (command === 'backup') return backup(path.resolve(arg));
  if (command === 'restore') return restore(path.resolve(arg));
  if (command === 'move') return move(arg);
  throw new BackupError(`unknown command ${command}`);
}

main().catch((err: unknown) => {
  if (
    err instanceof BackupError ||
    err instanceof StartupError ||
    err instanceof DbStartupError ||
    err instanceof ConfigError
  ) {
    console.error(`${command ?? 'data'} failed: ${err.message}`);
  } else console.error(err);
  process.exit(1);
});
