// The wallet through supabase-js: the SPEC §7 reads, wallet_summary, and no way to write a
// balance or a ledger row through the data API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('wallet API on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    bob = await createTestUser(server, { metadata: { signup_source: 'influencer' } });
    for (let i = 0; i < 22; i++) {
      await server.ctx.db.query(`select private.ledger_post($1, 1, 'referral', $2)`, [alice.id, `reward ${i}`]);
    }
  }, 180_000); // a fresh server migrates a new database; slow when the shared machine is busy
  afterAll(() => server?.close());

  it('reads the balance by user_id (SPEC §7)', async () => {
    const { data, error } = await alice.client
      .from('user_wallets')
      .select('balance')
      .eq('user_id', alice.id)
      .maybeSingle();
    expect(error).toBeNull();
    expect(Number(data?.balance)).toBe(72);
    const influencer = await bob.client.from('user_wallets').select('balance').eq('user_id', bob.id).maybeSingle();
    expect(Number(influencer.data?.balance)).toBe(100);
  });

  it('reads the 20 newest transactions and pages further after the last row, ties included (decision 0165)', async () => {
    const first = await alice.client
      .from('token_transactions')
      .select('amount, type, source, description, created_at')
      .eq('user_id', alice.id)
      .order('created_at', { ascending: false })
      .limit(20);
    expect(first.error).toBeNull();
    expect(first.data).toHaveLength(20);
    // Six movements of one instant (one statement): a cursor on time alone would skip or repeat them.
    const carol = await createTestUser(server);
    await server.ctx.db.query(
      `select private.ledger_post($1, 1, 'referral', 'tie ' || g) from generate_series(1, 6) g`,
      [carol.id],
    );
    const everything = await carol.client
      .from('token_transactions')
      .select('id, created_at')
      .eq('user_id', carol.id)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false });
    // The web app's "Load more" (apps/web/src/features/wallet/api/get-transactions.ts), 3 a page.
    const walked: string[] = [];
    let after: { created_at: string; id: string } | null = null;
    for (let pages = 0; pages < 10; pages++) {
      let query = carol.client.from('token_transactions').select('id, created_at').eq('user_id', carol.id);
      if (after) {
        query = query
          .lte('created_at', after.created_at)
          .or(`created_at.lt.${JSON.stringify(after.created_at)},id.lt.${after.id}`);
      }
      const page = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(3);
      expect(page.error).toBeNull();
      if (!page.data?.length) break;
      walked.push(...page.data.map((r) => r.id));
      after = page.data.at(-1)!;
    }
    expect(everything.data!.length).toBe(7); // the welcome bonus and the six
    expect(walked).toEqual(everything.data!.map((r) => r.id));
  });

  it('searches descriptions and filters by type and source', async () => {
    const found = await alice.client
      .from('token_transactions')
      .select('description')
      .eq('user_id', alice.id)
      .ilike('description', '%reward 1%');
    expect(found.data?.map((r) => r.description).sort()).toEqual(
      ['reward 1', ...Array.from({ length: 10 }, (_, i) => `reward 1${i}`)].sort(),
    );
    const signup = await alice.client
      .from('token_transactions')
      .select('source')
      .eq('type', 'earned')
      .eq('source', 'signup');
    expect(signup.data).toEqual([{ source: 'signup' }]);
  });

  it('answers wallet_summary over the whole history', async () => {
    const { data, error } = await alice.client.rpc('wallet_summary');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      total_earned: 72,
      total_spent: 0,
      transaction_count: 23,
      sources: ['referral', 'signup'],
    });
  });

  it("never shows another user's wallet", async () => {
    const { data } = await alice.client.from('user_wallets').select('user_id, balance').eq('user_id', bob.id);
    expect(data).toEqual([]);
  });

  it('refuses balance updates and forged ledger rows through the API', async () => {
    const update = await alice.client.from('user_wallets').update({ balance: 1_000_000 }).eq('user_id', alice.id);
    expect(update.error?.code).toBe('42501');
    const insert = await alice.client.from('token_transactions').insert({
      user_id: alice.id,
      amount: 500,
      type: 'earned',
      source: 'purchase',
      description: 'free money',
      balance_after: 572,
    });
    expect(insert.error?.code).toBe('42501');
    const service = await server.serviceClient().from('user_wallets').update({ balance: 5 }).eq('user_id', alice.id);
    expect(service.error?.code).toBe('42501');
    const { data } = await alice.client.from('user_wallets').select('balance').eq('user_id', alice.id).single();
    expect(Number(data?.balance)).toBe(72);
  });

  it('refuses anonymous callers', async () => {
    const anon = server.anonClient();
    const summary = await anon.rpc('wallet_summary');
    expect(summary.error).not.toBeNull();
    const wallets = await anon.from('user_wallets').select('balance');
    expect(wallets.data ?? []).toEqual([]);
  });
});
