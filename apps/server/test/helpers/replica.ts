// A primary PostgreSQL and a streaming replica of it, started by a test: the primary is a fresh
// cluster (initdb) in a temporary folder rather than the machine's shared one, so that the base
// backup copies a few megabytes whatever other suites keep there; pg_basebackup -R makes the
// standby, which then replays the primary's WAL as it streams. Debian's binaries
// (/usr/lib/postgresql/<version>/bin), run as the postgres OS user, since PostgreSQL refuses root.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, waitForPort } from './pgbouncer.js';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error(`no PostgreSQL under ${root}: install Debian's postgresql (scripts/test-all.sh does)`);
  return path.join(root, versions[0]!, 'bin');
}

/** Runs as the postgres OS user when we are root (PostgreSQL's programs refuse root). */
function asPostgres(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

interface Instance {
  port: number;
  child: ChildProcess;
  log: () => string;
}

export interface ReplicatedCluster {
  /** postgres://…/postgres on the primary: a base URL to create databases from. */
  primaryUrl: string;
  /** The same database (path) on the standby. */
  standbyUrlFor(url: string): string;
  /** Makes the standby (base backup of the primary as it is now) and starts it. */
  startStandby(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  pauseReplay(): Promise<void>;
  stopStandby(): Promise<void>;
  stop(): Promise<void>;
}

const SETTINGS = [
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'fsync=off',
  '-c',
  'shared_buffers=32MB',
  '-c',
  'max_connections=120',
  '-c',
  'wal_level=replica',
  '-c',
  'max_wal_senders=4',
  '-c',
  'hot_standby=on',
];

async function start(
  bin: string,
  dataDir: string,
  socketDir: string,
  spawned: (i: Instance) => void,
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(
    path.join(bin, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-c', `unix_socket_directories=${socketDir}`, ...SETTINGS],
    { ...asPostgres(), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const instance = { port, child, log: () => log };
  // Known to the caller at once, so that a test that gives up while it starts still stops it.
  spawned(instance);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  try {
    await waitForPort(port, 30_000, child);
    // Listening is not accepting yet: wait until a query answers (a standby: consistent state).
    for (;;) {
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => undefined);
      try {
        await c.connect();
        await c.query('select 1');
        break;
      } catch (err) {
        if (Date.now() > deadline || child.exitCode !== null) throw err;
        await new Promise((r) => setTimeout(r, 200));
      } finally {
        await c.end().catch(() => undefined);
      }
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`PostgreSQL in ${dataDir} did not start (${(err as Error).message}):\n${log}`, { cause: err });
  }
  return instance;
}

async function stopInstance(i: Instance | undefined): Promise<void> {
  if (!i || i.child.exitCode !== null || i.child.signalCode !== null) return;
  const exited = new Promise((resolve) => i.child.once('exit', resolve));
  i.child.kill('SIGINT'); // fast shutdown
  const timer = setTimeout(() => i.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function startReplicatedCluster(): Promise<ReplicatedCluster> {
  const bin = binDir();
  const user = asPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-replica-'));
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
  let primary: Instance | undefined;
  let standby: Instance | undefined;
  const stop = async () => {
    await stopInstance(standby);
    await stopInstance(primary);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync(path.join(bin, 'initdb'), ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync'], {
      ...user,
      stdio: 'pipe',
    });
    await start(bin, primaryDir, dir, (i) => (primary = i));
  } catch (err) {
    await stop();
    throw err;
  }
  const primaryUrl = `postgres://postgres@127.0.0.1:${primary!.port}/postgres`;
  const standbyUrl = () => `postgres://postgres@127.0.0.1:${standby!.port}/postgres`;
  return {
    primaryUrl,
    standbyUrlFor(url: string) {
      const u = new URL(url);
      u.port = String(standby!.port);
      return u.toString();
    },
    async startStandby() {
      // -R: standby.signal and primary_conninfo, so the copy starts as a streaming standby.
      execFileSync(
        path.join(bin, 'pg_basebackup'),
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(primary!.port),
          '-U',
          'postgres',
          '-D',
          standbyDir,
          '-R',
          '-X',
          'stream',
          '--no-sync',
          '--checkpoint=fast',
        ],
        { ...user, stdio: 'pipe' },
      );
      await start(bin, standbyDir, dir, (i) => (standby = i));
    },
    async caughtUp() {
      const target = await withClient(
        primaryUrl,
        async (c) => (await c.query('select pg_current_wal_lsn() as l')).rows[0].l,
      );
      await withClient(standbyUrl(), async (c) => {
        for (let i = 0; i < 300; i++) {
          const { rows } = await c.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [target]);
          if (rows[0].done) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error('the standby did not catch up with the primary in 30 s');
      });
    },
    async pauseReplay() {
      await withClient(standbyUrl(), (c) => c.query('select pg_wal_replay_pause()'));
    },
    async stopStandby() {
      await stopInstance(standby);
    },
    stop,
  };
}
