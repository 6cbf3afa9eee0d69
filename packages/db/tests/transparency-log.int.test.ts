// The transparency log (issue 31): every ledger entry becomes a Merkle leaf in the transaction that
// writes it, the stored complete subtrees give the RFC 9162 root of every size, entries recorded
// before the log existed are built into it the same way, and no API role can read or write it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '@tagledger/db';
import { MemoryTree, entryText, toHex, treeRoot, utf8, type NodeSource } from '@tagledger/verify';
import {
  asAnon,
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

async function register(db: Db, owner: string, title: string): Promise<string> {
  return asService(db, async (tx) => {
    const { rows } = await tx.query<{ r: { asset_id: string } }>(
      `select private.register_asset($1, $2, $3, '[]') as r`,
      [owner, crypto.randomUUID(), JSON.stringify({ title })],
    );
    return rows[0]!.r.asset_id;
  });
}

const nodeSource =
  (db: Db | Tx): NodeSource =>
  async (keys) => {
    const { rows } = await db.query<{ level: number; idx: string; hash: string }>(
      `select n.level, n.idx::text, encode(n.hash, 'hex') as hash
         from unnest($1::smallint[], $2::bigint[]) as k(level, idx)
         join private.log_nodes n on n.level = k.level and n.idx = k.idx`,
      [keys.map((k) => k.level), keys.map((k) => k.index)],
    );
    const byKey = new Map(rows.map((r) => [`${r.level}/${r.idx}`, r.hash]));
    return keys.map((k) => Uint8Array.from(Buffer.from(byKey.get(`${k.level}/${k.index}`)!, 'hex')));
  };

/** The log recomputed from the public chain alone, as any outsider can. */
async function treeFromEntries(db: Db): Promise<MemoryTree> {
  const { rows } = await db.query<{
    seq: string;
    event: string;
    record_hash: string;
    prev_hash: string;
    created_at: string;
  }>('select seq::text, event, record_hash, prev_hash, created_at from public.get_ledger_entries(1, 1000)');
  const tree = new MemoryTree();
  for (const e of rows) await tree.append(utf8(entryText({ ...e, seq: Number(e.seq) })));
  return tree;
}

async function nodeCount(db: Db): Promise<number> {
  return Number((await db.query<{ n: string }>('select count(*)::text as n from private.log_nodes')).rows[0]!.n);
}

describe.each(drivers)('transparency log on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db);
    await t.db.query(`select private.ledger_post($1, 1000, 'admin_adjustment', 'test credit')`, [alice]);
    const first = await register(t.db, alice, 'one');
    for (let i = 2; i <= 6; i++) await register(t.db, alice, `asset ${i}`);
    await asUser(t.db, alice, (tx) => tx.query(`update public.assets set status = 'stolen' where id = $1`, [first]));
  });
  afterAll(() => t?.close());

  it('appends a leaf for each entry, in its transaction, with the RFC 9162 root of every size', async () => {
    const outside = await treeFromEntries(t.db);
    expect(outside.size).toBe(7);
    for (let n = 1; n <= 7; n++) {
      expect(toHex(await treeRoot(n, nodeSource(t.db)))).toBe(toHex(await treeRoot(n, outside.source)));
    }
    // 7 leaves close 3 + 1 complete subtrees above them.
    expect(await nodeCount(t.db)).toBe(11);
    // A failed registration leaves neither an entry nor a leaf.
    await expect(
      asService(t.db, (tx) =>
        tx.query(`select private.register_asset($1, $2, '{"title": ""}', '[]')`, [alice, crypto.randomUUID()]),
      ),
    ).rejects.toThrow();
    expect(await nodeCount(t.db)).toBe(11);
  });

  it('builds the log of entries recorded before it, the same as appending them one by one', async () => {
    const before = toHex(await treeRoot(7, nodeSource(t.db)));
    await t.db.transaction(async (tx) => {
      await tx.query('delete from private.log_nodes');
      const { rows } = await tx.query<{ n: string }>('select private.log_build_from_ledger()::text as n');
      expect(rows[0]!.n).toBe('7');
      expect(toHex(await treeRoot(7, nodeSource(tx)))).toBe(before);
      await expectSqlState(tx.query('select private.log_build_from_ledger()'), '55000');
    });
    expect(await nodeCount(t.db)).toBe(11);
  });

  it('keeps the old hash chain verifiable', async () => {
    const v = await asAnon(
      t.db,
      async (tx) => (await tx.query<{ v: { ok: boolean } }>('select public.verify_asset_ledger() v')).rows[0]!.v,
    );
    expect(v.ok).toBe(true);
  });

  it('refuses an entry whose previous leaf is missing (a gap would break every proof)', async () => {
    await t.db
      .transaction(async (tx) => {
        await tx.query(`set local session_replication_role = replica`);
        await tx.query('delete from private.log_nodes where level = 0 and idx = 6');
        await tx.query(`set local session_replication_role = origin`);
        await expectSqlState(
          tx.query(`select private.append_asset_ledger(a, 'edit') from public.assets a limit 1`),
          '55000',
        );
        // Rolled back with the transaction.
        throw Object.assign(new Error('rollback'), { rollback: true });
      })
      .catch((err: { rollback?: boolean }) => {
        if (!err.rollback) throw err;
      });
    expect(await nodeCount(t.db)).toBe(11);
  });

  it.each(['anon', 'authenticated', 'service_role'] as const)(
    'gives the %s role no access to the log tables',
    async (role) => {
      const run = <T>(fn: (tx: Tx) => Promise<T>) =>
        role === 'anon' ? asAnon(t.db, fn) : role === 'service_role' ? asService(t.db, fn) : asUser(t.db, alice, fn);
      for (const table of ['log_nodes', 'log_heads', 'log_cosignatures']) {
        await expectSqlState(
          run((tx) => tx.query(`select * from private.${table}`)),
          '42501',
        );
      }
      await expectSqlState(
        run((tx) => tx.query(`insert into private.log_nodes values (0, 100, sha256(''::bytea))`)),
        '42501',
      );
      await expectSqlState(
        run((tx) => tx.query('select private.log_build_from_ledger()')),
        '42501',
      );
    },
  );
});
