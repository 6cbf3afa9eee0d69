// The export holds everything we hold about a person, and deleting the account leaves nothing that
// names them but what is kept for a stated reason (issue 30, item 1; decision 0153). One user is
// seeded with a row in every table, for every column the catalogue of personal data declares
// (packages/db/tests/personal-data.int.test.ts keeps that catalogue complete); the export is then
// downloaded and the account deleted through the real server, as the Account page does, and the
// whole database is searched for the user's id and address afterwards.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/services/password.js';
import { putObject } from '../../src/storage/service.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const PASSWORD = 'correct horse battery';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Secret values seeded into the user's rows; none may appear in the export. */
const SECRETS = {
  invitation: crypto.createHash('sha256').update('invite-secret').digest('hex'),
  mailSecret: 'mail-secret-value-123',
  contactToken: crypto.createHash('sha256').update('contact-secret').digest('hex'),
  totp: 'JBSWY3DPEHPK3PXPSECRET',
  refreshToken: 'refresh-token-secret-value',
};
/** Catalogued columns no user's data ever reaches (the service's own buckets). */
const NEVER_SEEDED = ['storage.buckets.owner', 'storage.buckets.owner_id'];
/** Label scans seeded for the user's brand: more than two pages of the export. */
const SCANS = 1201;
/** The columns named like a secret or a hash that are exported: fingerprints of the user's own records. */
const FINGERPRINTS = ['record_hash', 'prev_hash', 'entry_hash', 'content_hash', 'token_id'];

interface Rule {
  table_name: string;
  column_name: string;
  names_user_with: string;
  section: string | null;
  on_delete: string;
}

/** The user a query looks for, as `p.uid` and `p.email` (parameters $1 and $2). */
const USER = 'cross join (select $1::text as uid, $2::text as email) p';

/** The test's own reading of "this row's column names the user" (on alias t, with USER joined). */
function names(rule: Rule): string {
  const col = `t.${rule.column_name}`;
  switch (rule.names_user_with) {
    case 'id':
      return `${col}::text = p.uid`;
    case 'email':
      return `lower(${col}) = lower(p.email)`;
    case 'sender_key':
      return `${col} = private.contact_sender_key(p.email)`;
    case 'email_hash':
      return `${col} = private.mail_recipient_hash(p.email)`;
    case 'folder':
      return `split_part(${col}, '/', 1) = p.uid`;
    case 'key':
      return `position(p.uid in ${col}) > 0`;
    default:
      throw new Error(`unknown kind ${rule.names_user_with}`);
  }
}

