// A PgBouncer in transaction mode in front of the local PostgreSQL, started by a test: Debian's
// pgbouncer (scripts/test-all.sh installs it), on a free port, with a temporary configuration that
// logs every client in as postgres (auth_type any) and pools server connections per statement
// batch. The pool is kept small so that consecutive statements of one client land on different
// server connections — what real deployments do, and what breaks session state.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on port, or rejects after timeoutMs. */
export async function waitForPort(port: number, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (child && child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface PgBouncer {
  port: number;
  /** The same database as `url`, reached through the pooler. */
  urlFor(url: string): string;
  stop(): Promise<void>;
}

const BINARY = '/usr/sbin/pgbouncer';

/** Starts PgBouncer in front of the PostgreSQL at `upstream` (host and port are taken from it). */
export async function startPgBouncer(upstream: string, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  if (!fs.existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: install Debian's pgbouncer (scripts/test-all.sh does)`);
  }
  const target = new URL(upstream);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-pgbouncer-'));
  // PgBouncer refuses to run as root; it drops to postgres (-u), who must read the configuration.
  fs.chmodSync(dir, 0o755);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || '5432'} user=${decodeURIComponent(target.username) || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 3}`,
      'max_client_conn = 500',
      'server_check_delay = 0',
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  const asRoot = process.getuid?.() === 0;
  const child = spawn(BINARY, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  try {
    await waitForPort(port, 10_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`PgBouncer did not start (${(err as Error).message}):\n${log}`, { cause: err });
  }
  return {
    port,
    urlFor(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
