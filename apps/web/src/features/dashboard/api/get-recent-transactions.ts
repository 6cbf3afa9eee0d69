import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

export interface RecentTransaction {
  id: string;
  amount: number;
  type: 'spent' | 'earned';
  source: string | null;
  description: string | null;
  created_at: string;
}

export const RECENT_ACTIVITY_LIMIT = 5;

/** token_transactions of the user, newest first, the last five (dashboard "Recent activity"). */
export async function getRecentTransactions(userId: string): Promise<RecentTransaction[]> {
  const rows = unwrap(
    await supabase
      .from('token_transactions')
      .select('id, amount, type, source, description, created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(RECENT_ACTIVITY_LIMIT),
  );
  return (rows ?? []).map((r) => ({ ...(r as RecentTransaction), amount: Number((r as { amount: unknown }).amount) }));
}

export const recentTransactionsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['dashboard', 'recent-transactions', userId],
    queryFn: () => getRecentTransactions(userId!),
    enabled: Boolean(userId),
  });

export function useRecentTransactions() {
  const { user } = useAuth();
  return useQuery(recentTransactionsQueryOptions(user?.id));
}
