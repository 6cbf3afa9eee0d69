// Bad configuration (security issue, hole 13): each bad setting ends the real server process by
// itself with a non-zero exit and exactly one line on stderr that says what is wrong and what to do
// — no stack trace, no hang (PROCESS_BOUND_MS bounds every run; it is a bound, not a timing
// assertion). A DATABASE_URL server that is not reachable yet is retried, saying so on the log,
// for DATABASE_CONNECT_TIMEOUT seconds; the tests set that to 1 s so as not to wait 30.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { loadKeys } from '../../src/shared/keys.js';
import { StartupError } from '../../src/startup/startup-error.js';
import { copyMigratedPgliteTemplate, createTestDatabase } from '@tagledger/db/testing';
import {
  PROCESS_BOUND_MS,
  STARTUP_BOUND_MS,
  freePort,
  oneLineFailure,
  runUntilExit,
  spawnServer,
  stopServer,
  waitUntilHealthy,
} from '../helpers/server-process.js';

const folders: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-badcfg-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const NO_STACK = PROCESS_BOUND_MS + 5000;

describe('a bad DATA_DIR', () => {
  it(
    'that is a file',
    async () => {
      const file = path.join(tempDir(), 'data');
      fs.writeFileSync(file, 'not a folder');
      const line = oneLineFailure(await runUntilExit({ DATA_DIR: file }));
      expect(line).toContain(`DATA_DIR ${file}`);
      expect(line).toMatch(/is a file, not a folder; set DATA_DIR to a folder/);
      expect(fs.readFileSync(file, 'utf8')).toBe('not a folder');
    },
    NO_STACK,
  );

  it(
    'below a file',
    async () => {
      const file = path.join(tempDir(), 'data');
      fs.writeFileSync(file, 'x');
      const line = oneLineFailure(await runUntilExit({ DATA_DIR: path.join(file, 'inner') }));
      expect(line).toContain(`${file} is a file, not a folder`);
    },
    NO_STACK,
  );

  it(
    'that the server user cannot write',
    async () => {
      const dir = tempDir();
      fs.chmodSync(dir, 0o555);
      // Root writes through permissions (CAP_DAC_OVERRIDE): as root the server runs without capabilities.
      const asRoot = process.getuid?.() === 0;
      try {
        const line = oneLineFailure(
          await runUntilExit(
            { DATA_DIR: dir },
            asRoot ? { via: ['setpriv', '--bounding-set=-all', '--inh-caps=-all'] } : {},
          ),
        );
        expect(line).toContain(`DATA_DIR ${dir} is not writable (EACCES)`);
      } finally {
        fs.chmodSync(dir, 0o755);
      }
      expect(fs.readdirSync(dir)).toEqual([]);
    },
    NO_STACK,
  );

  it(
    'under /proc (where a recursive mkdir never returns) or /proc itself',
    async () => {
      const below = oneLineFailure(await runUntilExit({ DATA_DIR: '/proc/tagledger-data' }));
      expect(below).toContain('DATA_DIR /proc/tagledger-data cannot be created');
      const proc = oneLineFailure(await runUntilExit({ DATA_DIR: '/proc' }));
      expect(proc).toContain('DATA_DIR /proc is not writable');
    },
    2 * NO_STACK,
  );
});

describe('malformed settings', () => {
  it(
    'an invalid value is named in the one line',
    async () => {
      const line = oneLineFailure(
        await runUntilExit({ DATA_DIR: tempDir(), PORT: '99999', DATABASE_CONNECT_TIMEOUT: 'soon' }),
      );
      expect(line).toMatch(/^Start-up failed: Invalid environment: /);
      expect(line).toContain('PORT:');
      expect(line).toContain('DATABASE_CONNECT_TIMEOUT:');
    },
    NO_STACK,
  );

  it(
    'a JWT_PRIVATE_KEY that is not JSON stops the start before the database is opened',
    async () => {
      const dataDir = tempDir();
      const line = oneLineFailure(await runUntilExit({ DATA_DIR: dataDir, JWT_PRIVATE_KEY: '{"kty":"EC",' }));
      expect(line).toContain('JWT_PRIVATE_KEY is not valid JSON');
      // Nothing was opened, created or migrated.
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    },
    NO_STACK,
  );

  it(
    'a damaged signing-key file in DATA_DIR is named, not silently replaced',
    async () => {
      const dataDir = tempDir();
      const file = path.join(dataDir, 'keys', 'signing-key.json');
      fs.mkdirSync(path.dirname(file));
      fs.writeFileSync(file, '{"kty":"EC","crv":"P-256","x":');
      const line = oneLineFailure(await runUntilExit({ DATA_DIR: dataDir }));
      expect(line).toContain(`${file} is not valid JSON; restore it from a backup`);
      expect(fs.readFileSync(file, 'utf8')).toBe('{"kty":"EC","crv":"P-256","x":');
    },
    NO_STACK,
  );

  it('rejects every kind of unusable key with a StartupError, and accepts a real one', async () => {
    const dataDir = tempDir();
    const load = (privateJwk: string) => loadKeys({ dataDir, privateJwk, issuer: 'http://x/auth/v1' });
    const real = await loadKeys({ dataDir, issuer: 'http://x/auth/v1' });
    const jwk = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys', 'signing-key.json'), 'utf8')) as Record<
      string,
      string
    >;
    const { d: _d, ...publicOnly } = jwk;
    const bad = [
      '"a string"',
      '[1,2]',
      'null',
      JSON.stringify({ ...jwk, kty: 'RSA' }),
      JSON.stringify({ ...jwk, crv: 'P-384' }),
      JSON.stringify(publicOnly),
      JSON.stringify({ ...jwk, d: 'AAAA' }),
      JSON.stringify({ ...jwk, x: 'not-base64url!', y: 'AAAA' }),
    ];
    for (const text of bad) await expect(load(text), text).rejects.toBeInstanceOf(StartupError);
    expect((await load(JSON.stringify(jwk))).kid).toBe(real.kid);
  });
});

