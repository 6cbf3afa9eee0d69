// export-my-data and delete-account through the real server over HTTP, with the rows and stored
// files checked in the database and storage afterwards.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/services/password.js';
import { getObject, putObject } from '../../src/storage/service.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

/** The parts of the export-my-data document these tests read. */
interface ExportDocument {
  format: string;
  account: { id: string; email: string };
  profile: Record<string, unknown>;
  settings: Record<string, unknown>;
  wallet: { balance: number };
  token_transactions: { amount: number; source: string }[];
  bug_reports: Record<string, unknown>[];
  stored_files: { bucket_id: string; name: string; metadata: { sha256: string } }[];
  assets: { title: string }[];
  asset_media: { sha256: string }[];
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'correct horse battery';

describe.each(drivers)('account export and deletion on %s', (driver) => {
  let server: TestServer;

  async function call(name: string, body: unknown, token?: string) {
    const res = await postFunction(server, name, body, token);
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* asserted below */
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  /** A user with a password, a ledger entry, a bug report and an avatar file. */
  /** A seeded user with a verified TOTP factor, calling with an aal1 session (as after a password sign-in). */
  async function seededUserWithFactor(label: string): Promise<TestUser> {
    const user = await seededUser(label);
    await server.ctx.db.query(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret) values ($1, 'totp', 'verified', 'x')`,
      [user.id],
    );
    return user;
  }

  async function seededUser(label: string): Promise<TestUser> {
    const user = await createTestUser(server, {
      email: `${label}-${driver}-${crypto.randomUUID().slice(0, 6)}@example.test`,
    });
    await server.ctx.db.query('update auth.users set encrypted_password = $2 where id = $1', [
      user.id,
      await hashPassword(PASSWORD),
    ]);
    await server.ctx.db.query(
      `update public.user_profiles set full_name = $2, phone = '+44 1234 567890' where id = $1`,
      [user.id, `${label} Person`],
    );
    await server.ctx.db.query(`select private.ledger_post($1, 7, 'admin_adjustment', 'Test credit')`, [user.id]);
    await server.ctx.db.query(
      `insert into public.bug_reports (user_id, error_message, admin_notes, screenshot_path) values ($1, 'Broken button', 'internal triage note', $2)`,
      [user.id, `${user.id}/report.png`],
    );
    await putObject(server.ctx, {
      bucket: 'avatars',
      name: `${user.id}/avatar.png`,
      body: PNG,
      contentType: 'image/png',
      ownerId: user.id,
    });
    await putObject(server.ctx, {
      bucket: 'bug-screenshots',
      name: `${user.id}/report.png`,
      body: PNG,
      contentType: 'image/png',
      ownerId: user.id,
    });
    // An asset with one photo, as register_asset would leave it.
    const photo = `${user.id}/asset/photo.png`;
    await putObject(server.ctx, {
      bucket: 'asset-media',
      name: photo,
      body: PNG,
      contentType: 'image/png',
      ownerId: user.id,
    });
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Grandfather clock') returning id`,
      [user.id],
    );
    await server.ctx.db.query(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256) values ($1, $2, $3, 'photo', 'image/png', $4, $5)`,
      [rows[0]!.id, user.id, photo, PNG.length, crypto.createHash('sha256').update(PNG).digest('hex')],
    );
    return user;
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server?.close());

  describe('export-my-data', () => {
    let alice: TestUser;
    let bob: TestUser;
    beforeAll(async () => {
      alice = await seededUser('alice');
      bob = await seededUser('bob');
    });

    it('refuses callers without a user session', async () => {
      expect((await call('export-my-data', {})).status).toBe(401);
      // The anon key is a valid JWT, but not a user session.
      const anon = await call('export-my-data', {}, server.anonKey);
      expect(anon.status).toBe(401);
      expect(anon.json.error).toBe('No valid session');
    });

    it("returns the caller's data as a JSON download, and nobody else's", async () => {
      const res = await call('export-my-data', {}, alice.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename=".+-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const doc: ExportDocument = JSON.parse(res.text);
      expect(doc.format).toBe('tagledger-export/2');
      expect(doc.account).toMatchObject({ id: alice.id, email: alice.email });
      expect(doc.profile).toMatchObject({ id: alice.id, full_name: 'alice Person', phone: '+44 1234 567890' });
      expect(doc.settings).toMatchObject({ email_notifications: true, language: 'en' });
      expect(doc.wallet.balance).toBeGreaterThanOrEqual(7);
      expect(doc.token_transactions.some((t) => t.amount === 7 && t.source === 'admin_adjustment')).toBe(true);
      expect(doc.bug_reports).toHaveLength(1);
      expect(doc.bug_reports[0]?.error_message).toBe('Broken button');
      expect(doc.bug_reports[0]).not.toHaveProperty('admin_notes');
      const files = doc.stored_files.map((f) => `${f.bucket_id}/${f.name}`).sort();
      expect(files).toEqual([
        `asset-media/${alice.id}/asset/photo.png`,
        `avatars/${alice.id}/avatar.png`,
        `bug-screenshots/${alice.id}/report.png`,
      ]);
      expect(doc.assets.map((a) => a.title)).toEqual(['Grandfather clock']);
      expect(doc.asset_media[0]?.sha256).toBe(crypto.createHash('sha256').update(PNG).digest('hex'));
      expect(doc.stored_files[0]?.metadata.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(res.text).not.toContain(bob.id);
      expect(res.text).not.toContain(bob.email);
    });
  });

  describe('delete-account', () => {
    it('refuses callers without a user session', async () => {
      expect((await call('delete-account', { password: PASSWORD, confirmation: 'DELETE' })).status).toBe(401);
      expect(
        (await call('delete-account', { password: PASSWORD, confirmation: 'DELETE' }, server.anonKey)).status,
      ).toBe(401);
    });

    it('requires the typed confirmation and the current password', async () => {
      const carol = await seededUser('carol');
      expect((await call('delete-account', { password: PASSWORD }, carol.token)).status).toBe(400);
      const wrongWord = await call('delete-account', { password: PASSWORD, confirmation: 'delete me' }, carol.token);
      expect(wrongWord.status).toBe(400);
      expect(wrongWord.json.error).toBe('Type DELETE to confirm');
      const wrongPassword = await call(
        'delete-account',
        { password: 'not my password', confirmation: 'DELETE' },
        carol.token,
      );
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.json.error).toBe('Current password is incorrect');
      const { rowCount } = await server.ctx.db.query('select 1 from auth.users where id = $1', [carol.id]);
      expect(rowCount).toBe(1);
    });

    it('requires a two-factor session when the user has a verified factor', async () => {
      const dave = await seededUserWithFactor('dave');
      const res = await call('delete-account', { password: PASSWORD, confirmation: 'DELETE' }, dave.token);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('insufficient_aal');
      const { rowCount } = await server.ctx.db.query('select 1 from auth.users where id = $1', [dave.id]);
      expect(rowCount).toBe(1);
    });

    it("deletes the account, its rows and its files, and leaves other users' data alone", async () => {
      const erin = await seededUser('erin');
      const frank = await seededUser('frank');
      const res = await call('delete-account', { password: PASSWORD, confirmation: 'DELETE' }, erin.token);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ deleted: true, files_removed: 3 });

      const count = async (sql: string, id: string) => (await server.ctx.db.query(sql, [id])).rowCount;
      expect(await count('select 1 from auth.users where id = $1', erin.id)).toBe(0);
      expect(await count('select 1 from public.user_profiles where id = $1', erin.id)).toBe(0);
      expect(await count('select 1 from public.user_settings where user_id = $1', erin.id)).toBe(0);
      expect(await count('select 1 from public.user_wallets where user_id = $1', erin.id)).toBe(0);
      expect(await count('select 1 from public.token_transactions where user_id = $1', erin.id)).toBe(0);
      expect(await count(`select 1 from public.bug_reports where screenshot_path like $1 || '/%'`, erin.id)).toBe(0);
      expect(await count(`select 1 from storage.objects where name like $1 || '/%'`, erin.id)).toBe(0);
      expect(await getObject(server.ctx, 'avatars', `${erin.id}/avatar.png`)).toBeNull();
      expect(await getObject(server.ctx, 'bug-screenshots', `${erin.id}/report.png`)).toBeNull();
      expect(await getObject(server.ctx, 'asset-media', `${erin.id}/asset/photo.png`)).toBeNull();
      expect(await count('select 1 from public.assets where owner_id = $1', erin.id)).toBe(0);
      expect(await count('select 1 from public.asset_media where owner_id = $1', erin.id)).toBe(0);

      expect(await count('select 1 from auth.users where id = $1', frank.id)).toBe(1);
      expect(await count('select 1 from public.bug_reports where user_id = $1', frank.id)).toBe(1);
      expect(await getObject(server.ctx, 'avatars', `${frank.id}/avatar.png`)).not.toBeNull();
    });

    it('signs the user out everywhere: the password no longer works and sessions are gone', async () => {
      const gina = await seededUser('gina');
      const client = server.anonClient();
      const signIn = await client.auth.signInWithPassword({ email: gina.email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      const session = signIn.data.session!;
      const res = await call('delete-account', { password: PASSWORD, confirmation: 'DELETE' }, session.access_token);
      expect(res.status).toBe(200);
      expect((await server.ctx.db.query('select 1 from auth.sessions where user_id = $1', [gina.id])).rowCount).toBe(0);
      const again = await server.anonClient().auth.signInWithPassword({ email: gina.email, password: PASSWORD });
      expect(again.error).not.toBeNull();
      const refreshed = await server.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(refreshed.error).not.toBeNull();
    });
  });
  describe('change-password', () => {
    it('refuses callers without a user session', async () => {
      expect(
        (await call('change-password', { current_password: PASSWORD, new_password: 'another one' }, server.anonKey))
          .status,
      ).toBe(401);
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const hank = await seededUser('hank');
      const res = await call(
        'change-password',
        { current_password: 'wrong', new_password: 'brand new pass' },
        hank.token,
      );
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Current password is incorrect');
      const ok = await server.anonClient().auth.signInWithPassword({ email: hank.email, password: PASSWORD });
      expect(ok.error).toBeNull();
    });

    it('requires a two-factor session when the user has a verified factor, and keeps the old password', async () => {
      const kate = await seededUserWithFactor('kate');
      const res = await call(
        'change-password',
        { current_password: PASSWORD, new_password: 'brand new pass' },
        kate.token,
      );
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('insufficient_aal');
      const ok = await server.anonClient().auth.signInWithPassword({ email: kate.email, password: PASSWORD });
      expect(ok.error).toBeNull();
    });

    it('applies the strength policy and refuses the same password', async () => {
      const ivy = await seededUser('ivy');
      const weak = await call('change-password', { current_password: PASSWORD, new_password: '123' }, ivy.token);
      expect(weak.status).toBe(422);
      const same = await call('change-password', { current_password: PASSWORD, new_password: PASSWORD }, ivy.token);
      expect(same.status).toBe(422);
    });

    it('changes the password, keeps the calling session and ends the others', async () => {
      const jack = await seededUser('jack');
      const first = await server.anonClient().auth.signInWithPassword({ email: jack.email, password: PASSWORD });
      const second = await server.anonClient().auth.signInWithPassword({ email: jack.email, password: PASSWORD });
      const res = await call(
        'change-password',
        { current_password: PASSWORD, new_password: 'a better password' },
        first.data.session!.access_token,
      );
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ updated: true });
      expect(
        (await server.anonClient().auth.signInWithPassword({ email: jack.email, password: PASSWORD })).error,
      ).not.toBeNull();
      expect(
        (await server.anonClient().auth.signInWithPassword({ email: jack.email, password: 'a better password' })).error,
      ).toBeNull();
      expect(
        (await server.anonClient().auth.refreshSession({ refresh_token: second.data.session!.refresh_token })).error,
      ).not.toBeNull();
      expect(
        (await server.anonClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token })).error,
      ).toBeNull();
    });
  });
});
