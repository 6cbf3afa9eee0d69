// Referral rewards the caller received: their ledger rows with source 'referral', newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { referralKeys } from './keys';
import type { RewardRow } from './types';

export async function fetchRewardHistory(userId: string): Promise<RewardRow[]> {
  const rows = unwrap(
    await supabase
      .from('token_transactions')
      .select('id, amount, description, created_at')
      .eq('user_id', userId)
      .eq('source', 'referral')
      .order('created_at', { ascending: false })
      .limit(50),
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export const rewardHistoryQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: referralKeys.rewards(userId),
    queryFn: () => fetchRewardHistory(userId!),
    enabled: Boolean(userId),
  });

export function useRewardHistory() {
  const { user } = useAuth();
  return useQuery(rewardHistoryQueryOptions(user?.id));
}
