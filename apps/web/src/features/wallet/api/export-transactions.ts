// CSV export of the whole history: fetched in pages of 1000 (the server's row cap) and turned
// into CSV in the browser.
import { toCsv } from '../lib/csv';
import { fetchTransactions } from './get-transactions';
import type { TokenTransaction } from './types';

const EXPORT_PAGE = 1000;

export async function fetchAllTransactions(userId: string): Promise<TokenTransaction[]> {
  const all: TokenTransaction[] = [];
  for (let from = 0; ; from += EXPORT_PAGE) {
    const page = await fetchTransactions(userId, { search: '', type: '', source: '' }, from, from + EXPORT_PAGE - 1);
    all.push(...page);
    if (page.length < EXPORT_PAGE) return all;
  }
}

export function transactionsToCsv(rows: TokenTransaction[]): string {
  return toCsv(
    ['date', 'type', 'source', 'description', 'amount_tmt', 'balance_after_tmt', 'reference', 'id'],
    rows.map((r) => [r.created_at, r.type, r.source, r.description, r.amount, r.balance_after, r.reference, r.id]),
  );
}
