// Everything we hold about a person is catalogued (migration 20261127001200, decision 0153): every
// column that names a user is declared in private.personal_data, with the export section that
// carries its rows (or why none does) and what deleting the account does to them. This reads the
// migrated catalog for such columns and fails until each one is declared, so a new table cannot be
// forgotten by the export or by delete-account. A column names a user when it is
//   - a foreign key to auth.users(id), or to a column that is one itself (user_profiles.id,
//     user_wallets.user_id, article_authors.id …), followed as far as the keys go;
//   - a uuid or text column named like an account's id: <role>_id for the roles the schema uses
//     (user, owner, moderator, admin, actor, reporter, referrer, referred, sender, recipient,
//     author, business) and those it is likely to (buyer, seller, customer, member, holder,
//     creator, editor, reviewer, approver, assignee, inviter, invitee, heir, staff), *_user_id,
//     *_by, or owner;
//   - a text column named like an e-mail address: email or *_email;
//   - or one of EXPLICIT, which hold an address or an id in another form.
// What the export and the deletion then do with each declared column is driven end to end in
// apps/server/test/account/personal-data.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@tagledger/db';
import { createAuthUser, drivers, expectSqlState, openTestDb, rowsRead, type TestDb } from '@tagledger/db/testing';

/** Columns that name a user in a form neither a foreign key nor a name reveals. */
const EXPLICIT = [
  // An address, by another name.
  'private.mail_outbox.to_address',
  // The contact relay's key of a sender's address (lower case, without a +tag).
  'public.contact_requests.sender_key',
  'public.contact_blocked_senders.sender_key',
  'public.contact_abuse_reports.sender_key',
  // A hash of the address whose owner asked for no more mail.
  'private.mail_opt_outs.recipient_hash',
  // Rate-limit keys such as export-my-data:user:<id>.
  'private.rate_limits.key',
  // Stored objects live under <user id>/ (the folder convention every bucket follows).
  'storage.objects.name',
];

/** The catalogue's own tables (their columns describe users' columns; they hold none). */
const CATALOGUE = ['private.personal_data', 'private.export_sections'];

const SCHEMAS = ['auth', 'public', 'private', 'storage'];

const ID_NAME = String.raw`(^|_)(user|owner|moderator|admin|actor|reporter|referrer|referred|sender|recipient|author|business|buyer|seller|customer|member|holder|creator|editor|reviewer|approver|assignee|inviter|invitee|heir|staff)_id$|_by$|^owner$`;
const EMAIL_NAME = String.raw`(^|_)email$`;

/** Every column that names a user, as schema.table.column, with how it was found and its foreign key's delete action. */
async function columnsNamingUsers(db: Queryable): Promise<Map<string, { by: string; onDelete: string | null }>> {
  const { rows } = await db.query<{ name: string; by: string; on_delete: string | null }>(
    `with recursive fk as (
       select c.conrelid as rel, c.conkey[1] as col, c.confrelid as frel, c.confkey[1] as fcol, c.confdeltype as action
         from pg_constraint c where c.contype = 'f' and cardinality(c.conkey) = 1
     ), user_columns(rel, col, action) as (
       select a.attrelid, a.attnum, null::"char" from pg_attribute a
        where a.attrelid = 'auth.users'::regclass and a.attname = 'id'
       union
       select fk.rel, fk.col, fk.action from fk join user_columns u on u.rel = fk.frel and u.col = fk.fcol
     )
     select n.nspname || '.' || c.relname || '.' || a.attname as name,
            case when u.rel is not null then 'foreign key'
                 when n.nspname || '.' || c.relname || '.' || a.attname = any ($4) then 'explicit list'
                 else 'name' end as by,
            u.action::text as on_delete
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join user_columns u on u.rel = a.attrelid and u.col = a.attnum
      where c.relkind in ('r', 'p') and n.nspname = any ($1) and a.attnum > 0 and not a.attisdropped
        and not (n.nspname || '.' || c.relname = any ($5))
        and (u.rel is not null
             or (a.atttypid in ('uuid'::regtype, 'text'::regtype, 'varchar'::regtype) and a.attname ~ $2)
             or (a.atttypid in ('text'::regtype, 'varchar'::regtype) and a.attname ~ $3)
             or n.nspname || '.' || c.relname || '.' || a.attname = any ($4))
      order by 1`,
    [SCHEMAS, ID_NAME, EMAIL_NAME, EXPLICIT, CATALOGUE],
  );
  return new Map(rows.map((r) => [r.name, { by: r.by, onDelete: r.on_delete }]));
}

