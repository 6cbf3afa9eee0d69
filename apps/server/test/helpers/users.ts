// Test users created straight in auth.users (the profile trigger runs as in production) with
// access tokens minted by the server's own key — for suites that need signed-in callers without
// going through the sign-up flow.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './test-server.js';
import { clientOptions } from './test-server.js';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** The auth.sessions row the token belongs to. */
  sessionId: string;
  /** supabase-js client acting as this user. */
  client: SupabaseClient;
}

export async function createTestUser(
  server: TestServer,
  opts: {
    email?: string;
    role?: 'standard' | 'moderator' | 'admin';
    isBusiness?: boolean;
    metadata?: Record<string, unknown>;
  } = {},
): Promise<TestUser> {
  const id = crypto.randomUUID();
  const email = opts.email ?? `user-${id.slice(0, 8)}@example.test`;
  await server.ctx.db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, now(), '{"provider":"email","providers":["email"]}', $3)`,
    [id, email, JSON.stringify(opts.metadata ?? {})],
  );
  if (opts.role || opts.isBusiness) {
    await server.ctx.db.query('update public.user_profiles set role = $2, is_business_user = $3 where id = $1', [
      id,
      opts.role ?? 'standard',
      opts.isBusiness ?? false,
    ]);
  }
  // Every API refuses a user token whose session is not alive, so the token gets a real session.
  const sessionId = crypto.randomUUID();
  await server.ctx.db.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')`, [sessionId, id]);
  const token = await server.ctx.keys.sign(
    {
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: opts.metadata ?? {},
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
      session_id: sessionId,
      is_anonymous: false,
    },
    3600,
  );
  const client = createClient(server.url, server.anonKey, {
    ...clientOptions(),
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { id, email, token, sessionId, client };
}
