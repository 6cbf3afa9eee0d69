// The signed-in user's balance (SPEC §7: user_wallets select balance by user_id). Used by the
// header ("N TMT") and the wallet page. A failed load shows 0 (SPEC §8) while the query keeps
// its error so screens can offer a retry.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { walletKeys } from './keys';

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

export function useWallet() {
  const { user } = useAuth();
  return useQuery(walletQueryOptions(user?.id));
}

/** Reloads everything wallet-related for the signed-in user: call after every spend or earn. */
export function useInvalidateWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletKeys.all(user?.id) }),
    [queryClient, user?.id],
  );
}
