// Runs the real server as its own process, the way `npm start` and the e2e suite do, for tests
// about the process itself: start-up failures, exit codes, what it prints, and what two processes
// on one machine do to each other.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** What this helper uses of the repository's build script (a plain .mjs file outside the packages). */
interface Builds {
  targets: Record<'functions-api' | 'db' | 'server', unknown>;
  isFresh(target: unknown): boolean;
}
const builds = (await import(pathToFileURL(path.join(ROOT, 'scripts/builds.mjs')).href)) as Builds;

let entry: string[] | undefined;
/**
 * How the server is started: its compiled JavaScript, as `npm start` runs it, when that build is
 * current for the sources (scripts/builds.mjs's fingerprints; `npm test` builds before these tests),
 * otherwise the sources through tsx. Loading the compiled server saves every start seconds of
 * TypeScript compiling on a busy machine, and both run the same code.
 */
function serverEntry(): string[] {
  entry ??= (['functions-api', 'db', 'server'] as const).every((name) => builds.isFresh(builds.targets[name]))
    ? ['--conditions=tagledger-compiled', 'apps/server/dist/server.js']
    : ['--import', 'tsx', 'apps/server/src/server.ts'];
  return entry;
}

/** The bound after which a server that should have exited by itself counts as hung. */
export const PROCESS_BOUND_MS = 60_000;
/** The bound for a healthy start (a fresh embedded database runs every migration; the machine is shared). */
export const STARTUP_BOUND_MS = 120_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the process had to be killed because it did not exit within the bound. */
  hung: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface SpawnServerOptions {
  /** A program (with its arguments) that execs the server, e.g. setpriv to drop capabilities. */
  via?: string[];
}

/** Starts the server with this environment on top of a clean one (no DATABASE_URL unless given). */
export function spawnServer(env: Record<string, string>, options: SpawnServerOptions = {}): ServerProcess {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', RATE_LIMITS: 'off', HOST: '127.0.0.1' };
  delete base.DATABASE_URL;
  delete base.JWT_PRIVATE_KEY;
  delete base.DATABASE_CONNECT_TIMEOUT;
  const command = [...(options.via ?? []), process.execPath, ...serverEntry()];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${env.PORT ?? '3000'}`, stdout: () => out, stderr: () => err, exited };
}

/** Runs the server until it exits; kills it (and reports hung) if it is still running after the bound. */
export async function runUntilExit(env: Record<string, string>, options: SpawnServerOptions = {}): Promise<ExitResult> {
  const proc = spawnServer({ PORT: '0', ...env }, options);
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    proc.child.kill('SIGKILL');
  }, PROCESS_BOUND_MS);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  return { code, signal, stdout: proc.stdout(), stderr: proc.stderr(), hung };
}

/** Waits until /healthz answers 200; fails if the process exits first or the bound passes. */
export async function waitUntilHealthy(proc: ServerProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_BOUND_MS;
  let exit: { code: number | null } | undefined;
  void proc.exited.then((e) => (exit = e));
  while (Date.now() < deadline) {
    if (exit) throw new Error(`server exited (${exit.code}) before it was healthy: ${proc.stderr()}`);
    try {
      if ((await fetch(`${proc.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${proc.url} not healthy within ${STARTUP_BOUND_MS} ms: ${proc.stderr()}`);
}

/** Stops a server process (SIGTERM, then SIGKILL if it lingers) and waits for it to be gone. */
export async function stopServer(proc: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), PROCESS_BOUND_MS);
  await proc.exited;
  clearTimeout(timer);
}

/**
 * The failure contract for a bad setting: it exited by itself with a non-zero code, and stderr is
 * exactly one line, with no stack trace. Returns that line.
 */
export function oneLineFailure(result: ExitResult): string {
  if (result.hung) throw new Error(`still running after ${PROCESS_BOUND_MS} ms; stderr: ${result.stderr}`);
  if (result.code === 0 || result.code === null)
    throw new Error(`exit code ${result.code} (signal ${result.signal}); stderr: ${result.stderr}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got ${lines.length}:\n${result.stderr}`);
  if (/^\s+at\s|node_modules|\.ts:\d+/m.test(result.stderr))
    throw new Error(`stack trace on stderr:\n${result.stderr}`);
  return lines[0]!;
}
