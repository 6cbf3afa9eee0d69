// Key rotation (hole 11's other half): `npm run keys -- rotate` makes a new current key and keeps
// the old one as previous; servers started afterwards publish both in the JWKS, sign with the new
// one and still accept tokens (and API keys) the old one signed — until `retire` drops it, after
// which those tokens are refused everywhere. The same works with keys kept in the environment
// (JWT_PRIVATE_KEY + JWT_PREVIOUS_PUBLIC_KEYS). Each "restart" is a new instance on the same
// database, as a rolling restart behind a load balancer would be.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { generatePrivateJwk, keyId } from '../../src/shared/key-store.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { allowedFor, probe, registerWhoami, type ApiAnswers } from './probe.js';

const PASSWORD = 'Tl-correct-horse-42!';
const CLI = path.resolve(import.meta.dirname, '../../src/cli/keys.ts');
const REFUSED: ApiAnswers = {
  rest: '401 PGRST301',
  storage: '400 AccessDenied',
  functions: '401 Invalid JWT',
  auth: '403 bad_jwt',
};

/** Runs `npm run keys -- <args>` (the CLI itself) for a DATA_DIR. */
async function keysCli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, JWT_PRIVATE_KEY: '', JWT_PREVIOUS_PUBLIC_KEYS: '' },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stderr?: string };
    return { code: e.code ?? 1, out: e.stderr ?? '' };
  }
}

describe.each(drivers)('signing key rotation on %s', (driver) => {
  let a: TestServer;
  const others: BuiltApp[] = [];
  const otherDirs: string[] = [];
  let unregister: () => void;
  beforeAll(async () => {
    unregister = registerWhoami();
    a = await startTestServer({ driver, env: { MAILER_AUTOCONFIRM: 'true', RATE_LIMITS: 'off' } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    unregister?.();
    for (const o of others) await o.app.close();
    await a?.close();
    for (const d of otherDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  /** Another instance on a's database, reading its keys at start from dataDir and env. */
  async function restart(dataDir: string, env: Record<string, string> = {}): Promise<{ app: BuiltApp; url: string }> {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAILER_AUTOCONFIRM: 'true',
      RATE_LIMITS: 'off',
      ...env,
      ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : {}),
    });
    const app = await buildApp(config, driver === 'pglite' ? { db: a.ctx.db } : {});
    others.push(app);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.app.server.address();
    return { app, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
  }

  const jwksKids = async (url: string) =>
    ((await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map(
      (k) => k.kid,
    );

  async function signUp(url: string, anonKey: string) {
    const res = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('rotation'), password: PASSWORD }),
    });
    const body = (await res.json()) as { access_token: string; user: { id: string } };
    return { token: body.access_token, userId: body.user.id };
  }

  it(
    'rotates, accepts the previous key until it is retired, then refuses its tokens',
    async () => {
      const oldKid = a.ctx.keys.kid;
      const old = await signUp(a.url, a.anonKey);
      expect(await probe(a.url, a.anonKey, old.token)).toEqual(allowedFor(old.userId));

      const rotated = await keysCli(a.dataDir, 'rotate');
      expect(rotated.code).toBe(0);
      const b = await restart(a.dataDir);
      const newKid = b.app.ctx.keys.kid;
      expect(newKid).not.toBe(oldKid);
      expect(rotated.out).toContain(`new current key ${newKid}`);
      expect(await jwksKids(b.url)).toEqual([newKid, oldKid]);
      // Tokens and the API key of the previous key still work; new tokens carry the new kid.
      expect(await probe(b.url, a.anonKey, old.token)).toEqual(allowedFor(old.userId));
      const fresh = await signUp(b.url, b.app.ctx.keys.anonKey);
      expect(jose.decodeProtectedHeader(fresh.token).kid).toBe(newKid);
      expect(await probe(b.url, b.app.ctx.keys.anonKey, fresh.token)).toEqual(allowedFor(fresh.userId));

      expect((await keysCli(a.dataDir, 'retire', oldKid)).code).toBe(0);
      const c = await restart(a.dataDir);
      expect(await jwksKids(c.url)).toEqual([newKid]);
      expect(await probe(c.url, c.app.ctx.keys.anonKey, old.token)).toEqual(REFUSED);
      const oldKeyAsApiKey = await fetch(`${c.url}/rest/v1/token_settings`, { headers: { apikey: a.anonKey } });
      expect(oldKeyAsApiKey.status).toBe(401);
      expect(await probe(c.url, c.app.ctx.keys.anonKey, fresh.token)).toEqual(allowedFor(fresh.userId));

      // The current key cannot be retired, and an unknown id is an error, not a silent no-op.
      const current = await keysCli(a.dataDir, 'retire', newKid);
      expect(current).toMatchObject({ code: 1 });
      expect(current.out).toContain('is the current key; rotate first');
      expect((await keysCli(a.dataDir, 'retire', 'no-such-kid')).code).toBe(1);
    },
    STARTUP_TIMEOUT,
  );

  it(
    'accepts tokens of the keys listed in JWT_PREVIOUS_PUBLIC_KEYS next to JWT_PRIVATE_KEY',
    async () => {
      const signer = await signUp(a.url, a.anonKey);
      // a signs with the key that was current when it started (its JWKS lists that key first).
      const aPublic = a.ctx.keys.jwks.keys[0]!;
      const next = generatePrivateJwk();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-keys-'));
      otherDirs.push(dir);
      const d = await restart(dir, {
        JWT_PRIVATE_KEY: JSON.stringify(next),
        JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify({ keys: [aPublic] }),
      });
      expect(d.app.ctx.keys.kid).toBe(await keyId(next));
      expect(await jwksKids(d.url)).toEqual([await keyId(next), a.ctx.keys.kid]);
      expect(await probe(d.url, d.app.ctx.keys.anonKey, signer.token)).toEqual(allowedFor(signer.userId));
      // Without the previous key listed, the same token is refused.
      const e = await restart(dir, { JWT_PRIVATE_KEY: JSON.stringify(next) });
      expect(await probe(e.url, e.app.ctx.keys.anonKey, signer.token)).toEqual(REFUSED);
      // A bad list stops the server at start instead of silently accepting nothing.
      await expect(
        restart(dir, { JWT_PRIVATE_KEY: JSON.stringify(next), JWT_PREVIOUS_PUBLIC_KEYS: '{"keys": 1}' }),
      ).rejects.toThrow(/JWT_PREVIOUS_PUBLIC_KEYS/);
    },
    STARTUP_TIMEOUT,
  );
});
