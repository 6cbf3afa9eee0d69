// The rows of bench:scale (bench/scale.ts), inserted inside the database with set-based statements
// from generate_series (no rows cross the wire), by one of two paths:
//
//   'triggers'  every statement fires the tables' triggers, as the product's own writes do: each
//               user row fires five (profile, settings, wallet and sign-up bonus, referral code,
//               business request), each asset, ledger entry and referral a check, each scan a
//               daily-count upsert. 10⁶ rows took 744 s on 2 cores (bench/RESULTS.md, "Scale").
//   'fast'      the large inserts run with session_replication_role = replica (no trigger fires,
//               foreign keys are not checked: the rows are made consistent by construction), the
//               secondary indexes of the four largest plain tables are dropped before and built
//               again after (a sort per index instead of 10⁷ random insertions), and
//               rebuildWhatTriggersKeep() then makes, in bulk, every row and counter the triggers
//               would have made. Needs a role that may set session_replication_role: the superuser
//               the bench connects as on PostgreSQL; PGlite always is one.
//
// test/bench/scale-seed.int.test.ts seeds the same rows both ways and compares every table's row count
// and the derived rows and counters, on both drivers: a trigger added later whose work
// rebuildWhatTriggersKeep does not redo makes that test fail.
import type { Db, Tx } from '@tagledger/db';

export type SeedPath = 'triggers' | 'fast';

/** A product of 10,000 units (the label sheet's), so 1 product per 10,000 units. */
export const UNITS_PER_PRODUCT = 10_000;
export const HEAVY = 5_000;
export const PREFIX = '950600013';

/** GS1 check digit of the first 13 digits of a GTIN-14. */
export function gtin14(itemRef: number): string {
  const body = `0${PREFIX}${String(itemRef).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** Tables whose plain secondary indexes the fast path drops during the load and builds after. */
const REINDEXED = ['public.assets', 'public.asset_media', 'public.token_transactions', 'public.business_units'];

/**
 * Runs fn in one transaction; on the fast path with no trigger firing (and no foreign key checked).
 * Large sorts and hashes get memory of their own (the seed's joins of 10⁷ rows).
 */
async function load(db: Db, o: Pick<SeedOptions, 'path' | 'log'>, step: string, fn: (tx: Tx) => Promise<unknown>) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    if (o.path === 'fast') await tx.query(`set local session_replication_role = replica`);
    if (db.kind === 'pg') await tx.query(`set local work_mem = '256MB'`);
    await fn(tx);
  });
  o.log?.(step, performance.now() - started);
}

/** The fast path's dropped indexes, to build again once the rows are in. */
export async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`,
    [REINDEXED],
  );
  for (const r of rows) await db.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

export async function createIndexes(db: Db, defs: string[]): Promise<void> {
  for (const def of defs) {
    await db.transaction(async (tx) => {
      if (db.kind === 'pg') await tx.query(`set local maintenance_work_mem = '1GB'`);
      await tx.query(def);
    });
  }
}

export interface SeedOptions {
  n: number;
  /** Users besides the heavy one and the staff (n/10, at least 1,000, in the bench). */
  users: number;
  path: SeedPath;
  /** The seed's "now": scans and rows are dated back from it (so two seeds can be compared). */
  at: Date;
  /** Told how long each step took. */
  log?: (step: string, ms: number) => void;
}

/**
 * n/10 users (a few with sign-up metadata: a name, French, an influencer's link, a business
 * intent, so every branch of the sign-up triggers has rows), n assets with one media row each,
 * n ledger entries spread over the users, then the heavy user's 5,000 assets and ledger entries,
 * one open report for every tenth public asset, the heavy user's 5,000 products, a referral of
 * every user by the heavy user and 5,000 bug reports. The heavy user exists already.
 */
