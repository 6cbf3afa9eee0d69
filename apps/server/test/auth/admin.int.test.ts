// The admin API through supabase.auth.admin (service-role key), and the ADMIN_EMAIL bootstrap.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { ensureAdminAccount } from '../../src/auth/bootstrap-admin.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

describe.each(drivers)('auth admin API on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  const adminEmail = `boot-admin-${Date.now().toString(36)}@example.test`;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({
      driver,
      env: { SMTP_URL: sink.smtpUrl, RATE_LIMITS: 'off', ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'boot-pass-1' },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('bootstraps a confirmed admin account from ADMIN_EMAIL/ADMIN_PASSWORD, idempotently', async () => {
    const signIn = await server.anonClient().auth.signInWithPassword({ email: adminEmail, password: 'boot-pass-1' });
    expect(signIn.error).toBeNull();
    const role = async () =>
      (
        await server.ctx.db.query<{ role: string }>('select role from public.user_profiles where id = $1', [
          signIn.data.user!.id,
        ])
      ).rows[0]?.role;
    expect(await role()).toBe('admin');
    // Running again (e.g. several processes starting, or a changed password) keeps one account.
    server.ctx.config.adminPassword = 'boot-pass-2';
    const silent = { info: () => undefined } as never;
    await Promise.all([ensureAdminAccount(server.ctx, silent), ensureAdminAccount(server.ctx, silent)]);
    const { rows } = await server.ctx.db.query('select id from auth.users where email = $1', [adminEmail]);
    expect(rows).toHaveLength(1);
    expect(await role()).toBe('admin');
    expect(
      (await server.anonClient().auth.signInWithPassword({ email: adminEmail, password: 'boot-pass-2' })).error,
    ).toBeNull();
  });

  it('names the bootstrapped admin "{product} Team" (or ADMIN_NAME) and keeps a name the admin chose', async () => {
    const id = (await server.ctx.db.query<{ id: string }>('select id from auth.users where email = $1', [adminEmail]))
      .rows[0]!.id;
    const fullName = async () =>
      (
        await server.ctx.db.query<{ full_name: string | null }>(
          'select full_name from public.user_profiles where id = $1',
          [id],
        )
      ).rows[0]?.full_name;
    expect(await fullName()).toBe('TagLedger Team');
    const silent = { info: () => undefined } as never;
    // An admin created before names were given gets one at the next start.
    await server.ctx.db.query('update public.user_profiles set full_name = null where id = $1', [id]);
    server.ctx.config.adminName = 'Ops Desk';
    await ensureAdminAccount(server.ctx, silent);
    expect(await fullName()).toBe('Ops Desk');
    await server.ctx.db.query(`update public.user_profiles set full_name = 'Ada Admin' where id = $1`, [id]);
    await ensureAdminAccount(server.ctx, silent);
    expect(await fullName()).toBe('Ada Admin');
  });

  it('creates users (confirmed, with metadata) and refuses duplicates and non-admin callers', async () => {
    const admin = server.serviceClient().auth.admin;
    const email = uniqueEmail('created');
    const { data, error } = await admin.createUser({
      email,
      password: 'created-pass',
      email_confirm: true,
      user_metadata: { full_name: 'Created One' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect((await server.anonClient().auth.signInWithPassword({ email, password: 'created-pass' })).error).toBeNull();

    const dup = await admin.createUser({ email, password: 'Tl-correct-horse-42!' });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const asAnon = await server
      .anonClient()
      .auth.admin.createUser({ email: uniqueEmail('x'), password: 'Tl-correct-horse-42!' });
    expect(asAnon.error?.code).toBe('not_admin');
    expect(asAnon.error?.status).toBe(403);
  });

  it('imports a bcrypt password_hash and re-hashes it to argon2id on sign-in', async () => {
    const email = uniqueEmail('bcrypt');
    const hash = bcrypt.hashSync('imported-pass', 8);
    const { data, error } = await server
      .serviceClient()
      .auth.admin.createUser({ email, password_hash: hash, email_confirm: true } as never);
    expect(error).toBeNull();
    expect((await server.anonClient().auth.signInWithPassword({ email, password: 'imported-pass' })).error).toBeNull();
    const { rows } = await server.ctx.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [data.user!.id],
    );
    expect(rows[0]?.encrypted_password.startsWith('$argon2id$')).toBe(true);
    expect((await server.anonClient().auth.signInWithPassword({ email, password: 'imported-pass' })).error).toBeNull();

    // An imported password below today's policy still signs in, with the weak_password warning.
    const shortEmail = uniqueEmail('short');
    await server.serviceClient().auth.admin.createUser({
      email: shortEmail,
      password_hash: bcrypt.hashSync('Qz7#x', 8),
      email_confirm: true,
    } as never);
    const signIn = await server.anonClient().auth.signInWithPassword({ email: shortEmail, password: 'Qz7#x' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.weakPassword?.reasons).toEqual(['length']);
  });

  it('lists users with X-Total-Count and Link paging headers', async () => {
    const admin = server.serviceClient().auth.admin;
    for (let i = 0; i < 3; i++)
      await admin.createUser({ email: uniqueEmail('page'), password: 'page-pass', email_confirm: true });
    const { count } = {
      count: (await server.ctx.db.query<{ c: number }>('select count(*)::int as c from auth.users')).rows[0]!.c,
    };
    const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    if (!('total' in data)) throw new Error('no pagination in the listUsers answer');
    expect(data.users).toHaveLength(2);
    expect(data.total).toBe(count);
    expect(data.nextPage).toBe(2);
    expect(data.lastPage).toBe(Math.ceil(count / 2));
    const raw = await fetch(`${server.url}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` },
    });
    expect(raw.headers.get('x-total-count')).toBe(String(count));
    expect(raw.headers.get('link')).toContain('</admin/users?page=2&per_page=2>; rel="next"');
    const page2 = await admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users.map((u) => u.id)).not.toContain(data.users[0]!.id);
  });

  it('gets a user by id; unknown → user_not_found', async () => {
    const admin = server.serviceClient().auth.admin;
    const { data: created } = await admin.createUser({ email: uniqueEmail('get'), password: 'get-pass-1' });
    const { data, error } = await admin.getUserById(created.user!.id);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(created.user!.email);
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.code).toBe('user_not_found');
    expect(missing.error?.status).toBe(404);
  });

  it('bans a user (sessions end, sign-in refused with user_banned) and lifts the ban', async () => {
    const admin = server.serviceClient().auth.admin;
    const email = uniqueEmail('ban');
    const { data: created } = await admin.createUser({ email, password: 'ban-pass-1', email_confirm: true });
    const victim = server.anonClient();
    await victim.auth.signInWithPassword({ email, password: 'ban-pass-1' });
    const { data, error } = await admin.updateUserById(created.user!.id, { ban_duration: '24h' });
    expect(error).toBeNull();
    expect(new Date(data.user!.banned_until as string).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const refused = await server.anonClient().auth.signInWithPassword({ email, password: 'ban-pass-1' });
    expect(refused.error?.code).toBe('user_banned');
    expect((await victim.auth.getUser()).error).toBeTruthy();

    expect((await admin.updateUserById(created.user!.id, { ban_duration: 'none' })).error).toBeNull();
    expect((await server.anonClient().auth.signInWithPassword({ email, password: 'ban-pass-1' })).error).toBeNull();
    expect((await admin.updateUserById(created.user!.id, { ban_duration: 'forever' })).error?.code).toBe(
      'validation_failed',
    );
  });

  it('updates password and metadata, then deletes users (hard and soft)', async () => {
    const admin = server.serviceClient().auth.admin;
    const email = uniqueEmail('upd');
    const { data: created } = await admin.createUser({
      email,
      password: 'upd-pass-1',
      email_confirm: true,
      user_metadata: { a: 1 },
    });
    const id = created.user!.id;
    const { data } = await admin.updateUserById(id, { password: 'upd-pass-2', user_metadata: { b: 2 } });
    expect(data.user?.user_metadata).toEqual({ a: 1, b: 2 });
    expect((await admin.updateUserById(id, { password: '123' })).error?.code).toBe('weak_password');
    expect((await server.anonClient().auth.signInWithPassword({ email, password: 'upd-pass-2' })).error).toBeNull();

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
    expect((await server.ctx.db.query('select 1 from public.user_profiles where id = $1', [id])).rows).toHaveLength(0);

    const soft = await admin.createUser({ email: uniqueEmail('soft'), password: 'soft-pass-1', email_confirm: true });
    expect((await admin.deleteUser(soft.data.user!.id, true)).error).toBeNull();
    expect((await admin.getUserById(soft.data.user!.id)).error?.code).toBe('user_not_found');
    const { rows } = await server.ctx.db.query<{ email: string | null }>('select email from auth.users where id = $1', [
      soft.data.user!.id,
    ]);
    expect(rows[0]?.email).toBeNull();
  });

  it('generates a magic link without sending mail', async () => {
    const admin = server.serviceClient().auth.admin;
    const email = uniqueEmail('gen');
    await admin.createUser({ email, password: 'gen-pass-1', email_confirm: true });
    const { data, error } = await admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    const res = await fetch(data.properties!.action_link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('#access_token=');
  });

  it('invites a user by e-mail; the link confirms the account and signs it in', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await server.serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { full_name: 'Invited' },
      redirectTo: `${server.url}/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await sink.nextMail(email);
    expect(mail.subject).toContain('invited');
    const res = await fetch(mail.links[0]!, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/welcome');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const me = await server.anonClient().auth.getUser(fragment.get('access_token')!);
    expect(me.data.user?.email_confirmed_at).toBeTruthy();
  });
});
