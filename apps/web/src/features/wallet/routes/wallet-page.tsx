// /wallet: balance, whole-history totals, the newest 20 transactions with "Load more", search and
// filters, CSV export, and the SPEC §8 failure state (balance 0, no transactions, retry).
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { fetchAllTransactions, transactionsToCsv } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { useInvalidateWallet, useWallet } from '../api/get-wallet';
import { useWalletSummary } from '../api/get-wallet-summary';
import type { TransactionFilters } from '../api/types';
import { WalletView } from '../components/wallet-view';

const NO_FILTERS: TransactionFilters = { search: '', type: '', source: '' };

/** Waits until typing pauses before the search goes to the server. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

export default function WalletPage() {
  const { user } = useAuth();
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  const query = useDebounced(filters, 300);
  const wallet = useWallet();
  const summary = useWalletSummary();
  const transactions = useTransactions(query);
  const invalidate = useInvalidateWallet();
  const [exporting, setExporting] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const failed = wallet.isError || summary.isError || transactions.isError;

  async function refresh() {
    setRefreshing(true);
    try {
      await invalidate();
    } finally {
      setRefreshing(false);
    }
  }

  async function exportCsv() {
    if (!user) return;
    setExporting(true);
    try {
      const rows = await fetchAllTransactions(user.id);
      download(`tmt-transactions-${new Date().toISOString().slice(0, 10)}.csv`, transactionsToCsv(rows));
    } catch (err) {
      toast.error(toAppError(err, 'Export failed. Please try again.').message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title="Wallet" description="Your TMT balance and transaction history." />
      <WalletView
        balance={wallet.data?.balance}
        summary={summary.data}
        transactions={transactions.data?.pages.flat() ?? []}
        loading={transactions.isPending}
        failed={failed}
        onRetry={() => void refresh()}
        filters={filters}
        onFiltersChange={setFilters}
        hasMore={Boolean(transactions.hasNextPage)}
        loadingMore={transactions.isFetchingNextPage}
        onLoadMore={() => void transactions.fetchNextPage()}
        exporting={exporting}
        onExport={() => void exportCsv()}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
    </div>
  );
}
