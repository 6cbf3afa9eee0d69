// The calls the Profile and Settings screens make, through supabase-js against the real server:
// settings, sessions, avatar storage rules, and TOTP enrollment.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { hashPassword } from '../../src/auth/services/password.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'settings password';

describe.each(drivers)('account API on %s', (driver) => {
  let server: TestServer;
  let client: SupabaseClient;
  let userId: string;
  let otherId: string;

  async function signedIn(): Promise<{ client: SupabaseClient; id: string }> {
    const u = await createTestUser(server, { email: `acct-${driver}-${crypto.randomUUID().slice(0, 6)}@example.test` });
    await server.ctx.db.query('update auth.users set encrypted_password = $2 where id = $1', [
      u.id,
      await hashPassword(PASSWORD),
    ]);
    const c = server.anonClient();
    const { error } = await c.auth.signInWithPassword({ email: u.email, password: PASSWORD });
    if (error) throw error;
    return { client: c, id: u.id };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    ({ client, id: userId } = await signedIn());
    otherId = (await signedIn()).id;
  });
  afterAll(() => server?.close());

  it('reads and updates the own settings row', async () => {
    const read = await client
      .from('user_settings')
      .select('language, news_notifications')
      .eq('user_id', userId)
      .single();
    expect(read.error).toBeNull();
    expect(read.data).toEqual({ language: 'en', news_notifications: false });
    const upd = await client
      .from('user_settings')
      .update({ news_notifications: true, time_zone: 'Europe/London' })
      .eq('user_id', userId)
      .select('news_notifications, time_zone')
      .single();
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual({ news_notifications: true, time_zone: 'Europe/London' });
    const other = await client.from('user_settings').select('user_id').eq('user_id', otherId);
    expect(other.data).toEqual([]);
  });

  it('lists the sessions with the current one marked', async () => {
    const { data, error } = await client.rpc('list_my_sessions');
    expect(error).toBeNull();
    // Two sessions: the one createTestUser's token belongs to, and this client's sign-in (current).
    expect(data).toHaveLength(2);
    expect((data as { is_current: boolean }[]).map((s) => s.is_current).sort()).toEqual([false, true]);
    const anon = await server.anonClient().rpc('list_my_sessions');
    expect(anon.error).not.toBeNull();
  });

  it('uploads an anonymously named avatar, serves it publicly, and removes it', async () => {
    const name = `${crypto.randomUUID()}.png`;
    const up = await client.storage.from('avatars').upload(name, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const url = client.storage.from('avatars').getPublicUrl(name).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const saved = await client
      .from('user_profiles')
      .update({ avatar_url: url })
      .eq('id', userId)
      .select('avatar_url')
      .single();
    expect(saved.error).toBeNull();
    // The owner lists the bucket's top level and sees only their own files.
    const listed = await client.storage.from('avatars').list();
    expect(listed.data?.map((o) => o.name)).toEqual([name]);
    const removed = await client.storage.from('avatars').remove([name]);
    expect(removed.error).toBeNull();
    expect((await fetch(url)).status).toBe(400);
  });

  it('refuses avatars named after a user, of the wrong type, or over 2 MB', async () => {
    const foreign = await client.storage
      .from('avatars')
      .upload(`${otherId}/avatar.png`, PNG, { contentType: 'image/png' });
    expect(foreign.error).not.toBeNull();
    const own = await client.storage.from('avatars').upload(`${userId}/avatar.png`, PNG, { contentType: 'image/png' });
    expect(own.error).not.toBeNull();
    const svg = await client.storage
      .from('avatars')
      .upload(`${crypto.randomUUID()}.svg`, Buffer.from('<svg/>'), { contentType: 'image/svg+xml' });
    expect(svg.error).not.toBeNull();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await client.storage
      .from('avatars')
      .upload(`${crypto.randomUUID()}.png`, big, { contentType: 'image/png' });
    expect(tooBig.error).not.toBeNull();
    const { rowCount } = await server.ctx.db.query(
      `select 1 from storage.objects where bucket_id = 'avatars' and owner_id = $1`,
      [userId],
    );
    expect(rowCount).toBe(0);
  });

  it('enrolls a TOTP factor with a QR code and a secret', async () => {
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Test app' });
    expect(error).toBeNull();
    expect(data!.totp.qr_code).toMatch(/svg/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]+=*$/);
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all.find((f) => f.id === data!.id)?.status).toBe('unverified');
  });
});
