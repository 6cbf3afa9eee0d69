// Hole 4: an access token must stop working everywhere the moment its session ends — sign-out,
// a ban, a password change that signs out the other sessions — not an hour later when it expires.
// Each test first shows the token working on every API, then ends the session the way a user or
// an admin would, then replays the very same token against /rest/v1, /storage/v1, /functions/v1
// and /auth/v1. The server runs with SESSION_CHECK_CACHE_SECONDS=0 so the answer is immediate;
// the cache's lifetime across two servers is tested in multi-instance-revocation.int.test.ts.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOptions, drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { allowedFor, probe, refusedBecause, registerWhoami } from './probe.js';

const PASSWORD = 'Tl-correct-horse-42!';

describe.each(drivers)('ended sessions on %s', (driver) => {
  let server: TestServer;
  let unregister: () => void;
  beforeAll(async () => {
    unregister = registerWhoami();
    server = await startTestServer({
      driver,
      env: { MAILER_AUTOCONFIRM: 'true', RATE_LIMITS: 'off', SESSION_CHECK_CACHE_SECONDS: '0' },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    unregister?.();
    await server?.close();
  });

  async function signUp(tag: string) {
    const email = uniqueEmail(tag);
    const { data, error } = await server.anonClient().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { email, userId: data.user!.id, token: data.session!.access_token };
  }

  async function signIn(email: string, password = PASSWORD) {
    const client = createClient(server.url, server.anonKey, clientOptions());
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { client, token: data.session!.access_token };
  }

  const answers = (token: string) => probe(server.url, server.anonKey, token);

  it('refuses the access token of a signed-out session on every API', async () => {
    const { email, userId } = await signUp('signout');
    const { client, token } = await signIn(email);
    expect(await answers(token)).toEqual(allowedFor(userId));
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await answers(token)).toEqual(refusedBecause('session_not_found'));
  });

  it('refuses the access token of a user banned through the admin API on every API', async () => {
    const { userId, token } = await signUp('banned');
    expect(await answers(token)).toEqual(allowedFor(userId));
    const { error } = await server.serviceClient().auth.admin.updateUserById(userId, { ban_duration: '24h' });
    expect(error).toBeNull();
    // The admin API ends the user's sessions along with the ban.
    expect(await answers(token)).toEqual(refusedBecause('session_not_found'));
  });

  it('refuses a banned user whose sessions are still there (ban written straight to the database)', async () => {
    const { userId, token } = await signUp('banned-sql');
    expect(await answers(token)).toEqual(allowedFor(userId));
    await server.ctx.db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [userId]);
    expect(await answers(token)).toEqual(refusedBecause('user_banned'));
    await server.ctx.db.query('update auth.users set banned_until = null where id = $1', [userId]);
    expect(await answers(token)).toEqual(allowedFor(userId));
  });

  it('refuses the other sessions after a password change, and keeps the session that changed it', async () => {
    const { email, userId } = await signUp('password');
    const changer = await signIn(email);
    const other = await signIn(email);
    expect(await answers(other.token)).toEqual(allowedFor(userId));
    const res = await fetch(`${server.url}/functions/v1/change-password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${changer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: PASSWORD, new_password: 'Tl-battery-staple-77?' }),
    });
    expect(res.status).toBe(200);
    expect(await answers(other.token)).toEqual(refusedBecause('session_not_found'));
    expect(await answers(changer.token)).toEqual(allowedFor(userId));
  });

  it('refuses a signed user token whose session never existed', async () => {
    const { userId, token } = await signUp('forged-session');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const forged = await server.ctx.keys.sign({ ...claims, session_id: crypto.randomUUID() }, 3600);
    const noSession = await server.ctx.keys.sign({ ...claims, session_id: undefined }, 3600);
    expect(await answers(token)).toEqual(allowedFor(userId));
    expect(await answers(forged)).toEqual(refusedBecause('session_not_found'));
    expect(await answers(noSession)).toEqual(refusedBecause('session_not_found'));
  });

  it('keeps API-key JWTs (no user, no session) valid', async () => {
    // rest: the anon role reached the database, which grants user_profiles to signed-in users only.
    expect(await answers(server.anonKey)).toEqual({
      rest: '401 42501',
      storage: 'ok',
      functions: 'ok anon null',
      auth: '403 bad_jwt',
    });
    expect(await answers(server.serviceRoleKey)).toEqual({
      rest: 'ok',
      storage: 'ok',
      functions: 'ok service_role null',
      auth: '403 bad_jwt',
    });
  });

  it('refuses an ended session used as the API key', async () => {
    const { email } = await signUp('as-apikey');
    const { client, token } = await signIn(email);
    const asKey = () => fetch(`${server.url}/rest/v1/user_profiles?select=id`, { headers: { apikey: token } });
    expect((await asKey()).status).toBe(200);
    await client.auth.signOut({ scope: 'local' });
    const res = await asKey();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
  });
});
