// CSV export of the whole history: the exact count first, then pages until every row is in
// (so a server row cap below the page size cannot silently truncate the file), turned into CSV
// in the browser.
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toCsv } from '@/utils/csv';
import { fetchTransactions } from './get-transactions';
import type { TokenTransaction } from './types';

const EXPORT_PAGE = 1000;

/** A GET of zero rows, not a HEAD: supabase-js leaves a HEAD body unread and Chromium logs it as aborted. */
export async function countTransactions(userId: string): Promise<number> {
  const result = await supabase
    .from('token_transactions')
    .select('id', { count: 'exact' })
    .eq('user_id', userId)
    .limit(0);
  unwrap(result);
  return result.count ?? 0;
}

export async function fetchAllTransactions(userId: string): Promise<TokenTransaction[]> {
  const total = await countTransactions(userId);
  const all: TokenTransaction[] = [];
  const seen = new Set<string>();
  let offset = 0;
  while (offset < total) {
    const page = await fetchTransactions(
      userId,
      { search: '', type: '', source: '' },
      offset,
      offset + EXPORT_PAGE - 1,
    );
    if (page.length === 0) break; // rows deleted meanwhile: export what exists
    offset += page.length;
    // A movement posted during the export shifts the pages by one: skip the repeated row.
    for (const row of page) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      all.push(row);
    }
  }
  return all;
}

export function transactionsToCsv(rows: TokenTransaction[]): string {
  return toCsv(
    ['date', 'type', 'source', 'description', 'amount_tmt', 'balance_after_tmt', 'reference', 'id'],
    rows.map((r) => [r.created_at, r.type, r.source, r.description, r.amount, r.balance_after, r.reference, r.id]),
  );
}
