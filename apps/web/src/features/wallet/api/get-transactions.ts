// The caller's ledger, newest first: the first page is the SPEC §7 call (token_transactions by
// user_id, newest first, limit 20); "Load more" fetches the next 20 with range(). Search and
// filters run in the database.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { walletKeys } from '@/lib/wallet';
import {
  normaliseTransaction,
  TRANSACTION_COLUMNS,
  TRANSACTIONS_PAGE_SIZE,
  type TokenTransaction,
  type TransactionFilters,
} from './types';

/** Escapes LIKE wildcards so that a search for "50%" matches literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function fetchTransactions(
  userId: string,
  filters: TransactionFilters,
  from: number,
  to: number,
): Promise<TokenTransaction[]> {
  let query = supabase.from('token_transactions').select(TRANSACTION_COLUMNS).eq('user_id', userId);
  const search = filters.search.trim();
  if (search) query = query.ilike('description', likePattern(search));
  if (filters.type) query = query.eq('type', filters.type);
  if (filters.source) query = query.eq('source', filters.source);
  return unwrap(
    await query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to),
  ).map(normaliseTransaction);
}

export const transactionsQueryOptions = (userId: string | undefined, filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: walletKeys.transactions(userId, filters),
    queryFn: ({ pageParam }) =>
      fetchTransactions(
        userId!,
        filters,
        pageParam * TRANSACTIONS_PAGE_SIZE,
        (pageParam + 1) * TRANSACTIONS_PAGE_SIZE - 1,
      ),
    initialPageParam: 0,
    getNextPageParam: (last: TokenTransaction[], pages) =>
      last.length < TRANSACTIONS_PAGE_SIZE ? undefined : pages.length,
    enabled: Boolean(userId),
  });

export function useTransactions(filters: TransactionFilters) {
  const { user } = useAuth();
  return useInfiniteQuery(transactionsQueryOptions(user?.id, filters));
}
