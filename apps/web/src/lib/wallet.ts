// The signed-in user's wallet in the query cache, shared by every screen that shows or changes the
// balance: the header, the dashboard, the profile, the wallet page, and whatever spends (tagging,
// media, purchases, an admin adjusting their own tokens). One key family, so that one balance entry
// is shown everywhere and one invalidation after a movement refreshes them all (SPEC §7:
// user_wallets select balance by user_id). A failed load shows 0 (SPEC §8) while the query keeps its
// error so screens can offer a retry.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

/** Everything under walletKeys.all(userId) belongs to one user's wallet (balance, summary, history, purchases). */
export const walletKeys = {
  root: ['wallet'] as const,
  all: (userId: string | undefined) => ['wallet', userId ?? 'anonymous'] as const,
  balance: (userId: string | undefined) => ['wallet', userId ?? 'anonymous', 'balance'] as const,
  summary: (userId: string | undefined) => ['wallet', userId ?? 'anonymous', 'summary'] as const,
  transactions: (userId: string | undefined, filters: unknown) =>
    ['wallet', userId ?? 'anonymous', 'transactions', filters] as const,
  purchases: (userId: string | undefined) => ['wallet', userId ?? 'anonymous', 'purchases'] as const,
};

export interface Wallet {
  balance: number;
  /** TMT owed after a refund or dispute took back tokens already spent; settled by the next purchase. */
  debt: number;
}

export async function fetchWallet(userId: string): Promise<Wallet> {
  const row = unwrap(await supabase.from('user_wallets').select('balance, debt').eq('user_id', userId).maybeSingle());
  return { balance: Number(row?.balance ?? 0), debt: Number(row?.debt ?? 0) };
}

export const walletQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: walletKeys.balance(userId),
    queryFn: () => fetchWallet(userId!),
    enabled: Boolean(userId),
    staleTime: 15_000,
  });

/** The signed-in user's wallet (balance and debt). */
export function useWallet() {
  const { user } = useAuth();
  return useQuery(walletQueryOptions(user?.id));
}

/**
 * Marks every wallet entry of every user stale and refetches the shown ones: call after any
 * movement (a spend, refused or not, a purchase, an adjustment).
 */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeys.root });
}

/** invalidateWallet bound to the screen's query client. */
export function useInvalidateWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateWallet(queryClient), [queryClient]);
}
