// The asset ledger: append-only for everyone, hash-chained, and a tampered row is detected.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tagledger/db';
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

async function registerBare(db: Db, owner: string, title: string): Promise<string> {
  return asService(db, async (tx) => {
    const { rows } = await tx.query<{ r: { asset_id: string } }>(
      `select private.register_asset($1, $2, $3, '[]') as r`,
      [owner, crypto.randomUUID(), JSON.stringify({ title, serial_number: `SER-${title}` })],
    );
    return rows[0]!.r.asset_id;
  });
}

interface Verification {
  ok: boolean;
  checked: number;
  first_bad_seq?: number;
  reason?: string;
  head_seq?: number;
  head_hash?: string;
}

async function verify(db: Db): Promise<Verification> {
  return asAnon(
    db,
    async (tx) => (await tx.query<{ v: Verification }>('select public.verify_asset_ledger() v')).rows[0]!.v,
  );
}

/** Runs fn as the database owner with triggers off: what an attacker with raw database access could do. */
async function tamper(db: Db, sql: string, params: unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(sql, params);
  });
}

describe.each(drivers)('asset ledger chain on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let asset: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    alice = await createAuthUser(t.db);
    await t.db.query(`select private.ledger_post($1, 1000, 'admin_adjustment', 'test credit')`, [alice]);
    asset = await registerBare(t.db, alice, 'one');
    await registerBare(t.db, alice, 'two');
    await asUser(t.db, alice, (tx) =>
      tx.query(`update public.assets set description = 'changed' where id = $1`, [asset]),
    );
    await registerBare(t.db, alice, 'three');
  });
  afterAll(() => t?.close());

  it('links every entry to the one before it, from a zero genesis hash, with gapless positions', async () => {
    const { rows } = await t.db.query<{ seq: string; prev_hash: string; entry_hash: string }>(
      'select seq::text, prev_hash, entry_hash from public.asset_ledger order by seq',
    );
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.entry_hash);
  });

  it('recomputes entry hashes exactly as documented (so anyone can check them outside the database)', async () => {
    const entries = await asAnon(
      t.db,
      async (tx) =>
        (
          await tx.query<{
            seq: string;
            event: string;
            record_hash: string;
            prev_hash: string;
            entry_hash: string;
            created_at: string;
          }>(
            'select seq::text, event, record_hash, prev_hash, entry_hash, created_at from public.get_ledger_entries(1)',
          )
        ).rows,
    );
    expect(entries).toHaveLength(4);
    for (const e of entries) {
      const expected = crypto
        .createHash('sha256')
        .update(`${e.prev_hash}|${e.record_hash}|${e.seq}|${e.event}|${e.created_at}`)
        .digest('hex');
      expect(e.entry_hash).toBe(expected);
      expect(e.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    }
  });

  it('matches the record hash to the canonical record the owner can download', async () => {
    const proof = await asUser(
      t.db,
      alice,
      async (tx) =>
        (
          await tx.query<{ p: { record: unknown; record_hash: string; record_matches: boolean } }>(
            'select public.get_asset_proof($1) p',
            [asset],
          )
        ).rows[0]!.p,
    );
    const { rows } = await t.db.query<{ text: string }>('select ($1::jsonb)::text as text', [
      JSON.stringify(proof.record),
    ]);
    expect(crypto.createHash('sha256').update(rows[0]!.text).digest('hex')).toBe(proof.record_hash);
    expect(proof.record_matches).toBe(true);
  });

  it('verifies the whole chain', async () => {
    expect(await verify(t.db)).toMatchObject({ ok: true, checked: 4, head_seq: 4, next_seq: null });
    // A check can start part-way (as the checkpoint signer does, from its last checkpoint).
    const part = await asAnon(
      t.db,
      async (tx) => (await tx.query<{ v: Verification }>('select public.verify_asset_ledger(3) v')).rows[0]!.v,
    );
    expect(part).toMatchObject({ ok: true, checked: 2, head_seq: 4 });
  });

  it.each([
    ['the owner', 'authenticated'],
    ['the service role', 'service_role'],
    ['an anonymous caller', 'anon'],
  ])('refuses updates and deletes of entries by %s', async (_who, role) => {
    const run =
      role === 'authenticated'
        ? (fn: Parameters<typeof asUser>[2]) => asUser(t.db, alice, fn)
        : role === 'service_role'
          ? (fn: Parameters<typeof asService>[1]) => asService(t.db, fn)
          : (fn: Parameters<typeof asAnon>[1]) => asAnon(t.db, fn);
    await expectSqlState(
      run((tx) => tx.query(`update public.asset_ledger set event = 'edit' where seq = 1`)),
      '42501',
    );
    await expectSqlState(
      run((tx) => tx.query(`delete from public.asset_ledger where seq = 1`)),
      '42501',
    );
    await expectSqlState(
      run((tx) =>
        tx.query(`insert into public.asset_ledger values (99, gen_random_uuid(), null, 'edit', $1, $1, $1, now())`, [
          'a'.repeat(64),
        ]),
      ),
      '42501',
    );
  });

  it('refuses updates and deletes even by the table owner (trigger)', async () => {
    await expectSqlState(t.db.query(`update public.asset_ledger set event = 'edit' where seq = 1`), '42501');
    await expectSqlState(t.db.query(`delete from public.asset_ledger where seq = 4`), '42501');
  });

  it("detects a tampered record hash, and an asset changed behind the ledger's back", async () => {
    const { rows } = await t.db.query<{ record_hash: string }>(
      'select record_hash from public.asset_ledger where seq = 2',
    );
    const original = rows[0]!.record_hash;
    await tamper(t.db, 'update public.asset_ledger set record_hash = $1 where seq = 2', ['f'.repeat(64)]);
    expect(await verify(t.db)).toMatchObject({ ok: false, first_bad_seq: 2, reason: 'entry hash mismatch' });
    await tamper(t.db, 'update public.asset_ledger set record_hash = $1 where seq = 2', [original]);
    expect(await verify(t.db)).toMatchObject({ ok: true });

    await tamper(t.db, `update public.assets set title = 'forged' where id = $1`, [asset]);
    const v = await asAnon(
      t.db,
      async (tx) =>
        (
          await tx.query<{ j: { matches: { proof: { record_matches: boolean; entry_valid: boolean } }[] } }>(
            `select public.verify_serial('SER-one') j`,
          )
        ).rows[0]!.j,
    );
    expect(v.matches[0]!.proof).toMatchObject({ record_matches: false, entry_valid: true });
  });

  it('detects a deleted entry and a rewritten link', async () => {
    await tamper(t.db, `update public.asset_ledger set prev_hash = $1 where seq = 3`, ['0'.repeat(64)]);
    expect(await verify(t.db)).toMatchObject({ ok: false, first_bad_seq: 3, reason: 'broken link' });
    await tamper(t.db, `delete from public.asset_ledger where seq = 3`, []);
    expect(await verify(t.db)).toMatchObject({ ok: false, first_bad_seq: 3, reason: 'missing entry' });
  });
});
