// argon2id never blocks the event loop: while several sign-ins hash their passwords, the server
// process keeps running other work and answers other requests. The test runs the server in its own
// process space (startTestServer), so it can see the hashes in flight: a count that another task
// of the loop can only ever observe above zero if hashing runs off the loop (libuv's thread pool).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argonInFlight } from '../../src/auth/services/password.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const PASSWORD = 'a long Passphrase 42!';
const SIGN_INS = 8;

describe.each(drivers)('password hashing off the event loop on %s', (driver) => {
  let server: TestServer;
  const email = `hasher-${Date.now()}@example.test`;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { MAILER_AUTOCONFIRM: 'true', RATE_LIMITS: 'off' } });
    const { error } = await server.anonClient().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers another request while several sign-ins are hashing', async () => {
    let pending = SIGN_INS;
    const signIns = Array.from({ length: SIGN_INS }, async () => {
      const result = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
      pending--;
      return result;
    });
    // Each turn of this loop is a separate task of the event loop: it sees hashes in flight only
    // if they are computed elsewhere while the loop runs.
    let seenHashing = 0;
    for (let turn = 0; turn < 100_000 && seenHashing === 0 && pending > 0; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      seenHashing = argonInFlight();
    }
    expect(seenHashing).toBeGreaterThan(0);
    const health = await fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } });
    expect(health.status).toBe(200);
    // The health answer came back before the sign-ins were all done.
    expect(pending).toBeGreaterThan(0);
    for (const r of await Promise.all(signIns)) expect(r.error).toBeNull();
    expect(argonInFlight()).toBe(0);
  });
});
