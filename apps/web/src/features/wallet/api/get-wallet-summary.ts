// Totals over the whole history (rpc wallet_summary, computed in SQL).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { walletKeys } from '@/lib/wallet';
import type { WalletSummary } from './types';

export async function fetchWalletSummary(): Promise<WalletSummary> {
  const data = unwrap(await supabase.rpc('wallet_summary')) as Record<string, unknown> | null;
  return {
    balance: Number(data?.balance ?? 0),
    total_earned: Number(data?.total_earned ?? 0),
    total_spent: Number(data?.total_spent ?? 0),
    transaction_count: Number(data?.transaction_count ?? 0),
    sources: Array.isArray(data?.sources) ? (data.sources as unknown[]).map(String) : [],
  };
}

export const walletSummaryQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: walletKeys.summary(userId), queryFn: fetchWalletSummary, enabled: Boolean(userId) });

export function useWalletSummary() {
  const { user } = useAuth();
  return useQuery(walletSummaryQueryOptions(user?.id));
}
