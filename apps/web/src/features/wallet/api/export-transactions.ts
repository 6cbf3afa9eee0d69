// CSV export of the whole history: pages after the last row read (keyset, decision 0165) until a
// page comes back empty (so a server row cap below the page size cannot silently truncate the
// file), turned into CSV in the browser. A movement posted meanwhile is newer than the cursor and
// is not read twice.
import { toCsv } from '@/utils/csv';
import { fetchTransactions, type LedgerCursor } from './get-transactions';
import type { TokenTransaction } from './types';

const EXPORT_PAGE = 1000;

export async function fetchAllTransactions(userId: string): Promise<TokenTransaction[]> {
  const all: TokenTransaction[] = [];
  let after: LedgerCursor = null;
  for (;;) {
    const page = await fetchTransactions(userId, { search: '', type: '', source: '' }, after, EXPORT_PAGE);
    if (page.length === 0) return all;
    all.push(...page);
    after = { created_at: page.at(-1)!.created_at, id: page.at(-1)!.id };
  }
}

export function transactionsToCsv(rows: TokenTransaction[]): string {
  return toCsv(
    ['date', 'type', 'source', 'description', 'amount_tmt', 'balance_after_tmt', 'reference', 'id'],
    rows.map((r) => [r.created_at, r.type, r.source, r.description, r.amount, r.balance_after, r.reference, r.id]),
  );
}
