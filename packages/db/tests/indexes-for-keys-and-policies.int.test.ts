// Two kinds of column need an index that starts with them, or PostgreSQL reads the whole table:
// - a foreign key's columns: deleting or re-keying the row it points to (an account deleted, with
//   everything that cascades from it) looks up the referencing rows by those columns;
// - a column a row-level policy compares with the caller (`owner_id = auth.uid()`): every read of
//   the table as a signed-in user filters on it, and with an index PostgreSQL reads only the
//   caller's rows.
// This reads both from the migrated catalogue, so a table added without its index fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
import { drivers, openTestDb, type TestDb } from '@tagledger/db/testing';

/** The schemas our migrations create tables in. */
const SCHEMAS = ['public', 'private', 'auth', 'storage'];

/**
 * Whether some index of the table starts with exactly these columns, in any order. A partial index
 * counts only when its condition is `<the one column> IS NOT NULL`, which a lookup by the key
 * implies; a lookup cannot use one with any other condition.
 */
const LEADING_INDEX_EXISTS = `
  exists (
    select 1 from pg_index i
    where i.indrelid = cols.relid
      and (i.indpred is null
           or (cardinality(cols.attnums) = 1
               and pg_get_expr(i.indpred, i.indrelid) = '(' || pg_get_indexdef(i.indexrelid, 1, true) || ' IS NOT NULL)'))
      and i.indnkeyatts >= cardinality(cols.attnums)
      and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:cardinality(cols.attnums) - 1]) k)
        = (select array_agg(k order by k) from unnest(cols.attnums) k)
  )`;

const UNINDEXED_FOREIGN_KEYS = `
  select cols.relid::regclass::text as "table", c.conname as "constraint",
         (select string_agg(attname, ', ' order by attnum) from pg_attribute
           where attrelid = cols.relid and attnum = any (cols.attnums)) as columns
  from pg_constraint c
  cross join lateral (select c.conrelid as relid, c.conkey as attnums) cols
  where c.contype = 'f' and c.connamespace::regnamespace::text = any ($1)
    and not ${LEADING_INDEX_EXISTS}
  order by 1, 2`;

/**
 * What a policy compares with the caller, as PostgreSQL prints it: the caller's id (`auth.uid()`,
 * `(select auth.uid())`, the latter printed `( SELECT auth.uid() AS uid)`, also cast to text) or the
 * caller's e-mail (`(select private.my_email())`).
 */
const CALLER = String.raw`(?:auth\.uid\(\)|\(+ ?SELECT auth\.uid\(\) AS uid\)+(?:::text)?|\( SELECT private\.my_email\(\) AS my_email\))`;
/** A column of the policy's own table, or one function of it (`lower(to_email)`); not `alias.column`. */
const COMPARED = String.raw`(\w+(?:\(\w+\))?)`;

/**
 * Each column (or expression of one) that a policy compares with the caller, either side of the `=`,
 * with no index whose first key it is (partial ones only with `IS NOT NULL` of it). Columns of other tables, compared inside a policy's
 * sub-select (`k.kin_user_id = auth.uid()`), are left to the foreign-key rule above.
 */
const UNINDEXED_POLICY_COMPARISONS = `
  with policies as (
    select p.polrelid as relid,
           coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' ||
           coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as expr
    from pg_policy p join pg_class t on t.oid = p.polrelid
    where t.relnamespace::regnamespace::text = any ($1)
  ),
  compared as (
    select policies.relid, m[1] as compared
    from policies, regexp_matches(policies.expr, $2, 'g') m
    union
    select policies.relid, m[1]
    from policies, regexp_matches(policies.expr, $3, 'g') m
  )
  select compared.relid::regclass::text as "table", compared.compared
  from compared
  where not exists (
    select 1 from pg_index i
    where i.indrelid = compared.relid
      and pg_get_indexdef(i.indexrelid, 1, true) = compared.compared
      and (i.indpred is null or pg_get_expr(i.indpred, i.indrelid) = '(' || compared.compared || ' IS NOT NULL)')
  )
  order by 1, 2`;

/** The two spellings of a comparison with the caller: column first, or caller first. */
const POLICY_PATTERNS = [String.raw`(?<![.\w])${COMPARED} = ${CALLER}`, String.raw`${CALLER} = ${COMPARED}(?![.\w(])`];

describe.each(drivers)('indexes for foreign keys and policies (%s)', (driver) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(driver);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Runs `fn` inside a transaction that is always rolled back, so planted tables never stay. */
  async function withinRolledBack(fn: (tx: Tx) => Promise<void>) {
    const rollback = new Error('rolled back on purpose');
    await expect(
      t.db.transaction(async (tx) => {
        await fn(tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  }

  // The checks below assert empty lists; these prove the detectors see what they look for, so an
  // empty list means "all indexed", not "the query matches nothing".
  it('finds a planted foreign key and a planted policy comparison that have no index', async () => {
    await withinRolledBack(async (tx) => {
      await tx.query(`create schema probe_indexes`);
      await tx.query(`create table probe_indexes.parents (id uuid primary key)`);
      await tx.query(
        `create table probe_indexes.children (
           id uuid primary key,
           parent_id uuid references probe_indexes.parents (id),
           owner_id uuid,
           other_id uuid)`,
      );
      await tx.query(`create index on probe_indexes.children (other_id, parent_id)`);
      await tx.query(`alter table probe_indexes.children enable row level security`);
      await tx.query(`create policy probe on probe_indexes.children using (owner_id = (select auth.uid()))`);
      const keys = await tx.query(UNINDEXED_FOREIGN_KEYS, [['probe_indexes']]);
      expect(keys.rows).toEqual([
        { table: 'probe_indexes.children', constraint: 'children_parent_id_fkey', columns: 'parent_id' },
      ]);
      const compared = await tx.query(UNINDEXED_POLICY_COMPARISONS, [['probe_indexes'], ...POLICY_PATTERNS]);
      expect(compared.rows).toEqual([{ table: 'probe_indexes.children', compared: 'owner_id' }]);
      // Indexed, both disappear.
      await tx.query(`create index on probe_indexes.children (parent_id)`);
      await tx.query(`create index on probe_indexes.children (owner_id)`);
      expect((await tx.query(UNINDEXED_FOREIGN_KEYS, [['probe_indexes']])).rows).toEqual([]);
      expect((await tx.query(UNINDEXED_POLICY_COMPARISONS, [['probe_indexes'], ...POLICY_PATTERNS])).rows).toEqual([]);
    });
  });

  it('every foreign key starts an index of its table', async () => {
    const { rows } = await t.db.query(UNINDEXED_FOREIGN_KEYS, [SCHEMAS]);
    expect(rows).toEqual([]);
  });

  it('every column a policy compares with the caller starts an index of its table', async () => {
    const { rows } = await t.db.query(UNINDEXED_POLICY_COMPARISONS, [SCHEMAS, ...POLICY_PATTERNS]);
    expect(rows).toEqual([]);
  });
});
