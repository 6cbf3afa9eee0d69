// The caller's ledger, newest first: the first page is the SPEC §7 call (token_transactions by
// user_id, newest first, limit 20); "Load more" fetches the 20 after the last row shown, by its
// time and id (keyset, decision 0165), so a deep page reads 20 rows from the index
// (user_id, created_at desc, id desc) instead of skipping every row before it. Search and filters
// run in the database.
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

/** Where a page starts: after this row of the page before (null: the newest). */
export type LedgerCursor = Pick<TokenTransaction, 'created_at' | 'id'> | null;

export async function fetchTransactions(
  userId: string,
  filters: TransactionFilters,
  after: LedgerCursor,
  pageSize: number = TRANSACTIONS_PAGE_SIZE,
): Promise<TokenTransaction[]> {
  let query = supabase.from('token_transactions').select(TRANSACTION_COLUMNS).eq('user_id', userId);
  const search = filters.search.trim();
  if (search) query = query.ilike('description', likePattern(search));
  if (filters.type) query = query.eq('type', filters.type);
  if (filters.source) query = query.eq('source', filters.source);
  if (after) {
    // (created_at, id) < (after): the range bound lets the index start at the cursor's time, and
    // the or() orders the rows of that same instant by id.
    const at = JSON.stringify(after.created_at);
    query = query.lte('created_at', after.created_at).or(`created_at.lt.${at},id.lt.${after.id}`);
  }
  return unwrap(
    await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageSize),
  ).map(normaliseTransaction);
}

export const transactionsQueryOptions = (userId: string | undefined, filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: walletKeys.transactions(userId, filters),
    queryFn: ({ pageParam }) => fetchTransactions(userId!, filters, pageParam),
    initialPageParam: null as LedgerCursor,
    getNextPageParam: (last: TokenTransaction[]): LedgerCursor | undefined =>
      last.length < TRANSACTIONS_PAGE_SIZE ? undefined : { created_at: last.at(-1)!.created_at, id: last.at(-1)!.id },
    enabled: Boolean(userId),
  });

export function useTransactions(filters: TransactionFilters) {
  const { user } = useAuth();
  return useInfiniteQuery(transactionsQueryOptions(user?.id, filters));
}
