// What deleting an account costs when other accounts have history, with and without the indexes of
// migration 20261126000100 (foreign keys and policy columns). Deleting a row of auth.users makes
// PostgreSQL look up, in every table with a foreign key to it, the rows that point at it; a key
// without an index is a full scan of that table, once per deleted account.
//
// Seeds ACCOUNTS accounts, each with SESSIONS sessions of TOKENS refresh tokens (the rotation history
// a signed-in user leaves behind) and LEDGER ledger entries whose actor is an admin, then times the
// deletion of DELETES accounts one by one, once with the migration's indexes and once after dropping
// them in a transaction that is rolled back. Runs on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. Prints a table; the figures in bench/RESULTS.md came from it.
//   cd apps/server && TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/account-deletion.ts
import fs from 'node:fs';
import path from 'node:path';
import { createAuthUser, drivers, openTestDb } from '@tagledger/db/testing';
import type { Db, Tx } from '@tagledger/db';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 2_000);
const SESSIONS = 5;
const TOKENS = 20;
const LEDGER = Number(process.env.LEDGER ?? 100_000);
const DELETES = Number(process.env.DELETES ?? 20);
const MIGRATION = path.resolve(
  import.meta.dirname,
  '../../../packages/db/migrations/20261126000100_index_foreign_keys_and_policy_columns.sql',
);

/** The index names the migration creates, read from the file so the two cannot drift apart. */
const migrationIndexes = (): string[] => {
  const sql = fs.readFileSync(MIGRATION, 'utf8');
  return [...sql.matchAll(/create index (\w+) on (\w+)\./g)].map((m) => `${m[2]}.${m[1]}`);
};

async function seed(db: Db): Promise<{ victims: string[] }> {
  const admin = await createAuthUser(db, { role: 'admin', email: 'admin@example.test' });
  await db.query(
    `insert into auth.users (id, email, email_confirmed_at)
     select gen_random_uuid(), 'bench-' || g || '@example.test', now() from generate_series(1, $1) g`,
    [ACCOUNTS],
  );
  await db.query(
    `insert into auth.sessions (id, user_id)
     select gen_random_uuid(), u.id from auth.users u, generate_series(1, $1) where u.id <> $2`,
    [SESSIONS, admin],
  );
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, revoked)
     select md5(random()::text || s.id::text || g), s.user_id, s.id, g < $1
     from auth.sessions s, generate_series(1, $1) g`,
    [TOKENS],
  );
  // Ledger entries an admin made for users (grants, corrections): actor_id points at the admin.
  await db.query(
    `insert into public.token_transactions (user_id, amount, type, source, actor_id, balance_after)
     select w.user_id, 1, 'earned', 'admin_grant', $2, 1
     from (select user_id, row_number() over () as n from public.user_wallets) w,
          generate_series(1, ceil($1::numeric / $3)::int) g
     limit $1`,
    [LEDGER, admin, ACCOUNTS],
  );
  await db.exec('analyze');
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.users where email like 'bench-%' order by email limit $1`,
    [DELETES * 2],
  );
  return { victims: rows.map((r) => r.id) };
}

/** Deletes each account in its own statement, inside tx; returns the median milliseconds. */
async function timeDeletes(tx: Tx, ids: string[]): Promise<number> {
  const times: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    await tx.query('delete from auth.users where id = $1', [id]);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const rows: string[] = [];
for (const driver of drivers) {
  const t = await openTestDb(driver);
  try {
    const { victims } = await seed(t.db);
    const withIndexes = victims.slice(0, DELETES);
    const withoutIndexes = victims.slice(DELETES);
    const indexed = await t.db.transaction((tx) => timeDeletes(tx, withIndexes));
    let unindexed = 0;
    await t.db
      .transaction(async (tx) => {
        for (const index of migrationIndexes()) await tx.query(`drop index ${index}`);
        unindexed = await timeDeletes(tx, withoutIndexes);
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
    rows.push(
      `| ${driver} | ${ACCOUNTS.toLocaleString('en')} accounts, ${(ACCOUNTS * SESSIONS * TOKENS).toLocaleString('en')} refresh tokens, ${LEDGER.toLocaleString('en')} ledger entries | ${unindexed.toFixed(1)} ms | ${indexed.toFixed(1)} ms |`,
    );
  } finally {
    await t.close();
  }
}
console.log(`| driver | data | delete one account, without the indexes (median of ${DELETES}) | with them |`);
console.log('|---|---|---:|---:|');
for (const row of rows) console.log(row);