interface Declared {
  name: string;
  names_user_with: string;
  section: string | null;
  not_exported_because: string | null;
  on_delete: string;
  kept_because: string | null;
}

interface Section {
  section: string;
  table_name: string;
  one_row: boolean;
  only_columns: string[] | null;
  omit: string[];
  order_by: string[] | null;
}

describe.each(drivers)('the catalogue of personal data on %s', (driver) => {
  let t: TestDb;
  let declared: Declared[];
  let sections: Section[];

  beforeAll(async () => {
    t = await openTestDb(driver);
    declared = (
      await t.db.query<Declared>(
        `select table_name || '.' || column_name as name, names_user_with, section, not_exported_because, on_delete,
                kept_because
           from private.personal_data order by 1`,
      )
    ).rows;
    sections = (
      await t.db.query<Section>(
        'select section, table_name, one_row, only_columns, omit, order_by from private.export_sections order by 1',
      )
    ).rows;
  });
  afterAll(() => t?.close());

  it('finds a planted table’s columns that name a user, by foreign key, by name and through another key', async () => {
    const planted = await t.db
      .transaction(async (tx) => {
        await tx.exec(`
          create table public.planted_probe (
            id uuid primary key,
            holder uuid references auth.users (id) on delete cascade,
            wallet uuid references public.user_wallets (user_id),
            buyer_email text,
            seller_id uuid,
            note text
          );
          create table private.planted_probe_2 (approved_by uuid, recipient_id text, emails_sent integer);`);
        const found = await columnsNamingUsers(tx);
        throw Object.assign(new Error('rollback'), { found });
      })
      .catch((err: { found?: Map<string, { by: string; onDelete: string | null }> }) => err.found);
    expect(planted).toBeDefined();
    const probe = [...planted!].filter(([name]) => name.includes('planted_probe'));
    expect(Object.fromEntries(probe)).toEqual({
      'public.planted_probe.holder': { by: 'foreign key', onDelete: 'c' },
      'public.planted_probe.wallet': { by: 'foreign key', onDelete: 'a' },
      'public.planted_probe.buyer_email': { by: 'name', onDelete: null },
      'public.planted_probe.seller_id': { by: 'name', onDelete: null },
      'private.planted_probe_2.approved_by': { by: 'name', onDelete: null },
      'private.planted_probe_2.recipient_id': { by: 'name', onDelete: null },
    });
    // Undeclared, so the next test would fail for them.
    const known = new Set(declared.map((d) => d.name));
    expect(probe.filter(([name]) => known.has(name))).toEqual([]);
  });

  it('declares every column that names a user, and only those', async () => {
    const found = await columnsNamingUsers(t.db);
    const undeclared = [...found.keys()].filter((name) => !declared.some((d) => d.name === name));
    expect(undeclared, 'columns naming a user that private.personal_data does not declare').toEqual([]);
    const stale = declared.map((d) => d.name).filter((name) => !found.has(name));
    expect(stale, 'declared columns that do not exist or name nobody (add them to EXPLICIT?)').toEqual([]);
    // The explicit list is used: each of its columns exists.
    for (const name of EXPLICIT) expect(found.get(name)?.by, name).toBe('explicit list');
  });

  it('agrees with the foreign keys on what deleting an account does', async () => {
    const found = await columnsNamingUsers(t.db);
    const disagreements = declared
      .map((d) => {
        const fk = found.get(d.name)?.onDelete ?? null;
        if (d.on_delete === 'cascade' && fk !== 'c') return `${d.name}: declared cascade, foreign key ${fk ?? 'none'}`;
        if (d.on_delete === 'set_null' && fk !== 'n')
          return `${d.name}: declared set_null, foreign key ${fk ?? 'none'}`;
        // A key that cascades or clears the column decides; declaring otherwise would be untrue.
        if (fk === 'c' && d.on_delete !== 'cascade') return `${d.name}: the foreign key cascades`;
        if (fk === 'n' && !['set_null', 'delete'].includes(d.on_delete)) return `${d.name}: the foreign key sets null`;
        // A key that neither cascades nor clears blocks the account's deletion.
        if (fk !== null && !['c', 'n'].includes(fk)) return `${d.name}: the foreign key would block deletion (${fk})`;
        return null;
      })
      .filter((x) => x !== null);
    expect(disagreements).toEqual([]);
  });

  it('gives a reason for every column not exported and every row kept', () => {
    for (const d of declared) {
      if (d.section === null) expect(d.not_exported_because?.trim(), d.name).toBeTruthy();
      if (['keep', 'anonymise', 'set_null'].includes(d.on_delete)) expect(d.kept_because?.trim(), d.name).toBeTruthy();
    }
  });

  it('exports each section from the table its columns are in, in an order that exists', async () => {
    for (const s of sections) {
      const columns = declared.filter((d) => d.section === s.section);
      expect(columns.length, `${s.section} names no column`).toBeGreaterThan(0);
      for (const c of columns) expect(c.name.startsWith(`${s.table_name}.`), `${s.section}: ${c.name}`).toBe(true);
      const { rows } = await t.db.query<{ attname: string; attnotnull: boolean }>(
        `select attname, attnotnull from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
        [s.table_name],
      );
      const existing = new Map(rows.map((r) => [r.attname, r.attnotnull]));
      for (const name of [...(s.only_columns ?? []), ...s.omit, ...(s.order_by ?? [])]) {
        expect(existing.has(name), `${s.section}: ${name}`).toBe(true);
      }
      // Paging compares the order's columns with the last row's, so none may be null.
      for (const name of s.order_by ?? []) expect(existing.get(name), `${s.section}: ${name} may be null`).toBe(true);
      if (!s.order_by) {
        const pk = await t.db.query(
          `select 1 from pg_index where indrelid = $1::regclass and indisprimary and indnkeyatts = 1`,
          [s.table_name],
        );
        expect(pk.rowCount, `${s.section} pages by a one-column primary key`).toBe(1);
      }
    }
  });

  it('reads a user’s own record by its key alone: its key’s entry and row, never another account’s with the same address', async () => {
    const me = await createAuthUser(t.db, { email: 'own-record@example.test' });
    // Another account's profile holding my address (a copy left behind, or typed in by hand), with
    // an id that sorts first, and 40 more accounts, so a read of every row would show.
    const other = await createAuthUser(t.db);
    await t.db.query(`update public.user_profiles set email = 'OWN-record@example.test' where id = $1`, [other]);
    for (let i = 0; i < 40; i++) await createAuthUser(t.db);
    const read = await t.db.transaction(async (tx) => {
      const before = await rowsRead(tx, 'public.user_profiles');
      const page = await tx.query<{ data: { id: string } }>(
        `select data from private.export_page($1, 'profile', null, 500)`,
        [me],
      );
      return { ids: page.rows.map((r) => r.data.id), rows: (await rowsRead(tx, 'public.user_profiles')) - before };
    });
    expect(read.ids).toEqual([me]);
    expect(read.rows).toBeLessThanOrEqual(2);
    const account = await t.db.query<{ data: { id: string } }>(
      `select data from private.export_page($1, 'account', null, 500)`,
      [me],
    );
    expect(account.rows.map((r) => r.data.id)).toEqual([me]);
  });

  it('never exports a column named like a secret or a hash, but the fingerprints of the user’s own records', async () => {
    const { rows } = await t.db.query<{ name: string; secret: boolean }>(
      `select n.nspname || '.' || c.relname || '.' || a.attname as name,
              private.is_secret_column(n.nspname || '.' || c.relname, a.attname) as secret
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname = any ($1) and a.attnum > 0 and not a.attisdropped`,
      [SCHEMAS],
    );
    const looksSecret = (column: string) => /secret|password|salt|hash|(^|_)token(_|$)/.test(column);
    const fingerprints = [
      'public.asset_ledger.record_hash',
      'public.asset_ledger.prev_hash',
      'public.asset_ledger.entry_hash',
      'public.assets.content_hash',
      'public.assets.token_id',
    ];
    const wrong = rows.filter(
      (r) => looksSecret(r.name.split('.')[2]!) !== r.secret && !(fingerprints.includes(r.name) && !r.secret),
    );
    expect(wrong.map((r) => `${r.name} secret=${r.secret}`)).toEqual([]);
    // The invitation hash, the contact token hash, mail secrets and the MFA secret among them.
    for (const name of [
      'public.next_of_kin.invite_token_hash',
      'public.contact_requests.token_hash',
      'public.legacy_events.mail_secret',
      'auth.mfa_factors.secret',
      'auth.users.encrypted_password',
    ]) {
      expect(rows.find((r) => r.name === name)?.secret, name).toBe(true);
    }
  });

  it('keeps the asset ledger and the moderation log append-only, but for clearing a deleted account’s id', async () => {
    const gone = await createAuthUser(t.db);
    const live = await createAuthUser(t.db);
    for (const owner of [gone, live]) {
      const asset = await t.db.query<{ id: string }>(
        `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'general', 'Lamp') returning id`,
        [owner],
      );
      await t.db.query(`select private.append_asset_ledger(a, 'register') from public.assets a where a.id = $1`, [
        asset.rows[0]!.id,
      ]);
      await t.db.query(
        `insert into public.moderation_log (moderator_id, queue, item_id, action, target_user_id, reason)
         values ($1, 'assets', 'x', 'dismiss', $1, 'Nothing wrong')`,
        [owner],
      );
    }
    await t.db.query('delete from auth.users where id = $1', [gone]);
    const ledger = (sql: string, owner: string) => t.db.query(`${sql} where owner_id = $1`, [owner]);
    const log = (sql: string, user: string) => t.db.query(`${sql} where target_user_id = $1`, [user]);
    // A live account's id stays; nothing else of an entry changes, for a deleted account either.
    await expectSqlState(ledger('update public.asset_ledger set owner_id = null', live), '42501');
    await expectSqlState(ledger(`update public.asset_ledger set owner_id = null, event = 'edit'`, gone), '42501');
    await expectSqlState(ledger('update public.asset_ledger set owner_id = $1', gone), '42501');
    await expectSqlState(ledger('delete from public.asset_ledger', gone), '42501');
    await expectSqlState(log('update public.moderation_log set target_user_id = null', live), '42501');
    await expectSqlState(
      log(`update public.moderation_log set target_user_id = null, moderator_id = null, reason = 'Other'`, gone),
      '42501',
    );
    await expectSqlState(log('delete from public.moderation_log', gone), '42501');
    // The deleted account's id is cleared, and the entries stay.
    expect((await ledger('update public.asset_ledger set owner_id = null', gone)).rowCount).toBeGreaterThan(0);
    expect(
      (await log('update public.moderation_log set target_user_id = null, moderator_id = null', gone)).rowCount,
    ).toBe(1);
  });
});
