// Row shapes of the wallet feature (SPEC §3 token_transactions plus the ledger's integrity columns),
// taken from the generated Database types; only the text column `type` is narrowed to its values.
import type { Tables } from '@tagledger/db/types';

type TransactionRow = Tables<'token_transactions'>;

export type TokenTransaction = Pick<
  TransactionRow,
  'id' | 'amount' | 'source' | 'description' | 'reference' | 'created_at' | 'balance_after'
> & { type: 'earned' | 'spent' };

export interface WalletSummary {
  balance: number;
  total_earned: number;
  total_spent: number;
  transaction_count: number;
  sources: string[];
}

export interface TransactionFilters {
  search: string;
  type: '' | 'earned' | 'spent';
  source: string;
}

export const TRANSACTION_COLUMNS = 'id, amount, type, source, description, reference, created_at, balance_after';
/** SPEC §7: the history shows the 20 newest rows; older pages load on demand. */
export const TRANSACTIONS_PAGE_SIZE = 20;

export function normaliseTransaction(row: Record<string, unknown>): TokenTransaction {
  return {
    id: String(row.id),
    amount: Number(row.amount),
    type: row.type === 'spent' ? 'spent' : 'earned',
    source: String(row.source ?? ''),
    description: String(row.description ?? ''),
    reference: typeof row.reference === 'string' ? row.reference : null,
    created_at: String(row.created_at),
    balance_after: Number(row.balance_after ?? 0),
  };
}
