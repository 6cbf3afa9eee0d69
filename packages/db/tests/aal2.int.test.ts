// Two-factor authentication guards the data (migrations 20261123000900, and 20261123000950 for
// token purchases): a user with a verified
// factor reaches their rows, their functions and their files only from an aal2 session. Run as
// the authenticated role with the claims the server writes (aal1, aal2, or no aal at all), for a
// user with a verified factor, with an unverified one, and with none.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
import { withRequestContext } from '@tagledger/db';
import {
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';
import { payPurchase } from './helpers/purchases.js';

/** Every table holding a user's data, and the column that names the user whose row it is. */
const GUARDED_TABLES = [
  'public.user_profiles',
  'public.user_settings',
  'public.next_of_kin',
  'public.user_wallets',
  'public.token_transactions',
  'public.referrals',
  'public.business_requests',
  'public.bug_reports',
  'public.admin_audit_log',
  'public.assets',
  'public.asset_media',
  'public.asset_ledger',
  'public.asset_messages',
  'public.contact_requests',
  'public.contact_blocked_senders',
  'public.contact_abuse_reports',
  'public.token_purchases',
  'public.legacy_switches',
  'public.legacy_requests',
  'public.legacy_events',
  'public.asset_transfers',
  'public.business_products',
  'public.business_scan_days',
  'public.business_unit_scan_days',
  'public.business_units',
  'public.business_profiles',
  'public.business_unit_scans',
  'public.business_gs1_prefixes',
  'public.moderation_reports',
  'public.moderation_log',
  'storage.objects',
] as const;

/** Guarded tables only staff read (their rows are about users, not for them). */
const STAFF_ONLY_TABLES: readonly string[] = [
  'public.admin_audit_log',
  'public.moderation_reports',
  'public.moderation_log',
];

/**
 * Tables with row-level security that hold no user's data: readable at aal1, because the MFA step
 * and the public pages need them. A new table must join one of the two lists.
 */
const PUBLIC_TABLES = [
  'public.news_articles',
  'public.news_article_versions',
  'public.article_authors',
  'public.token_settings',
  'public.referral_settings',
  'public.asset_pricing',
  'public.asset_video_pricing',
  'public.ledger_checkpoints',
  'public.token_packages',
  'storage.buckets',
];

/** Security-definer functions that serve public things (the verify page, public assets, prices). */
const PUBLIC_FUNCTIONS = [
  // What a transfer offer's or an invitation's link shows its holder, signed in or not.
  'asset_transfer_offer',
  'get_ledger_entries',
  'get_public_asset',
  'legacy_invitation',
  'lookup_referral_code',
  'quote_asset_cost',
  'search_public_assets',
  'verify_asset_ledger',
  'verify_serial',
];

/** Functions a user calls that run as their owner (bypassing RLS), each with harmless arguments. */
const GUARDED_FUNCTIONS: Record<string, (uid: string, assetId: string, messageId: string) => [string, unknown[]]> = {
  update_user_activity: () => ['select public.update_user_activity()', []],
  wallet_summary: () => ['select public.wallet_summary()', []],
  request_business_account: () => [`select public.request_business_account('for my shop')`, []],
  my_business_request: () => ['select public.my_business_request()', []],
  apply_referral_on_signup: (uid) => [`select public.apply_referral_on_signup($1, '', 'email_verification')`, [uid]],
  my_referral_stats: () => ['select * from public.my_referral_stats()', []],
  my_referred_users: () => ['select public.my_referred_users(10, null)', []],
  get_asset_proof: (_uid, assetId) => ['select public.get_asset_proof($1)', [assetId]],
  quote_added_media: (_uid, assetId) => ['select public.quote_added_media($1, 1, 0)', [assetId]],
  list_my_sessions: () => ['select * from public.list_my_sessions()', []],
  block_contact_sender: (_uid, _assetId, messageId) => ['select public.block_contact_sender($1)', [messageId]],
  report_contact_abuse: (_uid, _assetId, messageId) => [`select public.report_contact_abuse($1, 'spam')`, [messageId]],
  // Switched on: switching off would cancel the waiting request legacy_refuse_request refuses below.
  legacy_set_switch: () => ['select public.legacy_set_switch(true, 12, 14, 7, null)', []],
  legacy_i_am_still_here: () => ['select public.legacy_i_am_still_here()', []],
  legacy_released_to_me: () => ['select public.legacy_released_to_me()', []],
  legacy_released_asset: (_uid, assetId) => ['select public.legacy_released_asset($1)', [assetId]],
  // Subqueries see the user's rows only at aal2; at aal1 the function gets null and refuses first.
  legacy_invite: (uid) => [
    'select public.legacy_invite((select id from public.next_of_kin where user_id = $1 limit 1))',
    [uid],
  ],
  legacy_refuse_request: (uid) => [
    `select public.legacy_refuse_request((select id from public.legacy_requests where owner_id = $1 and state = 'waiting'))`,
    [uid],
  ],
  // seed() has another owner invite each user with the token invite-<user id>, switch on.
  legacy_answer_invite: (uid) => [`select public.legacy_answer_invite('invite-' || $1, true)`, [uid]],
  legacy_request_early_access: (uid) => ['select public.legacy_request_early_access($1)', [inviterOf.get(uid)]],
  my_incoming_transfers: () => ['select public.my_incoming_transfers()', []],
  my_business_scan_analytics: () => ['select public.my_business_scan_analytics(7)', []],
  legacy_named_me: () => ['select public.legacy_named_me()', []],
  offer_asset_transfer: (_uid, assetId) => [`select public.offer_asset_transfer($1, 'buyer@example.test')`, [assetId]],
  cancel_asset_transfer: (uid) => [
    `select public.cancel_asset_transfer((select id from public.asset_transfers where from_user_id = $1 and state = 'pending' limit 1))`,
    [uid],
  ],
  // seed() has the inviter offer an asset to each user.
  accept_asset_transfer: (uid) => [
    `select public.accept_asset_transfer((select id from public.asset_transfers where to_user_id is null and from_user_id = $1 and state = 'pending'))`,
    [inviterOf.get(uid)],
  ],
};

/** The owner who invited each seeded user as next of kin (seed()). */
const inviterOf = new Map<string, string>();

type Aal = 'aal1' | 'aal2' | undefined;

function asUserAt<T>(t: TestDb, userId: string, aal: Aal, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claims: Record<string, unknown> = { sub: userId, role: 'authenticated', aud: 'authenticated' };
  if (aal) claims.aal = aal;
  return withRequestContext(t.db, { role: 'authenticated', claims }, fn);
}

/** Guarded tables the authenticated role may read at all (contact_requests is the server's only). */
const READABLE_TABLES = GUARDED_TABLES.filter((table) => table !== 'public.contact_requests');

async function visibleRows(t: TestDb, userId: string, aal: Aal): Promise<Record<string, number>> {
  return asUserAt(t, userId, aal, async (tx) => {
    const counts: Record<string, number> = {};
    for (const table of READABLE_TABLES) {
      counts[table] = Number((await tx.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]!.n);
    }
    return counts;
  });
}

describe.each(drivers)('aal2 rule on %s', (driver) => {
  let t: TestDb;
  /** Has a verified TOTP factor and one row in every guarded table. */
  let guarded: string;
  /** Same data, no factor at all. */
  let plain: string;
  /** An admin with a verified factor. */
  let admin: string;
  let guardedAsset: string;
  let plainAsset: string;
  let guardedMessage: string;
  let plainMessage: string;

  async function addFactor(userId: string, status: 'verified' | 'unverified'): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret, friendly_name)
       values ($1, 'totp', $2, 'JBSWY3DPEHPK3PXP', $3) returning id`,
      [userId, status, `app-${crypto.randomUUID().slice(0, 6)}`],
    );
    return rows[0]!.id;
  }

  /** The GTINs seed() gives its users' products, one each. */
  const seededGtins = ['09506000134352', '09506000134369'];

  /** One row per guarded table for userId (profile, settings and wallet exist from sign-up). */
  async function seed(userId: string, referred: string): Promise<{ assetId: string; messageId: string }> {
    const q = (sql: string, params: unknown[] = []) => t.db.query(sql, params);
    await q(
      `insert into public.next_of_kin (user_id, full_name, relationship, email) values ($1, 'Heir', 'Daughter', 'heir@example.test')`,
      [userId],
    );
    await q(`select private.ledger_post($1, 50, 'admin_adjustment', 'Test credit')`, [userId]);
    await q(`insert into public.referrals (referrer_id, referred_id, level, reward) values ($1, $2, 1, 10)`, [
      userId,
      referred,
    ]);
    await q(`select private.open_business_request($1, 'shop')`, [userId]);
    await q(`insert into public.bug_reports (user_id, error_message) values ($1, 'Button broken')`, [userId]);
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, description)
       values ($1, gen_random_uuid(), 'legacy', 'Family ring', 'Goes to my daughter') returning id`,
      [userId],
    );
    const assetId = rows[0]!.id;
    const photo = `${userId}/asset/ring.jpg`;
    await q(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       values ('asset-media', $1, $2::uuid, $2::text, '{"mimetype":"image/jpeg","size":3}')`,
      [photo, userId],
    );
    await q(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256)
       values ($1, $2, $3, 'photo', 'image/jpeg', 3, $4)`,
      [assetId, userId, photo, 'a'.repeat(64)],
    );
    await q(`select private.append_asset_ledger(a, 'register') from public.assets a where a.id = $1`, [assetId]);
    const message = await t.db.query<{ id: string }>(
      `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message)
       values ($1, $2, 'Finder', 'finder@example.test', 'I found your ring') returning id`,
      [assetId, userId],
    );
    const messageId = message.rows[0]!.id;
    await q(
      `insert into public.contact_blocked_senders (owner_id, sender_key, sender_name, asset_title) values ($1, 'pest@example.test', 'Pest', 'Family ring')`,
      [userId],
    );
    await q(
      `insert into public.contact_abuse_reports (reporter_id, message_id, sender_key, sender_name, message) values ($1, $2, 'finder@example.test', 'Finder', 'I found your ring')`,
      [userId, messageId],
    );
    await payPurchase(t.db, userId);
    await q(`insert into public.legacy_switches (user_id, last_activity_at) values ($1, now())`, [userId]);
    await q(`insert into public.legacy_events (owner_id, kind, occurred_at) values ($1, 'activity', now())`, [userId]);
    await q(
      `insert into public.legacy_requests (owner_id, next_of_kin_id, requested_at, release_after)
       select $1, k.id, now(), now() + interval '7 days' from public.next_of_kin k where k.user_id = $1`,
      [userId],
    );
    // Another owner, switch on, invites this user (token invite-<user id>).
    const inviter = await createAuthUser(t.db);
    inviterOf.set(userId, inviter);
    await q(`insert into public.legacy_switches (user_id, enabled, last_activity_at) values ($1, true, now())`, [
      inviter,
    ]);
    await q(
      `insert into public.next_of_kin (user_id, full_name, relationship, email, status, invite_token_hash)
       select $1, 'Friend', 'Friend', u.email, 'invited', encode(sha256(convert_to('invite-' || u.id, 'UTF8')), 'hex')
         from auth.users u where u.id = $2`,
      [inviter, userId],
    );
    const gift = await t.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Gift') returning id`,
      [inviter],
    );
    await q(
      `insert into public.asset_transfers (asset_id, from_user_id, to_email) select $1, $2, lower(u.email) from auth.users u where u.id = $3`,
      [gift.rows[0]!.id, inviter, userId],
    );
    // A transfer this user offers (cancel_asset_transfer has one to cancel).
    await q(
      `insert into public.asset_transfers (asset_id, from_user_id, to_email) values ($1, $2, 'friend@example.test')`,
      [assetId, userId],
    );
    // GTINs and brand names are unique across businesses: each seeded user gets its own.
    const gtin = seededGtins.shift()!;
    const product = await t.db.query<{ id: string }>(
      `insert into public.business_products (business_id, name, gtin) values ($1, 'Watch', $2) returning id`,
      [userId, gtin],
    );
    await q(`insert into public.business_units (business_id, product_id, serial) values ($1, $2, 'W-1')`, [
      userId,
      product.rows[0]!.id,
    ]);
    await q(`insert into public.business_profiles (business_id, brand_name) values ($1, $2)`, [
      userId,
      `Watchmakers ${userId.slice(0, 8)}`,
    ]);
    await q(`insert into public.business_gs1_prefixes (business_id, prefix, kind) values ($1, $2, 'single_gtin')`, [
      userId,
      gtin.slice(1, 13),
    ]);
    await q(
      // A scan of the issued unit, so that its per-unit counts have a row too.
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash)
       select u.id, $1, $2, 'W-1', 'h' from public.business_units u where u.product_id = $1 and u.serial = 'W-1'`,
      [product.rows[0]!.id, userId],
    );
    return { assetId, messageId };
  }

  beforeAll(async () => {
    t = await openTestDb(driver);
    guarded = await createAuthUser(t.db);
    plain = await createAuthUser(t.db);
    admin = await createAuthUser(t.db, { role: 'admin' });
    const referred = await createAuthUser(t.db);
    const referred2 = await createAuthUser(t.db);
    ({ assetId: guardedAsset, messageId: guardedMessage } = await seed(guarded, referred));
    ({ assetId: plainAsset, messageId: plainMessage } = await seed(plain, referred2));
    await t.db.query(
      `insert into public.admin_audit_log (admin_id, action, target_user_id) values ($1, 'test_action', $2)`,
      [admin, guarded],
    );
    await addFactor(guarded, 'verified');
    await addFactor(admin, 'verified');
  });
  afterAll(() => t?.close());

  it('lists every table with row-level security as guarded or as holding no user data', async () => {
    const { rows } = await t.db.query<{ name: string; guarded: boolean }>(
      `select format('%s.%s', n.nspname, c.relname) as name,
              exists (select 1 from pg_policy p
                       where p.polrelid = c.oid and not p.polpermissive
                         and pg_get_expr(p.polqual, p.polrelid) like '%private.aal_satisfied()%'
                         and pg_get_expr(p.polwithcheck, p.polrelid) like '%private.aal_satisfied()%') as guarded
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and c.relrowsecurity and n.nspname in ('public', 'storage')
        order by 1`,
    );
    const guardedNow = rows
      .filter((r) => r.guarded)
      .map((r) => r.name)
      .sort();
    const unguarded = rows
      .filter((r) => !r.guarded)
      .map((r) => r.name)
      .sort();
    expect(guardedNow).toEqual([...GUARDED_TABLES].sort());
    expect(unguarded).toEqual([...PUBLIC_TABLES].sort());
  });

  it('has every security-definer function a user may call check the rule, unless it serves public things', async () => {
    const { rows } = await t.db.query<{ name: string; checks: boolean }>(
      `select p.proname as name,
              p.prosrc like '%private.require_aal_satisfied()%' or p.prosrc like '%private.require_admin()%' as checks
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1`,
    );
    const unchecked = rows.filter((r) => !r.checks).map((r) => r.name);
    expect(unchecked).toEqual([...PUBLIC_FUNCTIONS].sort());
    // Staff functions (admin_*, moderator_*) are covered by the admin tests below and their own suites.
    const checkedUserFunctions = rows
      .filter((r) => r.checks && !r.name.startsWith('admin_') && !r.name.startsWith('moderator_'))
      .map((r) => r.name);
    expect(checkedUserFunctions).toEqual(Object.keys(GUARDED_FUNCTIONS).sort());
  });

  it('shows a two-factor user nothing of theirs at aal1, or with no aal claim', async () => {
    for (const aal of ['aal1', undefined] as const) {
      const counts = await visibleRows(t, guarded, aal);
      expect(counts).toEqual(Object.fromEntries(READABLE_TABLES.map((table) => [table, 0])));
    }
  });

  it('shows a two-factor user their rows at aal2', async () => {
    const counts = await visibleRows(t, guarded, 'aal2');
    for (const table of READABLE_TABLES) {
      // Staff tables (the audit and moderation logs, reports) are for staff only, with or without a factor.
      if (STAFF_ONLY_TABLES.includes(table)) expect(counts[table], table).toBe(0);
      else expect(counts[table], table).toBeGreaterThan(0);
    }
  });

  it('leaves a user without a verified factor as before at aal1 (an unverified factor does not count)', async () => {
    const before = await visibleRows(t, plain, 'aal1');
    const factor = await addFactor(plain, 'unverified');
    try {
      const after = await visibleRows(t, plain, 'aal1');
      expect(after).toEqual(before);
      for (const table of READABLE_TABLES) {
        if (!STAFF_ONLY_TABLES.includes(table)) expect(before[table], table).toBeGreaterThan(0);
      }
      expect(await visibleRows(t, plain, undefined)).toEqual(before);
    } finally {
      await t.db.query('delete from auth.mfa_factors where id = $1', [factor]);
    }
  });

  it('refuses a two-factor user’s writes at aal1 and accepts them at aal2', async () => {
    const attempt = (aal: Aal) =>
      asUserAt(t, guarded, aal, async (tx) => ({
        profile: (await tx.query(`update public.user_profiles set full_name = 'Mallory' where id = $1`, [guarded]))
          .rowCount,
        settings: (await tx.query(`update public.user_settings set language = 'fr' where user_id = $1`, [guarded]))
          .rowCount,
        kin: (await tx.query(`update public.next_of_kin set notes = 'changed' where user_id = $1`, [guarded])).rowCount,
        kinDeleted: (await tx.query('delete from public.next_of_kin where user_id = $1', [guarded])).rowCount,
        asset: (await tx.query(`update public.assets set title = 'Swapped' where id = $1`, [guardedAsset])).rowCount,
      }));
    expect(await attempt('aal1')).toEqual({ profile: 0, settings: 0, kin: 0, kinDeleted: 0, asset: 0 });
    expect(await attempt('aal2')).toEqual({ profile: 1, settings: 1, kin: 1, kinDeleted: 1, asset: 1 });

    const addKin = `insert into public.next_of_kin (full_name, relationship, email) values ('Second', 'Son', 'son@example.test')`;
    await expectSqlState(
      asUserAt(t, guarded, 'aal1', (tx) => tx.query(addKin)),
      '42501',
    );
    expect((await asUserAt(t, guarded, 'aal2', (tx) => tx.query(addKin))).rowCount).toBe(1);

    const upload = `insert into storage.objects (bucket_id, name, owner, owner_id) values ('avatars', $1, $2::uuid, $2::text)`;
    const params = [`${crypto.randomUUID()}.png`, guarded];
    await expectSqlState(
      asUserAt(t, guarded, 'aal1', (tx) => tx.query(upload, params)),
      '42501',
    );
    expect((await asUserAt(t, guarded, 'aal2', (tx) => tx.query(upload, params))).rowCount).toBe(1);
  });

  it('refuses every function a two-factor user calls at aal1, and runs them at aal2', async () => {
    for (const [name, call] of Object.entries(GUARDED_FUNCTIONS)) {
      const [sql, params] = call(guarded, guardedAsset, guardedMessage);
      try {
        await asUserAt(t, guarded, 'aal1', (tx) => tx.query(sql, params));
        throw new Error(`${name} ran at aal1`);
      } catch (err) {
        expect((err as { code?: string }).code, name).toBe('42501');
        expect((err as Error).message, name).toBe('Enter a code from your authenticator app first');
      }
      await expect(
        asUserAt(t, guarded, 'aal2', (tx) => tx.query(sql, params)),
        name,
      ).resolves.toBeDefined();
    }
  });

  it('runs the same functions for a user without a factor at aal1', async () => {
    for (const [name, call] of Object.entries(GUARDED_FUNCTIONS)) {
      const [sql, params] = call(plain, plainAsset, plainMessage);
      await expect(
        asUserAt(t, plain, 'aal1', (tx) => tx.query(sql, params)),
        name,
      ).resolves.toBeDefined();
    }
  });

  it('gives an admin with a factor no admin powers at aal1', async () => {
    const listUsers = `select public.admin_list_users(null, null, null, 10, null)`;
    await expectSqlState(
      asUserAt(t, admin, 'aal1', (tx) => tx.query(listUsers)),
      '42501',
    );
    await expect(asUserAt(t, admin, 'aal2', (tx) => tx.query(listUsers))).resolves.toBeDefined();

    const seen = (aal: Aal) =>
      asUserAt(t, admin, aal, async (tx) => ({
        isAdmin: (await tx.query<{ ok: boolean }>('select private.is_admin() as ok')).rows[0]!.ok,
        wallets: (await tx.query('select 1 from public.user_wallets where user_id = $1', [guarded])).rowCount,
        audit: (await tx.query('select 1 from public.admin_audit_log')).rowCount,
      }));
    expect(await seen('aal1')).toEqual({ isAdmin: false, wallets: 0, audit: 0 });
    expect(await seen('aal2')).toEqual({ isAdmin: true, wallets: 1, audit: 1 });
  });

  it('keeps public things readable at aal1', async () => {
    const article = await t.db.query<{ id: string }>(
      `insert into public.news_articles (news_category, author_id) values ('Company News', $1) returning id`,
      [admin],
    );
    await t.db.query(
      `insert into public.news_article_versions (article_id, language, title, content, status) values ($1, 'en', 'Launch', 'We launched.', 'published')`,
      [article.rows[0]!.id],
    );
    const publicView = await asUserAt(t, guarded, 'aal1', async (tx) => ({
      news: (await tx.query('select 1 from public.news_articles where is_published')).rowCount,
      prices: (await tx.query('select 1 from public.asset_pricing')).rowCount,
      tokenSettings: (await tx.query('select 1 from public.token_settings')).rowCount,
      referralSettings: (await tx.query('select 1 from public.referral_settings')).rowCount,
      packages: (await tx.query('select 1 from public.token_packages')).rowCount,
      verify: (await tx.query<{ r: unknown }>(`select public.verify_serial('NO-SUCH-SERIAL') as r`)).rowCount,
      publicSearch: (await tx.query(`select public.search_public_assets(null, null, null, null, false, 10, null)`))
        .rowCount,
    }));
    expect(publicView.news).toBe(1);
    expect(publicView.prices).toBeGreaterThan(0);
    expect(publicView.tokenSettings).toBeGreaterThan(0);
    expect(publicView.referralSettings).toBeGreaterThan(0);
    expect(publicView.packages).toBeGreaterThan(0);
    expect(publicView.verify).toBe(1);
    expect(publicView.publicSearch).toBe(1);
  });

  it('answers the rule for a named user to the server only', async () => {
    const ask = (user: string, aal: string) =>
      asService(
        t.db,
        async (tx) =>
          (await tx.query<{ ok: boolean }>('select private.aal_satisfied_by($1, $2) as ok', [user, aal])).rows[0]!.ok,
      );
    expect(await ask(guarded, 'aal1')).toBe(false);
    expect(await ask(guarded, 'aal2')).toBe(true);
    expect(await ask(plain, 'aal1')).toBe(true);
    await expectSqlState(
      asUser(t.db, plain, (tx) => tx.query('select private.aal_satisfied_by($1, $2)', [guarded, 'aal2'])),
      '42501',
    );
  });
});
