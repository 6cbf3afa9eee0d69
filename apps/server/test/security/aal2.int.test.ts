// Security issue, hole 5: two-factor authentication must guard the data. The attack, through the
// real server: someone who has only the password of a user with a verified TOTP factor signs in
// (aal1) and tries to read the next of kin and the heir instructions, the wallet, to export
// everything, to spend the tokens and to reach the stored files. All refused or empty; after a
// code from the authenticator app (aal2) the same session gets everything; a user without a
// factor is not asked for anything. Buying tokens too: an aal1 session cannot open a checkout or
// read the purchases (migration 20261123000950 and the functions gateway).
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { startFakeStripe, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { totpNow } from '../helpers/totp.js';
import { JPEG } from '../assets/fixtures.js';

const PASSWORD = 'Tl-correct-horse-42!';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HEIR_INSTRUCTIONS = 'The ring goes to my daughter Ana';

describe.each(drivers)('two-factor authentication guards the data on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ driver, env: { RATE_LIMITS: 'off', ...stripe.serverEnv() } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  async function token(client: SupabaseClient): Promise<string> {
    return (await client.auth.getSession()).data.session!.access_token;
  }

  async function callFunction(client: SupabaseClient, name: string, body: unknown) {
    const res = await fetch(`${server.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: server.anonKey,
        Authorization: `Bearer ${await token(client)}`,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* a PDF or an empty body; asserted by status */
    }
    return { status: res.status, json, text };
  }

  /** A confirmed account and a password sign-in (aal1). */
  async function newAccount(tag: string): Promise<{ email: string; id: string; client: SupabaseClient }> {
    const email = uniqueEmail(tag);
    const created = await server
      .serviceClient()
      .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    return { email, id: created.data.user!.id, client: await signIn(email) };
  }

  async function signIn(email: string): Promise<SupabaseClient> {
    const client = server.anonClient();
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return client;
  }

  async function verifyCode(client: SupabaseClient, factorId: string, secret: string): Promise<void> {
    const { data: challenge, error } = await client.auth.mfa.challenge({ factorId });
    expect(error).toBeNull();
    const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: totpNow(secret) });
    expect(verified.error).toBeNull();
  }

  async function uploadPending(client: SupabaseClient, userId: string) {
    const name = `${userId}/pending/${crypto.randomUUID()}.jpg`;
    return {
      name,
      result: await client.storage.from('asset-media').upload(name, new Blob([JPEG], { type: 'image/jpeg' })),
    };
  }

  async function credit(userId: string, amount: number): Promise<void> {
    await server.ctx.db.query(`select private.ledger_post($1, $2, 'admin_adjustment', 'Test credit')`, [
      userId,
      amount,
    ]);
  }

  async function balance(userId: string): Promise<number> {
    const { rows } = await server.ctx.db.query<{ balance: string }>(
      'select balance::text from public.user_wallets where user_id = $1',
      [userId],
    );
    return Number(rows[0]!.balance);
  }

  function registration(media: string[]) {
    return {
      submissionId: crypto.randomUUID(),
      asset: { kind: 'legacy', title: 'Family ring', heir_instructions: HEIR_INSTRUCTIONS },
      media,
    };
  }

  /** The user's own rows in each table, counted by the database owner, and their owner column. */
  const OWN_ROWS: Record<string, string> = {
    user_profiles: 'id',
    user_settings: 'user_id',
    next_of_kin: 'user_id',
    user_wallets: 'user_id',
    token_transactions: 'user_id',
    assets: 'owner_id',
    asset_media: 'owner_id',
  };

  async function storedRows(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [table, column] of Object.entries(OWN_ROWS)) {
      const { rows } = await server.ctx.db.query<{ n: string }>(
        `select count(*)::text as n from public.${table} where ${column} = $1`,
        [userId],
      );
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  }

  /** What the data API shows this session. */
  async function visibleRows(client: SupabaseClient): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    // The owner column, not '*': next_of_kin grants signed-in users only its readable columns.
    for (const [table, column] of Object.entries(OWN_ROWS)) {
      const { data, error } = await client.from(table).select(column);
      expect(error, table).toBeNull();
      counts[table] = data!.length;
    }
    return counts;
  }

  const NOTHING = Object.fromEntries(Object.keys(OWN_ROWS).map((table) => [table, 0]));

  it('asks nothing more of a user without a factor: aal1 reads, exports, spends and stores as before', async () => {
    const { id, client } = await newAccount('plain');
    await credit(id, 10_000);
    expect(
      (
        await client
          .from('next_of_kin')
          .insert({ full_name: 'Ana', relationship: 'Daughter', email: 'ana@example.test' })
      ).error,
    ).toBeNull();
    const upload = await uploadPending(client, id);
    expect(upload.result.error).toBeNull();
    const before = await balance(id);
    const registered = await callFunction(client, 'register-asset', registration([upload.name]));
    expect(registered.status).toBe(200);
    expect(await balance(id)).toBeLessThan(before);

    const stored = await storedRows(id);
    expect(Object.values(stored).every((n) => n > 0)).toBe(true);
    expect(await visibleRows(client)).toEqual(stored);
    expect((await client.rpc('wallet_summary')).error).toBeNull();
    expect((await callFunction(client, 'export-my-data', {})).status).toBe(200);
    const avatars = client.storage.from('avatars');
    const avatar = `${crypto.randomUUID()}.png`;
    expect((await avatars.upload(avatar, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    expect((await avatars.list()).data?.map((o) => o.name)).toEqual([avatar]);
    expect((await avatars.createSignedUrl(avatar, 60)).error).toBeNull();
  });

  describe('a user with a verified TOTP factor', () => {
    let email: string;
    let userId: string;
    let factorId: string;
    let secret: string;
    let assetId: string;
    let spare: string;
    let packageId: string;
    let purchaseId: string;
    const avatar = `${crypto.randomUUID()}.png`;
    let passwordOnly: SupabaseClient;

    beforeAll(async () => {
      // The owner sets the account up (no factor yet), then turns on two-factor authentication.
      const account = await newAccount('guarded');
      ({ email, id: userId } = account);
      const owner = account.client;
      await credit(userId, 10_000);
      expect(
        (
          await owner
            .from('next_of_kin')
            .insert({ full_name: 'Ana', relationship: 'Daughter', email: 'ana@example.test' })
        ).error,
      ).toBeNull();
      expect(
        (await owner.storage.from('avatars').upload(avatar, new Blob([PNG], { type: 'image/png' }))).error,
      ).toBeNull();
      const photo = await uploadPending(owner, userId);
      const registered = await callFunction(owner, 'register-asset', registration([photo.name]));
      expect(registered.status).toBe(200);
      assetId = (registered.json.asset_id ?? (registered.json.asset as { id: string } | undefined)?.id) as string;
      expect(assetId).toMatch(/^[0-9a-f-]{36}$/);
      const second = await uploadPending(owner, userId);
      expect(second.result.error).toBeNull();
      spare = second.name;
      const { rows: packages } = await server.ctx.db.query<{ id: string }>(
        'select id from public.token_packages order by sort_order limit 1',
      );
      packageId = packages[0]!.id;
      const bought = await callFunction(owner, 'create-checkout-session', { packageId });
      expect(bought.status).toBe(200);
      purchaseId = bought.json.purchaseId as string;

      const { data: enrolled, error } = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
      expect(error).toBeNull();
      factorId = enrolled!.id;
      secret = enrolled!.totp.secret;
      await verifyCode(owner, factorId, secret);

      // The attacker knows the password only.
      passwordOnly = await signIn(email);
    }, 120_000);

    it('shows a password-only (aal1) session none of their rows', async () => {
      const level = (await passwordOnly.auth.mfa.getAuthenticatorAssuranceLevel()).data;
      expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      expect(Object.values(await storedRows(userId)).every((n) => n > 0)).toBe(true);
      expect(await visibleRows(passwordOnly)).toEqual(NOTHING);
      const heir = await passwordOnly.from('assets').select('heir_instructions').eq('id', assetId);
      expect(heir.data).toEqual([]);
      const summary = await passwordOnly.rpc('wallet_summary');
      expect(summary.error?.code).toBe('42501');
      expect(summary.error?.message).toBe('Enter a code from your authenticator app first');
    });

    it('refuses their writes at aal1', async () => {
      const added = await passwordOnly
        .from('next_of_kin')
        .insert({ full_name: 'Mallory', relationship: 'Friend', email: 'm@example.test' });
      expect(added.error?.code).toBe('42501');
      const renamed = await passwordOnly.from('assets').update({ title: 'Mine now' }).eq('id', assetId).select();
      expect(renamed.data ?? []).toEqual([]);
      const { rows } = await server.ctx.db.query<{ title: string; kin: string }>(
        `select a.title, (select count(*)::text from public.next_of_kin k where k.user_id = a.owner_id) as kin
           from public.assets a where a.id = $1`,
        [assetId],
      );
      expect(rows[0]).toEqual({ title: 'Family ring', kin: '1' });
    });

    it('refuses export, spending, certificates, deletion and the asset list with its file URLs at aal1', async () => {
      const before = await balance(userId);
      const refused = {
        export: await callFunction(passwordOnly, 'export-my-data', {}),
        register: await callFunction(passwordOnly, 'register-asset', registration([spare])),
        certificate: await callFunction(passwordOnly, 'asset-certificate', { assetId }),
        deleteAsset: await callFunction(passwordOnly, 'delete-asset', { assetId }),
        myAssets: await callFunction(passwordOnly, 'my-assets', { limit: 12 }),
        myAsset: await callFunction(passwordOnly, 'my-asset', { id: assetId, photoWidth: 640 }),
      };
      for (const [name, res] of Object.entries(refused)) {
        expect(res.status, name).toBe(403);
        expect(res.json, name).toEqual({
          error: 'Enter a code from your authenticator app first',
          code: 'insufficient_aal',
        });
      }
      expect(await balance(userId)).toBe(before);
      const { rows } = await server.ctx.db.query('select 1 from public.assets where owner_id = $1', [userId]);
      expect(rows).toHaveLength(1);
    });

    it('refuses a checkout and hides their purchases at aal1', async () => {
      const checkout = await callFunction(passwordOnly, 'create-checkout-session', { packageId });
      expect(checkout.status).toBe(403);
      expect(checkout.json).toEqual({
        error: 'Enter a code from your authenticator app first',
        code: 'insufficient_aal',
      });
      // Nor can an aal1 session cancel their open purchase.
      const cancel = await callFunction(passwordOnly, 'cancel-checkout', { purchaseId });
      expect([cancel.status, cancel.json]).toEqual([403, expect.objectContaining({ code: 'insufficient_aal' })]);
      const { rows } = await server.ctx.db.query('select id, status from public.token_purchases where user_id = $1', [
        userId,
      ]);
      expect(rows).toEqual([{ id: purchaseId, status: 'pending' }]);
      const purchases = await passwordOnly.from('token_purchases').select('id');
      expect(purchases.error).toBeNull();
      expect(purchases.data).toEqual([]);
      // The price list is public and stays readable for the two-factor screen's session.
      const packages = await passwordOnly.from('token_packages').select('id');
      expect(packages.data?.map((p) => p.id)).toContain(packageId);
    });

    it('keeps their stored files out of reach at aal1', async () => {
      const avatars = passwordOnly.storage.from('avatars');
      expect((await avatars.download(avatar)).data).toBeNull();
      expect((await avatars.list()).data ?? []).toEqual([]);
      expect((await avatars.createSignedUrl(avatar, 60)).data).toBeNull();
      expect(
        (await avatars.upload(`${crypto.randomUUID()}.png`, new Blob([PNG], { type: 'image/png' }))).error,
      ).not.toBeNull();
      expect((await avatars.remove([avatar])).data ?? []).toEqual([]);
      expect((await passwordOnly.storage.from('asset-media').download(spare)).data).toBeNull();
      const { rows } = await server.ctx.db.query(
        `select name from storage.objects where bucket_id = 'avatars' and owner_id = $1`,
        [userId],
      );
      expect(rows).toEqual([{ name: avatar }]);
    });

    it('keeps the two-factor step and public things working at aal1', async () => {
      const factors = await passwordOnly.auth.mfa.listFactors();
      expect(factors.error).toBeNull();
      expect(factors.data!.totp.map((f) => f.id)).toEqual([factorId]);
      const prices = await passwordOnly.from('asset_pricing').select('*');
      expect(prices.error).toBeNull();
      expect(prices.data!.length).toBeGreaterThan(0);
      expect((await passwordOnly.rpc('verify_serial', { p_serial: 'NO-SUCH-SERIAL' })).error).toBeNull();
      expect((await callFunction(passwordOnly, 'public-asset-media', { assetIds: [assetId] })).status).toBe(200);
    });

    it('gives the same session everything once it has entered a code (aal2)', async () => {
      await verifyCode(passwordOnly, factorId, secret);
      expect((await passwordOnly.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
      expect(await visibleRows(passwordOnly)).toEqual(await storedRows(userId));
      const heir = await passwordOnly.from('assets').select('heir_instructions').eq('id', assetId).single();
      expect(heir.data?.heir_instructions).toBe(HEIR_INSTRUCTIONS);
      expect((await passwordOnly.rpc('wallet_summary')).error).toBeNull();
      expect((await passwordOnly.from('token_purchases').select('id')).data).toEqual([{ id: purchaseId }]);
      expect((await callFunction(passwordOnly, 'create-checkout-session', { packageId })).status).toBe(200);

      const exported = await callFunction(passwordOnly, 'export-my-data', {});
      expect(exported.status).toBe(200);
      expect(exported.text).toContain(HEIR_INSTRUCTIONS);
      expect((exported.json.next_of_kin as unknown[]).length).toBe(1);

      const before = await balance(userId);
      expect((await callFunction(passwordOnly, 'register-asset', registration([spare]))).status).toBe(200);
      expect(await balance(userId)).toBeLessThan(before);
      const avatars = passwordOnly.storage.from('avatars');
      expect((await avatars.list()).data?.map((o) => o.name)).toEqual([avatar]);
      expect((await avatars.createSignedUrl(avatar, 60)).error).toBeNull();
    });
  });
});