describe('on a DATA_DIR whose migrations already ran', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir();
    // Migrated already (a copy of the test template); the server then writes its keys, as a first start does.
    await copyMigratedPgliteTemplate(path.join(dataDir, 'db'));
    const { app } = await buildApp(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }));
    await app.close();
  }, STARTUP_BOUND_MS);

  it(
    'a malformed JWT_PRIVATE_KEY',
    async () => {
      const line = oneLineFailure(
        await runUntilExit({ DATA_DIR: dataDir, JWT_PRIVATE_KEY: JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }) }),
      );
      expect(line).toContain('JWT_PRIVATE_KEY is not an EC P-256 private key as a JSON Web Key');
    },
    NO_STACK,
  );

  it(
    'a port that is already in use',
    async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const line = oneLineFailure(await runUntilExit({ DATA_DIR: dataDir, PORT: String(port) }));
        expect(line).toContain(
          `Port ${port} on 127.0.0.1 is already in use; stop the program that uses it, or set PORT to a free port`,
        );
      } finally {
        blocker.close();
      }
    },
    NO_STACK,
  );

  it(
    'a HOST that is not an address of this machine',
    async () => {
      // 192.0.2.0/24 is reserved for documentation (RFC 5737): never a local address.
      const line = oneLineFailure(await runUntilExit({ DATA_DIR: dataDir, HOST: '192.0.2.7' }));
      expect(line).toContain('HOST 192.0.2.7 is not an address of this machine');
    },
    NO_STACK,
  );

  it(
    'still starts with good settings (the folder was left usable by every failure above)',
    async () => {
      const proc = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      try {
        await waitUntilHealthy(proc);
      } finally {
        await stopServer(proc);
      }
      expect((await proc.exited).code).toBe(0);
    },
    STARTUP_BOUND_MS + 20_000,
  );
});

describe('an unreachable DATABASE_URL', () => {
  it(
    'is retried with backoff, saying so, then ends with one line that names the server but not the password',
    async () => {
      const port = await freePort(); // closed again: connections are refused
      const result = await runUntilExit({
        DATA_DIR: tempDir(),
        DATABASE_URL: `postgres://tl:Tl-db-secret-77@127.0.0.1:${port}/tl`,
        DATABASE_CONNECT_TIMEOUT: '1',
        LOG_LEVEL: 'warn',
      });
      const line = oneLineFailure(result);
      expect(line).toMatch(
        new RegExp(
          `Cannot reach the database at 127\\.0\\.0\\.1:${port}/tl after \\d+ s \\(.*ECONNREFUSED.*\\); start PostgreSQL or fix DATABASE_URL`,
        ),
      );
      const retries = result.stdout
        .split('\n')
        .filter((l) => l.includes('is not reachable yet') && l.includes('retrying'));
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(result.stdout + result.stderr).not.toContain('Tl-db-secret-77');
    },
    NO_STACK,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is waited for while it starts: the server comes up once the database answers',
    async () => {
      const target = new URL(process.env.TEST_DATABASE_URL!);
      const database = await createTestDatabase(target.toString());
      const port = await freePort();
      const url = new URL(database.url);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      const proc = spawnServer({
        DATA_DIR: tempDir(),
        PORT: String(await freePort()),
        DATABASE_URL: url.toString(),
        DATABASE_CONNECT_TIMEOUT: '60',
        LOG_LEVEL: 'warn',
      });
      // The "database" appears only after the server has said it is retrying: a TCP relay to the real one.
      const relay = net.createServer((socket) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      try {
        while (!proc.stdout().includes('retrying')) {
          if (proc.child.exitCode !== null) throw new Error(`exited: ${proc.stderr()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
        await waitUntilHealthy(proc);
        expect(proc.stderr()).toBe('');
      } finally {
        await stopServer(proc);
        await new Promise((r) => relay.close(r));
        await database.drop();
      }
    },
    STARTUP_BOUND_MS + 20_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'that names a missing database fails at once, without retrying',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = '/tl_no_such_database';
      const result = await runUntilExit({
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
        DATABASE_CONNECT_TIMEOUT: '600',
        LOG_LEVEL: 'warn',
      });
      const line = oneLineFailure(result);
      expect(line).toContain('database "tl_no_such_database" does not exist');
      expect(line).toContain('fix DATABASE_URL');
      expect(result.stdout).not.toContain('retrying');
    },
    NO_STACK,
  );
});
