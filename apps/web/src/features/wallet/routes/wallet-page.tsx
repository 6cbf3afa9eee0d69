// /wallet: balance, whole-history totals, the newest 20 transactions with "Load more", search and
// filters, CSV export, and the SPEC §8 failure state (balance 0, no transactions, retry); buying
// tokens, the purchase history, and the purchase status after returning from checkout.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { toAppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { cancelCheckout, startPayment, usePurchases, useTokenPackages } from '../api/purchases';
import { BuyTokens } from '../components/buy-tokens';
import { defaultOption, paymentOptions, type PaymentOption } from '../lib/packages';
import { useMyCountry } from '../api/my-country';
import { PurchaseHistory } from '../components/purchase-history';
import { PurchaseNotice, type CancelState } from '../components/purchase-notice';
import { fetchAllTransactions, transactionsToCsv } from '../api/export-transactions';
import { transactionsQueryOptions, useTransactions } from '../api/get-transactions';
import { useInvalidateWallet, useWallet, walletQueryOptions } from '@/lib/wallet';
import { useWalletSummary, walletSummaryQueryOptions } from '../api/get-wallet-summary';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';
import type { TransactionFilters } from '../api/types';
import { WalletView } from '../components/wallet-view';
import { i18n } from '@/lib/i18n/i18n';
import { useDebounced } from '@/hooks/use-debounced';

const NO_FILTERS: TransactionFilters = { search: '', type: '', source: '' };

/** Where the buyer's last way to pay is remembered (this browser only). */
const CHOICE_KEY = 'tagledger.payment-option';

function readChoice(): PaymentOption | null {
  try {
    const value = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as PaymentOption | null;
    return value && typeof value.provider === 'string' && typeof value.currency === 'string' ? value : null;
  } catch {
    return null;
  }
}

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** The balance, the summary and the first entries, asked for while the profile is read (lib/screen-prefetch.ts). */
export const prefetch: ScreenPrefetch = ({ queryClient, userId }) => {
  void queryClient.prefetchQuery(walletQueryOptions(userId));
  void queryClient.prefetchQuery(walletSummaryQueryOptions(userId));
  void queryClient.prefetchInfiniteQuery(transactionsQueryOptions(userId, NO_FILTERS));
};

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
  const [params] = useSearchParams();
  const location = useLocation();
  const returnedPurchase = params.get('purchase');
  const checkoutParam = params.get('checkout');
  const checkout =
    checkoutParam === 'cancelled' || checkoutParam === 'success' || checkoutParam === 'phone' ? checkoutParam : null;
  const navigate = useNavigate();
  const packages = useTokenPackages();
  const purchases = usePurchases(Boolean(returnedPurchase));
  const [buying, setBuying] = useState<string | null>(null);
  const [buyError, setBuyError] = useState<string | null>(null);
  // The ways to pay this server offers; the buyer's last choice, else their country, picks the first.
  const options = packages.data ? paymentOptions(appConfig.paymentProviders, packages.data) : [];
  const country = useMyCountry();
  const [chosen, setChosen] = useState<PaymentOption | null>(() => readChoice());
  const option = defaultOption(options, {
    chosen,
    country: country.data,
    locale: typeof navigator === 'undefined' ? undefined : navigator.language,
  });
  const [phone, setPhone] = useState('');
  const returned = purchases.data?.find((p) => p.id === returnedPurchase);
  const returnedStatus = returned?.status;

  // When the webhook has credited the purchase we came back for, reload the balance everywhere
  // (the header included) without a page reload.
  const seenStatus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (returnedStatus && seenStatus.current && seenStatus.current !== returnedStatus) void invalidate();
    seenStatus.current = returnedStatus;
  }, [returnedStatus, invalidate]);

  // Back from the checkout's cancel link: the URL proves nothing, so the server cancels the purchase
  // only after asking the provider (cancel-checkout); then the purchases are read again.
  const [cancel, setCancel] = useState<CancelState | undefined>(undefined);
  const cancelAsked = useRef<string | null>(null);
  const confirmCancel = useCallback(
    async (purchaseId: string) => {
      setCancel({ state: 'working' });
      try {
        await cancelCheckout(purchaseId);
        await invalidate();
        setCancel(undefined);
      } catch (err) {
        setCancel({
          state: 'failed',
          message: toAppError(err, i18n._('Something went wrong. Please try again.')).message,
          onRetry: () => void confirmCancel(purchaseId),
        });
      }
    },
    [invalidate],
  );
  useEffect(() => {
    if (checkout !== 'cancelled' || !returnedPurchase || cancelAsked.current === returnedPurchase) return;
    cancelAsked.current = returnedPurchase;
    void confirmCancel(returnedPurchase);
  }, [checkout, returnedPurchase, confirmCancel]);

  // /wallet#buy-tokens (from "Insufficient tokens"): bring the packages into view.
  useEffect(() => {
    if (location.hash === '#buy-tokens' && packages.data) document.getElementById('buy-tokens')?.scrollIntoView?.();
  }, [location.hash, packages.data]);

  function choose(next: PaymentOption) {
    setChosen(next);
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify(next));
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
  }

  async function buy(packageId: string) {
    if (!option) return;
    setBuying(packageId);
    setBuyError(null);
    try {
      const { url, purchaseId } = await startPayment({
        packageId,
        provider: option.provider,
        currency: option.currency,
        ...(option.provider === 'mtn_momo' ? { phone } : {}),
      });
      if (url) {
        window.location.assign(url);
        return;
      }
      // Mobile money: the payer approves on their phone; the wallet follows the purchase meanwhile.
      setBuying(null);
      await invalidate();
      void navigate(`?purchase=${purchaseId}&checkout=phone`);
    } catch (err) {
      setBuyError(toAppError(err, i18n._('Could not open the checkout. Please try again.')).message);
      setBuying(null);
    }
  }

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
      toast.error(toAppError(err, i18n._('Export failed. Please try again.')).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Wallet')} description={i18n._('Your TMT balance and transaction history.')} />
      <WalletView
        balance={wallet.data?.balance}
        debt={wallet.data?.debt}
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
        notice={
          returnedPurchase && checkout ? (
            <PurchaseNotice
              checkout={checkout}
              purchase={returned}
              balance={wallet.data?.balance}
              cancel={checkout === 'cancelled' ? cancel : undefined}
            />
          ) : null
        }
        aside={
          <>
            <BuyTokens
              enabled={appConfig.purchasesEnabled}
              packages={packages.data}
              options={options}
              option={option}
              onOptionChange={choose}
              phone={phone}
              onPhoneChange={setPhone}
              buying={buying}
              error={buyError}
              onBuy={(id) => void buy(id)}
            />
            <PurchaseHistory purchases={purchases.data ?? []} vatPercent={appConfig.vatPercent} />
          </>
        }
      />
    </div>
  );
}
