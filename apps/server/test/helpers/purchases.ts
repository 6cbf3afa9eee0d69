// Buying tokens from a test: open a checkout through the real function, find its session in the
// local Stripe-compatible server, and read the wallet and the purchase as the buyer reads them.
import { expect } from 'vitest';
import type { FakeStripe } from '@tagledger/test-kit/fake-stripe';
import type { TestServer } from './test-server.js';
import type { TestUser } from './users.js';

export interface Pkg {
  id: string;
  name: string;
  tokens: number;
  price_minor: number;
}

export async function tokenPackages(server: TestServer): Promise<Pkg[]> {
  const { rows } = await server.ctx.db.query<Pkg>(
    'select id, name, tokens::int, price_minor::int from public.token_packages where active order by sort_order',
  );
  return rows;
}

export async function callFunction(server: TestServer, name: string, user: TestUser | undefined, body: unknown) {
  const res = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: server.anonKey,
      authorization: `Bearer ${user?.token ?? server.anonKey}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Opens a checkout for a package through create-checkout-session; answers the purchase and its session. */
export async function checkout(server: TestServer, stripe: FakeStripe, user: TestUser, pkg: Pkg) {
  const res = await callFunction(server, 'create-checkout-session', user, { packageId: pkg.id });
  expect(res.status).toBe(200);
  const purchaseId = res.body.purchaseId as string;
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === purchaseId)!;
  return { purchaseId, session };
}

export interface WalletState {
  balance: number;
  debt: number;
}

/** The wallet as the buyer reads it through the data API. */
export async function wallet(user: TestUser): Promise<WalletState> {
  const { data, error } = await user.client
    .from('user_wallets')
    .select('balance, debt')
    .eq('user_id', user.id)
    .single();
  expect(error).toBeNull();
  return { balance: Number(data?.balance), debt: Number(data?.debt) };
}

export async function purchaseRow(user: TestUser, id: string): Promise<Record<string, unknown> | null> {
  const { data } = await user.client.from('token_purchases').select('*').eq('id', id).maybeSingle();
  return data as Record<string, unknown> | null;
}

/** The buyer's ledger rows for a purchase, oldest first: amount and source. */
export async function ledgerOf(user: TestUser, purchaseId: string): Promise<{ amount: number; source: string }[]> {
  const { data } = await user.client
    .from('token_transactions')
    .select('amount, source, created_at, balance_after')
    .eq('reference', `purchase:${purchaseId}`)
    .order('created_at')
    .order('balance_after', { ascending: false });
  return (data ?? []).map((r: { amount: number; source: string }) => ({ amount: Number(r.amount), source: r.source }));
}

/** balance = sum(ledger) for every wallet (the ledger's invariant). */
export async function expectLedgerConsistent(server: TestServer): Promise<void> {
  const { rows } = await server.ctx.db.query<{ n: string }>(
    `select count(*) as n from public.user_wallets w
      where w.balance <> coalesce((select sum(t.amount) from public.token_transactions t where t.user_id = w.user_id), 0)`,
  );
  expect(Number(rows[0]!.n)).toBe(0);
}

/** Spends tokens as a registration would (the ledger function, as the server calls it). */
export async function spend(server: TestServer, user: TestUser, amount: number): Promise<void> {
  await server.ctx.db.query(`select private.ledger_post($1, $2, 'tag_asset', 'Tagged asset: test')`, [
    user.id,
    -amount,
  ]);
}