describe.each(drivers)('everything held about a person on %s', (driver) => {
  let server: TestServer;
  let me: TestUser;
  /** Another account: refers me, names me next of kin, offers me an asset, acts as staff about me. */
  let other: TestUser;
  /** Someone I referred. */
  let referee: TestUser;
  let rules: Rule[];
  let doc: Record<string, unknown>;
  let text: string;

  const q = (sql: string, params: unknown[] = []) => server.ctx.db.query(sql, params);
  const one = async <T>(sql: string, params: unknown[] = []) => (await server.ctx.db.query<T>(sql, params)).rows[0]!;

  async function call(name: string, body: unknown, token: string) {
    const res = await fetch(`${server.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  async function rowsNaming(rule: Rule, id: string, email: string): Promise<number> {
    const { rows } = await q(`select count(*)::int as n from ${rule.table_name} t ${USER} where ${names(rule)}`, [
      id,
      email,
    ]);
    return (rows[0] as { n: number }).n;
  }

  /** A row in every catalogued table, for every column that names a user. */
  async function seed() {
    const id = me.id;
    const email = me.email;
    await q('update auth.users set encrypted_password = $2, confirmation_token = $3 where id = $1', [
      id,
      await hashPassword(PASSWORD),
      'confirmation-token-secret',
    ]);
    await q(`update public.user_profiles set full_name = 'Mia Mine', referred_by = $2 where id = $1`, [id, other.id]);
    await q(`update public.user_profiles set referred_by = $2 where id = $1`, [referee.id, id]);
    await q(`update public.user_settings set language = 'fr' where user_id = $1`, [id]);
    // Signing in.
    await q(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret) values ($1, 'totp', 'unverified', $2)`,
      [id, SECRETS.totp],
    );
    await q(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, $2, 'email')`,
      [id, JSON.stringify({ sub: id, email })],
    );
    await q(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [
      SECRETS.refreshToken,
      id,
      me.sessionId,
    ]);
    await q(
      `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
       values ($1, 'auth-code-secret', 's256', 'challenge', 'magiclink')`,
      [id],
    );
    // Files: an avatar, and a file in the user's folder nobody recorded as theirs.
    await putObject(server.ctx, {
      bucket: 'avatars',
      name: `${id}/a.png`,
      body: PNG,
      contentType: 'image/png',
      ownerId: id,
    });
    await putObject(server.ctx, {
      bucket: 'bug-screenshots',
      name: `${id}/b.png`,
      body: PNG,
      contentType: 'image/png',
    });
    // Wallet, purchases, referrals.
    await q(`select private.ledger_post($1, 7, 'admin_adjustment', 'Test credit', null, null, $2)`, [id, other.id]);
    await q(`select private.ledger_post($1, 3, 'admin_adjustment', 'Adjusted by me', null, null, $2)`, [
      referee.id,
      id,
    ]);
    await q(
      `insert into public.token_purchases (user_id, package_name, tokens, amount_minor, currency) values ($1, 'Starter', 100, 500, 'gbp')`,
      [id],
    );
    await q(
      `insert into public.referrals (referrer_id, referred_id, level, reward) values ($1, $2, 1, 10), ($3, $1, 1, 10)`,
      [id, referee.id, other.id],
    );
    await q(
      `insert into private.referral_applications (user_id, referrer_id, code, source, default_referrer_used)
       values ($1, $2, 'CODE1', 'email_verification', false), ($3, $1, 'CODE2', 'email_verification', false)`,
      [id, other.id, referee.id],
    );
    await q('update private.referral_config set default_referrer_id = $1', [id]);
    // Mail and counters.
    await q(
      `insert into private.mail_opt_outs (recipient_hash, sender_id) values (private.mail_recipient_hash($1), $2),
              (private.mail_recipient_hash('someone@example.test'), $3)`,
      [email, other.id, id],
    );
    await q(
      // Waiting for a retry tomorrow, so the server's mail worker leaves it queued during the test.
      `insert into private.mail_outbox (to_address, subject, body_text, body_html, next_attempt_at)
       values ($1, 'Hello', 'Hi', '<p>Hi</p>', now() + interval '1 day')`,
      [email],
    );
    await q(`insert into private.sign_in_failures (ip, email, failures) values ('203.0.113.9', $1, 1)`, [email]);
    await q(`insert into private.rate_limits (key, window_start, hits) values ($1, now(), 1)`, [`test:user:${id}`]);
    await q(
      `insert into public.bug_reports (user_id, user_email, error_message, admin_notes) values ($1, $2, 'Broken', 'triage')`,
      [id, email],
    );
    // Assets, ledger, messages, transfers, the contact relay.
    const asset = await one<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Clock') returning id`,
      [id],
    );
    const theirs = await one<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, privacy) values ($1, gen_random_uuid(), 'general', 'Their bike', 'public') returning id`,
      [other.id],
    );
    const gift = await one<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Gift') returning id`,
      [other.id],
    );
    await q(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256)
       values ($1, $2, $3, 'photo', 'image/png', 3, $4)`,
      [asset.id, id, `${id}/asset/photo.png`, 'a'.repeat(64)],
    );
    await q(`select private.append_asset_ledger(a, 'register') from public.assets a where a.id = $1`, [asset.id]);
    const inbox = await one<{ id: string }>(
      `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message)
       values ($1, $2, 'Finder', 'finder@example.test', 'Found your clock') returning id`,
      [asset.id, id],
    );
    await q(
      `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message) values ($1, $2, 'Mia', $3, 'Found your bike')`,
      [theirs.id, other.id, email],
    );
    await q(
      `insert into public.contact_requests (asset_id, owner_id, sender_email, message, token_hash, expires_at)
       values ($1, $2, 'stranger@example.test', 'Hello owner', $3, now() + interval '1 day'),
              ($4, $5, $6, 'Is this yours?', $7, now() + interval '1 day')`,
      [asset.id, id, SECRETS.contactToken, theirs.id, other.id, email, 'b'.repeat(64)],
    );
    await q(
      `insert into public.asset_transfers (asset_id, from_user_id, to_email) values ($1, $2, 'friend@example.test')`,
      [asset.id, id],
    );
    await q(
      `insert into public.asset_transfers (asset_id, from_user_id, to_email, state, to_user_id, decided_at)
       values ($1, $2, $3, 'accepted', $4, now()), ($5, $2, $3, 'pending', null, null)`,
      [gift.id, other.id, email, id, theirs.id],
    );
    await q(
      `insert into public.contact_blocked_senders (owner_id, sender_key, sender_name) values ($1, 'pest@example.test', 'Pest'),
              ($2, private.contact_sender_key($3), 'Mia')`,
      [id, other.id, email],
    );
    await q(
      `insert into public.contact_abuse_reports (reporter_id, message_id, sender_key, message) values ($1, $2, 'finder@example.test', 'Found your clock'),
              ($3, null, private.contact_sender_key($4), 'Found your bike')`,
      [id, inbox.id, other.id, email],
    );
    await q(
      `insert into public.moderation_reports (target_kind, asset_id, reason, reporter_id, reporter_hash) values ('asset', $1, 'other', $2, $3)`,
      [theirs.id, id, 'c'.repeat(64)],
    );
    // Next of kin and the legacy switch, both ways.
    const heir = await one<{ id: string }>(
      `insert into public.next_of_kin (user_id, full_name, relationship, email, status, invite_token_hash)
       values ($1, 'Heir', 'Son', 'heir@example.test', 'invited', $2) returning id`,
      [id, SECRETS.invitation],
    );
    const named = await one<{ id: string }>(
      `insert into public.next_of_kin (user_id, full_name, relationship, email, status, kin_user_id, notes, message)
       values ($1, 'Mia', 'Friend', $2, 'accepted', $3, 'Private note of theirs', 'For later') returning id`,
      [other.id, email, id],
    );
    await q(`insert into public.legacy_switches (user_id, last_activity_at) values ($1, now()), ($2, now())`, [
      id,
      other.id,
    ]);
    await q(
      `insert into public.legacy_requests (owner_id, next_of_kin_id, requested_at, release_after) values ($1, $2, now(), now() + interval '7 days')`,
      [id, heir.id],
    );
    await q(
      `insert into public.legacy_requests (owner_id, next_of_kin_id, kin_user_id, requested_at, release_after)
       values ($1, $2, $3, now(), now() + interval '7 days')`,
      [other.id, named.id, id],
    );
    await q(
      `insert into public.legacy_events (owner_id, kind, occurred_at, recipient_email, mail_secret) values ($1, 'invited', now(), 'heir@example.test', $2),
              ($3, 'invited', now(), $4, 'their-secret')`,
      [id, SECRETS.mailSecret, other.id, email],
    );
    // Business, and staff decisions both ways.
    await q(`insert into public.business_requests (user_id, note) values ($1, 'My shop')`, [id]);
    await q(
      `insert into public.business_requests (user_id, note, status, decided_by, decided_at) values ($1, 'Their shop', 'approved', $2, now())`,
      [referee.id, id],
    );
    await q(`insert into public.business_profiles (business_id, brand_name) values ($1, $2)`, [
      id,
      `Mia ${id.slice(0, 6)}`,
    ]);
    await q(
      `insert into public.business_gs1_prefixes (business_id, prefix, kind) values ($1, '950600013435', 'single_gtin')`,
      [id],
    );
    await q(
      `insert into public.business_gs1_prefixes (business_id, prefix, kind, status, decided_by, decided_at, evidence)
       values ($1, '950600013436', 'single_gtin', 'verified', $2, now(), 'Certificate')`,
      [referee.id, id],
    );
    const product = await one<{ id: string }>(
      `insert into public.business_products (business_id, name, sku) values ($1, 'Watch', 'W-1') returning id`,
      [id],
    );
    const unit = await one<{ id: string }>(
      `insert into public.business_units (business_id, product_id, serial) values ($1, $2, 'W-0001') returning id`,
      [id, product.id],
    );
    // Scans of the issued unit, as the scan page records them: they are counted per unit too (decision 0173).
    await q(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       select $4, $1, $2, 'W-0001', 'd' || i, now() - (i % 3) * interval '1 hour' from generate_series(1, $3::int) i`,
      [product.id, id, SCANS, unit.id],
    );
    await q(
      `insert into public.moderation_log (moderator_id, queue, item_id, action, target_user_id, reason)
       values ($1, 'assets', $3, 'warn_user', $2, 'About me'), ($2, 'assets', $4, 'warn_user', $1, 'By me')`,
      [other.id, id, asset.id, theirs.id],
    );
    await q(
      `insert into public.admin_audit_log (admin_id, action, target_user_id) values ($1, 'grant_business', $2), ($2, 'set_role', $1)`,
      [other.id, id],
    );
    // News written as an author.
    await q(`insert into public.article_authors (id, full_name) values ($1, 'Mia Mine') on conflict (id) do nothing`, [
      id,
    ]);
    await q(`insert into public.news_articles (news_category, author_id) values ('Launch', $1)`, [id]);
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    me = await createTestUser(server, { email: `mia-${crypto.randomUUID().slice(0, 6)}@example.test` });
    other = await createTestUser(server);
    referee = await createTestUser(server);
    await seed();
    rules = (
      await server.ctx.db.query<Rule>(
        'select table_name, column_name, names_user_with, section, on_delete from private.personal_data order by 1, 2',
      )
    ).rows;
    const res = await call('export-my-data', {}, me.token);
    expect(res.status).toBe(200);
    // Streamed: sent in chunks as it is read, not as one body of a known length.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    text = res.text;
    doc = JSON.parse(text) as Record<string, unknown>;
  }, 180_000);
  afterAll(() => server?.close());

  it('seeds a row for every catalogued column (so the checks below cannot pass by finding nothing)', async () => {
    const empty: string[] = [];
    for (const rule of rules) {
      const name = `${rule.table_name}.${rule.column_name}`;
      if (!NEVER_SEEDED.includes(name) && (await rowsNaming(rule, me.id, me.email)) === 0) empty.push(name);
    }
    expect(empty).toEqual([]);
  });

  it('exports every section with every row the catalogue names, in the user’s language', async () => {
    const sections = (await q('select section, one_row from private.export_sections order by position, section'))
      .rows as { section: string; one_row: boolean }[];
    expect(doc).toMatchObject({ format: 'tagledger-export/2', language: 'fr' });
    expect(Object.keys(doc)).toEqual([
      'format',
      'generated_at',
      'language',
      'contents',
      ...sections.map((s) => s.section),
    ]);
    expect(doc.contents).toMatchObject({
      account: 'Compte',
      assets: 'Biens',
      business_unit_scans: 'Scans des étiquettes',
    });
    const counts: Record<string, [number, number]> = {};
    for (const { section, one_row } of sections) {
      const columns = rules.filter((r) => r.section === section);
      const where = columns.map(names).join(' or ');
      const { rows } = await q(`select count(*)::int as n from ${columns[0]!.table_name} t ${USER} where ${where}`, [
        me.id,
        me.email,
      ]);
      const held = (rows[0] as { n: number }).n;
      const value = doc[section];
      const exported = one_row ? (value === null ? 0 : 1) : (value as unknown[]).length;
      counts[section] = [exported, held];
      expect(held, `${section} holds something for the seeded user`).toBeGreaterThan(0);
    }
    for (const [section, [exported, held]] of Object.entries(counts)) expect(exported, section).toBe(held);
    // More than two pages of scans, each once, in order.
    const scans = doc.business_unit_scans as { id: number; scanned_at: string }[];
    expect(scans).toHaveLength(SCANS);
    expect(new Set(scans.map((s) => s.id)).size).toBe(SCANS);
    const sorted = [...scans].sort((a, b) => a.scanned_at.localeCompare(b.scanned_at) || a.id - b.id);
    expect(scans.map((s) => s.id)).toEqual(sorted.map((s) => s.id));
  });

  it('leaves out secrets, hashes and other people’s ids', () => {
    for (const [section, value] of Object.entries(doc)) {
      if (['format', 'generated_at', 'language', 'contents'].includes(section)) continue;
      for (const row of (Array.isArray(value) ? value : [value]) as Record<string, unknown>[]) {
        for (const key of Object.keys(row ?? {})) {
          const secretLike = /secret|password|salt|hash|(^|_)token(_|$)/.test(key);
          if (secretLike) expect(FINGERPRINTS, `${section}.${key}`).toContain(key);
        }
      }
    }
    for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
    expect(text).not.toContain('confirmation-token-secret');
    expect(text).not.toContain('auth-code-secret');
    for (const person of [other, referee]) {
      expect(text).not.toContain(person.id);
      expect(text).not.toContain(person.email);
    }
    // What another owner's list of heirs says about me, not their notes or message.
    expect(doc.named_me_next_of_kin).toEqual([expect.objectContaining({ full_name: 'Mia', status: 'accepted' })]);
    expect(text).not.toContain('Private note of theirs');
    expect(doc.bug_reports).toEqual([expect.not.objectContaining({ admin_notes: expect.anything() })]);
  });

  it('exports a column added to an exported table, unless its name says it is a secret', async () => {
    await q(
      `alter table public.assets add column planted_note text default 'planted note', add column planted_secret text default 'planted secret'`,
    );
    try {
      const res = await call('export-my-data', {}, me.token);
      expect(res.status).toBe(200);
      const again = JSON.parse(res.text) as { assets: Record<string, unknown>[] };
      expect(again.assets[0]).toMatchObject({ title: 'Clock', planted_note: 'planted note' });
      expect(again.assets[0]).not.toHaveProperty('planted_secret');
    } finally {
      await q('alter table public.assets drop column planted_note, drop column planted_secret');
    }
  });

  it('deletes the account as catalogued: nothing names the user but what is kept, and kept rows lose the id', async () => {
    // The rows kept without the user, by primary key, before.
    const keptRows: { rule: Rule; keys: string[] }[] = [];
    for (const rule of rules.filter((r) => ['set_null', 'anonymise', 'keep'].includes(r.on_delete))) {
      const pk = (
        await one<{ pk: string }>(
          `select a.attname as pk from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
            where i.indrelid = $1::regclass and i.indisprimary`,
          [rule.table_name],
        )
      ).pk;
      const { rows } = await q(`select t.${pk}::text as key from ${rule.table_name} t ${USER} where ${names(rule)}`, [
        me.id,
        me.email,
      ]);
      keptRows.push({ rule, keys: (rows as { key: string }[]).map((r) => r.key) });
    }

    const res = await call('delete-account', { password: PASSWORD, confirmation: 'DELETE' }, me.token);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ deleted: true, files_removed: 2 });

    // Every text, id, JSON or array column of every table, searched for the id and the address.
    const { rows: columns } = await q(
      `select n.nspname || '.' || c.relname as table_name, a.attname as column_name
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('auth', 'public', 'private', 'storage') and a.attnum > 0
          and not a.attisdropped
          and a.atttypid in ('uuid'::regtype, 'text'::regtype, 'varchar'::regtype, 'jsonb'::regtype, 'json'::regtype,
                             'text[]'::regtype, 'uuid[]'::regtype)
        order by 1, 2`,
    );
    const remaining: string[] = [];
    for (const { table_name, column_name } of columns as { table_name: string; column_name: string }[]) {
      const { rows } = await q(
        `select count(*)::int as n from ${table_name} t
          where strpos(lower(t.${column_name}::text), $1) > 0 or strpos(lower(t.${column_name}::text), $2) > 0`,
        [me.id, me.email.toLowerCase()],
      );
      if ((rows[0] as { n: number }).n > 0) remaining.push(`${table_name}.${column_name}`);
    }
    const kept = rules.filter((r) => r.on_delete === 'keep').map((r) => `${r.table_name}.${r.column_name}`);
    expect(remaining.filter((name) => !kept.includes(name))).toEqual([]);

    for (const { rule, keys } of keptRows) {
      const name = `${rule.table_name}.${rule.column_name}`;
      const pk = (
        await one<{ pk: string }>(
          `select a.attname as pk from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
            where i.indrelid = $1::regclass and i.indisprimary`,
          [rule.table_name],
        )
      ).pk;
      const { rows } = await q(
        `select t.${rule.column_name}::text as value from ${rule.table_name} t where t.${pk}::text = any ($1)`,
        [keys],
      );
      expect(rows.length, `${name}: the rows are kept`).toBe(keys.length);
      if (rule.on_delete !== 'keep') {
        expect(
          (rows as { value: string | null }[]).every((r) => r.value === null),
          `${name} is cleared`,
        ).toBe(true);
      }
    }
    // The others' accounts and records stay.
    expect((await q('select 1 from auth.users where id = any ($1)', [[other.id, referee.id]])).rowCount).toBe(2);
    expect(
      (
        await q(`select 1 from public.next_of_kin where user_id = $1 and lower(email) = lower($2)`, [
          other.id,
          me.email,
        ])
      ).rowCount,
    ).toBe(1);
  });
});