export async function seedPeopleAndAssets(db: Db, heavy: string, o: SeedOptions): Promise<void> {
  const at = o.at.toISOString();
  await load(db, o, 'users', (tx) =>
    tx.query(
      `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
       select gen_random_uuid(), 'scale-' || g || '@example.test', $2::timestamptz,
              jsonb_strip_nulls(jsonb_build_object(
                'full_name', case when g % 97 = 0 then 'Person ' || g end,
                'language', case when g % 89 = 0 then 'fr' end,
                'signup_source', case when g % 83 = 0 then 'influencer' end,
                'business_intent', case when g % 199 = 0 then 'true' end)),
              $2::timestamptz, $2::timestamptz
         from generate_series(1, $1) g`,
      [o.users, at],
    ),
  );
  const scaleUsers = `(select id, row_number() over (order by id) - 1 as rn from auth.users where email like 'scale-%')`;
  await load(db, o, 'assets', async (tx) => {
    // Assets, newest first by id order; every third is public. The heavy user's 5,000 come on top.
    await tx.query(
      `insert into public.assets (owner_id, submission_id, kind, title, privacy, serial_number, created_at)
       select u.id, gen_random_uuid(), 'general', 'Asset ' || g, case when g % 3 = 0 then 'public' else 'private' end,
              'SER-' || g, $3::timestamptz - make_interval(secs => g)
         from generate_series(1, $1) g join ${scaleUsers} u on u.rn = g % $2`,
      [o.n, o.users, at],
    );
    await tx.query(
      `insert into public.assets (owner_id, submission_id, kind, title, privacy, created_at)
       select $1, gen_random_uuid(), 'general', 'Heavy ' || g, 'private', $3::timestamptz - make_interval(secs => g)
         from generate_series(1, $2) g`,
      [heavy, HEAVY, at],
    );
  });
  await load(db, o, 'asset media', (tx) =>
    tx.query(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256)
       select a.id, a.owner_id, a.owner_id || '/' || a.id || '/photo.jpg', 'photo', 'image/jpeg', 250000,
              encode(sha256(a.id::text::bytea), 'hex')
         from public.assets a`,
    ),
  );
  await load(db, o, 'ledger entries', async (tx) => {
    await tx.query(
      `insert into public.token_transactions (user_id, amount, type, source, balance_after, created_at)
       select u.id, 1, 'earned', 'admin_grant', 1, $3::timestamptz - make_interval(secs => g)
         from generate_series(1, $1) g join ${scaleUsers} u on u.rn = g % $2`,
      [o.n, o.users, at],
    );
    await tx.query(
      `insert into public.token_transactions (user_id, amount, type, source, balance_after, created_at)
       select $1, 1, 'earned', 'admin_grant', g, $3::timestamptz - make_interval(secs => g) from generate_series(1, $2) g`,
      [heavy, HEAVY, at],
    );
  });
  await load(db, o, 'reports, products, referrals, bug reports', async (tx) => {
    // One open report for every tenth public asset, at the asset's time: the moderators' assets queue.
    await tx.query(
      `insert into public.moderation_reports (target_kind, asset_id, reason, reporter_hash, created_at)
       select 'asset', a.id, 'other', encode(sha256(a.id::text::bytea), 'hex'), a.created_at
         from public.assets a where a.privacy = 'public' and a.serial_number like 'SER-%0'`,
    );
    // The lists of decision 0169, of a size that does not grow with n: the heavy user's 5,000
    // products (no GTIN: their GTIN triggers have nothing to do), one referral of every user by the
    // heavy user, and 5,000 bug reports.
    await tx.query(
      `insert into public.business_products (business_id, name, sku, created_at)
       select $1, 'Line ' || g, 'LINE-' || g, $3::timestamptz - make_interval(secs => g) from generate_series(1, $2) g`,
      [heavy, HEAVY, at],
    );
    await tx.query(
      `insert into public.referrals (referrer_id, referred_id, level, created_at)
       select $1, u.id, 1, $2::timestamptz - make_interval(secs => row_number() over (order by u.id))
         from auth.users u where u.email like 'scale-%'`,
      [heavy, at],
    );
    await tx.query(
      `insert into public.bug_reports (error_message, status, created_at)
       select 'Report ' || g, (array['new', 'triaged', 'resolved'])[1 + g % 3], $2::timestamptz - make_interval(secs => g)
         from generate_series(1, $1) g`,
      [HEAVY, at],
    );
  });
}

/**
 * The brand's products (one per 10,000 units, with GTINs under its verified prefix: inserted with
 * their triggers on, they are few), n units (every 7th sold, every 101st recalled) and n scans over
 * the 60 days before `at`, as record_unit_scan stores them, and five more of every 1,000th unit
 * (flagged for the moderators).
 */
export async function seedBrandRows(db: Db, brandId: string, o: SeedOptions): Promise<void> {
  const at = o.at.toISOString();
  const productCount = Math.max(1, Math.ceil(o.n / UNITS_PER_PRODUCT));
  await db.query(
    `insert into public.business_products (business_id, name, gtin)
     select $1, 'Product ' || (i - 1), gtin from unnest($2::text[]) with ordinality as t(gtin, i)`,
    [brandId, Array.from({ length: productCount }, (_, i) => gtin14(i))],
  );
  await load(db, o, 'units', (tx) =>
    tx.query(
      `insert into public.business_units (business_id, product_id, serial, status, created_at)
       select $1, p.id, 'U' || lpad(g::text, 8, '0'),
              case when g % 101 = 0 then 'recalled' when g % 7 = 0 then 'sold' else 'active' end, $4::timestamptz
         from generate_series(1, $2) g
         join (select id, (substr(name, 9))::int as i from public.business_products
                where business_id = $1 and name like 'Product %') p on p.i = (g - 1) / $3`,
      [brandId, o.n, UNITS_PER_PRODUCT, at],
    ),
  );
  await load(db, o, 'scans', (tx) =>
    tx.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, p.gtin, md5((g % 5000)::text),
              $2::timestamptz - make_interval(secs => ((g::bigint * 7919) % (60 * 86400))::int)
         from generate_series(1, $1) g
         join public.business_units u on u.serial = 'U' || lpad((1 + (g::bigint * 104729) % $1)::text, 8, '0')
         join public.business_products p on p.id = u.product_id`,
      [o.n, at],
    ),
  );
  // Every 1,000th unit is also scanned by five scanners in the five hours before `at`: the
  // moderators' flagged units (decision 0174), a queue of n/1,000.
  await load(db, o, 'flagged units', (tx) =>
    tx.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, p.gtin, md5('flag-' || k), $2::timestamptz - make_interval(hours => k)
         from generate_series(1000, $1, 1000) g
         join public.business_units u on u.serial = 'U' || lpad(g::text, 8, '0')
         join public.business_products p on p.id = u.product_id
         cross join generate_series(1, 5) k`,
      [o.n, at],
    ),
  );
}

/**
 * Everything the seeded tables' triggers keep, made again in bulk from the rows, for rows that were
 * inserted with no trigger firing (session_replication_role = replica). Each step only adds what is
 * missing or sets a counter to what the rows say, so it may run on any mix of rows inserted either
 * way. Runs itself with no trigger firing, so it does by hand what the triggers on its own writes
 * would do (touch_updated_at: updated_at = now()).
 *
 *   auth.users, after insert   handle_new_auth_user, handle_new_user_settings, handle_new_user_wallet
 *                              (profile, settings, wallet rows), grant_signup_bonus (the welcome
 *                              bonus in the ledger and the wallet), handle_new_user_referral_code
 *                              (a referral code for every non-anonymous user),
 *                              handle_new_user_business_intent (a pending business request)
 *   business_units             count_units: the products' unit counts (private.recount_business_units)
 *   business_unit_scans        count_scan: the brands' daily counts (business_scan_days)
 *   per-unit scan counts       private.rebuild_unit_scan_counts(), when that function exists
 *   assets, token_transactions, referrals, business_requests, user_profiles: only checks
 *   (refuse_anonymous_account, check_avatar_url), which the seed's rows pass by construction
 */
export async function rebuildWhatTriggersKeep(db: Db, log?: SeedOptions['log']): Promise<void> {
  await load(db, { path: 'fast', log }, 'rebuild what the triggers keep', async (tx) => {
    await tx.query(
      `insert into public.user_profiles (id, email, full_name)
       select u.id, u.email, nullif(left(coalesce(u.raw_user_meta_data ->> 'full_name', ''), 200), '')
         from auth.users u
       on conflict (id) do nothing`,
    );
    await tx.query(
      `insert into public.user_settings (user_id, language)
       select u.id, case when u.raw_user_meta_data ->> 'language' = 'fr' then 'fr' else 'en' end from auth.users u
       on conflict (user_id) do nothing`,
    );
    await tx.query(
      `insert into public.user_wallets (user_id) select u.id from auth.users u on conflict (user_id) do nothing`,
    );
    // grant_signup_bonus through ledger_post: the wallet's balance plus the bonus, and the ledger
    // row that says so, once per user (its idempotency key).
    await tx.query(
      `with settings as (
         select private.token_setting('signup_bonus') as plain, private.token_setting('influencer_signup_bonus') as influencer
       ), owed as (
         select u.id, coalesce(u.raw_user_meta_data ->> 'signup_source', '') = 'influencer' as influencer,
                case when coalesce(u.raw_user_meta_data ->> 'signup_source', '') = 'influencer' then s.influencer else s.plain end as bonus
           from auth.users u cross join settings s
          where not u.is_anonymous
            and not exists (select 1 from public.token_transactions t where t.user_id = u.id and t.idempotency_key = 'signup_bonus')
       ), paid as (
         update public.user_wallets w set balance = w.balance + o.bonus, updated_at = now()
           from owed o where w.user_id = o.id and o.bonus > 0
         returning w.user_id, w.balance, o.bonus, o.influencer
       )
       insert into public.token_transactions
         (user_id, amount, type, source, description, reference, idempotency_key, actor_id, balance_after)
       select user_id, bonus, 'earned', 'signup',
              case when influencer then 'Welcome bonus (influencer sign-up)' else 'Welcome bonus' end,
              'signup', 'signup_bonus', null, balance
         from paid`,
    );
    // Referral codes from the product's own generator, one statement per round: a code drawn twice
    // in a round, or already held, waits for the next round (as assign_referral_code retries).
    for (;;) {
      const { rows } = await tx.query<{ assigned: number; left: number }>(
        `with drawn as (
           select p.id, private.new_referral_code() as code
             from public.user_profiles p join auth.users u on u.id = p.id
            where p.referral_code is null and not u.is_anonymous
         ), firsts as (
           select distinct on (code) id, code from drawn order by code, id
         ), assigned as (
           update public.user_profiles p set referral_code = f.code, updated_at = now()
             from firsts f
            where p.id = f.id and not exists (select 1 from public.user_profiles e where e.referral_code = f.code)
           returning 1
         )
         select (select count(*) from assigned)::int as assigned, (select count(*) from drawn)::int as left`,
      );
      if (rows[0]!.assigned === rows[0]!.left) break;
    }
    await tx.query('select private.recount_business_units()');
    // count_scan's upsert, for all of a day's scans at once.
    await tx.query(
      `insert into public.business_scan_days as d (business_id, product_id, day, scans, unknown_serial_scans)
       select s.business_id, s.product_id, (s.scanned_at at time zone 'UTC')::date, count(*), count(*) filter (where s.unit_id is null)
         from public.business_unit_scans s where s.business_id is not null
        group by 1, 2, 3
       on conflict (business_id, day, product_id) do update
         set scans = excluded.scans, unknown_serial_scans = excluded.unknown_serial_scans
         where (d.scans, d.unknown_serial_scans) is distinct from (excluded.scans, excluded.unknown_serial_scans)`,
    );
    // Per-unit scan counts, kept by another migration's triggers when it is there.
    const { rows } = await tx.query<{ present: boolean }>(
      `select to_regprocedure('private.rebuild_unit_scan_counts()') is not null as present`,
    );
    if (rows[0]!.present) await tx.query('select private.rebuild_unit_scan_counts()');
  });
  // open_business_request with its own triggers on: a handful of rows (one user in 199).
  await db.query(
    `select private.open_business_request(u.id, 'Requested at sign-up')
       from auth.users u
      where not u.is_anonymous and coalesce(u.raw_user_meta_data ->> 'business_intent', '') = 'true'
        and not exists (select 1 from public.business_requests r where r.user_id = u.id)`,
  );
}
