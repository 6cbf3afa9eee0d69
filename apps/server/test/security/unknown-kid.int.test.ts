// Hole 11: a token is verified only with the key its `kid` names. The attack: take a real, live
// access token (or the anon API key) and re-sign its claims with the server's own private key but a
// forged `kid`, or none at all — a signature that checks out, under a key id the server never
// published. Every API must refuse it; the same claims re-signed under the real `kid` (the
// control) are accepted, so the refusals come from the key id alone.
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { allowedFor, probe, registerWhoami, type ApiAnswers } from './probe.js';

const PASSWORD = 'Tl-correct-horse-42!';

const REFUSED: ApiAnswers = {
  rest: '401 PGRST301',
  storage: '400 AccessDenied',
  functions: '401 Invalid JWT',
  auth: '403 bad_jwt',
};

describe.each(drivers)('tokens under unknown key ids on %s', (driver) => {
  let server: TestServer;
  let unregister: () => void;
  let privateKey: CryptoKey;
  beforeAll(async () => {
    unregister = registerWhoami();
    server = await startTestServer({ driver, env: { MAILER_AUTOCONFIRM: 'true', RATE_LIMITS: 'off' } });
    const jwk = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'keys', 'signing-key.json'), 'utf8')) as jose.JWK;
    privateKey = (await jose.importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    unregister?.();
    await server?.close();
  });

  /** The claims of `token`, signed with the server's real private key under the header `kid`. */
  function resign(token: string, kid: string | undefined): Promise<string> {
    return new jose.SignJWT(jose.decodeJwt(token))
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })
      .sign(privateKey);
  }

  it('refuses a live user token re-signed under a forged or missing kid on every API', async () => {
    const { data, error } = await server.anonClient().auth.signUp({ email: uniqueEmail('kid'), password: PASSWORD });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const answers = (t: string) => probe(server.url, server.anonKey, t);
    expect(await answers(await resign(token, server.ctx.keys.kid))).toEqual(allowedFor(data.user!.id));
    expect(await answers(await resign(token, 'forged-key-id'))).toEqual(REFUSED);
    expect(await answers(await resign(token, undefined))).toEqual(REFUSED);
    expect(await answers(await resign(token, ''))).toEqual(REFUSED);
  });

  it('refuses a token signed by another key under the real kid', async () => {
    const { privateKey: stranger } = await jose.generateKeyPair('ES256');
    const forged = await new jose.SignJWT(jose.decodeJwt(server.serviceRoleKey))
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: server.ctx.keys.kid })
      .sign(stranger);
    expect(await probe(server.url, server.anonKey, forged)).toEqual(REFUSED);
  });

  it('refuses the anon API key re-signed under a forged or missing kid as the API key', async () => {
    const asKey = async (key: string) => {
      const [rest, auth] = await Promise.all([
        fetch(`${server.url}/rest/v1/token_settings?select=*`, { headers: { apikey: key } }),
        fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: key } }),
      ]);
      return [rest.status, ((await rest.json()) as { message?: string }).message ?? 'ok', auth.status];
    };
    expect(await asKey(await resign(server.anonKey, server.ctx.keys.kid))).toEqual([200, 'ok', 200]);
    expect(await asKey(await resign(server.anonKey, 'forged-key-id'))).toEqual([401, 'Invalid API key', 401]);
    expect(await asKey(await resign(server.anonKey, undefined))).toEqual([401, 'Invalid API key', 401]);
  });

  it('answers the rest API with the key-id reason', async () => {
    const forged = await resign(server.serviceRoleKey, 'forged-key-id');
    const res = await fetch(`${server.url}/rest/v1/token_settings`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST301', message: 'No suitable key or wrong key type' });
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });
});
