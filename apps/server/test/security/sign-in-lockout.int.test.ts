// Security hole 7: anyone could lock anyone out of sign-in (30 wrong passwords in 5 minutes from
// any address, then the owner's correct password got 429). Failures now count per (address,
// e-mail) and per address. Two client addresses are simulated honestly: the server trusts one
// proxy hop (TRUST_PROXY=1) and each request says which client the "proxy" saw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { FREE_FAILURES, MAX_BACKOFF_SECONDS, MAX_FAILURES_PER_IP } from '../../src/auth/services/sign-in-backoff.js';

const PASSWORD = 'Tl-correct-horse-42!';
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

describe.each(drivers)('sign-in lockout on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, env: { TRUST_PROXY: '1' } });
    expect(server.config.rateLimitsEnabled).toBe(true);
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  const signIn = (from: string, email: string, password: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': from,
      },
      body: JSON.stringify({ email, password }),
    });

  async function owner(): Promise<string> {
    const email = uniqueEmail('owner');
    const { error } = await server
      .serviceClient()
      .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(error).toBeNull();
    return email;
  }

  it('lets the owner in from their own address while an attacker hammers the account', async () => {
    const email = await owner();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await signIn(ATTACKER, email, `guess-${i}`)).status);
    // The free tries and the one that starts the backoff answer invalid credentials; then the
    // attacker is made to wait (the first wait, 30 s, outlasts this burst).
    expect(statuses.slice(0, FREE_FAILURES + 1)).toEqual(Array(FREE_FAILURES + 1).fill(400));
    expect(statuses.slice(FREE_FAILURES + 1)).toEqual(Array(40 - FREE_FAILURES - 1).fill(429));

    const ok = await signIn(OWNER, email, PASSWORD);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveProperty('access_token');
    // Wrong guesses still fail for the owner's address, as invalid credentials, not 429.
    expect((await signIn(OWNER, email, 'not-the-password')).status).toBe(400);
  });

  it('makes the failing address wait even with the right password, and says how long', async () => {
    const email = await owner();
    for (let i = 0; i <= FREE_FAILURES; i++) await signIn(ATTACKER, email, `wrong-${i}`);
    const blocked = await signIn(ATTACKER, email, PASSWORD);
    expect(blocked.status).toBe(429);
    const body = (await blocked.json()) as { code: string; message: string; retry_after: number };
    expect(body.code).toBe('over_request_rate_limit');
    expect(body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/);
    expect(body.retry_after).toBeGreaterThan(0);

    // Once the wait is over the pair may try again; a correct password clears its failures.
    await server.ctx.db.query(
      `update private.sign_in_failures set blocked_until = now() - interval '1 second' where email = $1`,
      [email],
    );
    expect((await signIn(ATTACKER, email, PASSWORD)).status).toBe(200);
    const { rows } = await server.ctx.db.query('select 1 from private.sign_in_failures where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('doubles the wait with each further failure, up to a cap', async () => {
    const email = await owner();
    const waits: number[] = [];
    for (let i = 0; i < FREE_FAILURES + 4; i++) {
      // Lift the block between tries so that each failure is counted, as if the wait had passed.
      await server.ctx.db.query(`update private.sign_in_failures set blocked_until = null where email = $1`, [email]);
      expect((await signIn(ATTACKER, email, `wrong-${i}`)).status).toBe(400);
      const { rows } = await server.ctx.db.query<{ wait: number | null }>(
        `select round(extract(epoch from blocked_until - last_failure_at))::int as wait from private.sign_in_failures where email = $1`,
        [email],
      );
      waits.push(rows[0]!.wait ?? 0);
    }
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240]);
    // The cap: a long-running attack waits at most MAX_BACKOFF_SECONDS per try.
    await server.ctx.db.query(
      `update private.sign_in_failures set failures = 40, blocked_until = null where email = $1`,
      [email],
    );
    await signIn(ATTACKER, email, 'wrong-again');
    const { rows } = await server.ctx.db.query<{ wait: number }>(
      `select round(extract(epoch from blocked_until - last_failure_at))::int as wait from private.sign_in_failures where email = $1`,
      [email],
    );
    expect(rows[0]!.wait).toBe(MAX_BACKOFF_SECONDS);
  });

  it('lets no more than the free tries through when the guesses come all at once', async () => {
    const email = await owner();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(ATTACKER, email, `burst-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(FREE_FAILURES + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE_FAILURES - 1);
  });

  it('refuses an address that fails across many accounts (password spraying), and only that address', async () => {
    const sprayer = '192.0.2.99';
    const email = await owner();
    // The earlier failures of the spray, one per victim, as the server records them (argon2 makes
    // a hundred real attempts slow); the last one goes through the API.
    await server.ctx.db.query(
      `insert into private.sign_in_failures (ip, email, failures)
       select $1, 'victim-' || i || '@example.test', 1 from generate_series(1, $2::int) i`,
      [sprayer, MAX_FAILURES_PER_IP - 1],
    );
    expect((await signIn(sprayer, uniqueEmail('victim'), 'Summer2026!')).status).toBe(400);
    const next = await signIn(sprayer, email, PASSWORD);
    expect(next.status).toBe(429);
    expect((await signIn(OWNER, email, PASSWORD)).status).toBe(200);
  });

  it('keeps a bad request a 4xx and does not count it as a failure', async () => {
    const res = await signIn(ATTACKER, '', PASSWORD);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
