// /wallet body, presentational: everything arrives through props so each state (loading,
// failure per SPEC §8, empty, filtered, paged) is testable without a server.
import type { ReactNode } from 'react';
import { RetryBanner } from '@/components/ui/load-state';
import { Download, Gift, RefreshCw, TrendingDown, TrendingUp, Wallet as WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import type { TokenTransaction, TransactionFilters, WalletSummary } from '../api/types';
import { sourceLabel } from '@/lib/labels/ledger';
import { formatTmt } from '@/utils/format';
import { StatCard } from './stat-card';
import { TransactionRow } from './transaction-row';
import { i18n } from '@/lib/i18n/i18n';
import { intlLocale } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

export interface WalletViewProps {
  /** Undefined while loading; on failure the view shows 0 (SPEC §8). */
  balance: number | undefined;
  summary: WalletSummary | undefined;
  transactions: TokenTransaction[];
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  filters: TransactionFilters;
  onFiltersChange(filters: TransactionFilters): void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  exporting: boolean;
  onExport(): void;
  refreshing: boolean;
  onRefresh(): void;
  /** TMT owed from a refunded or disputed purchase (spending is blocked until a purchase settles it). */
  debt?: number | undefined;
  /** Shown above the history (the purchase status after returning from checkout). */
  notice?: ReactNode;
  /** Shown at the top of the side column (buying tokens, purchases). */
  aside?: ReactNode;
}

export function WalletView(props: WalletViewProps) {
  const { summary, filters, failed } = props;
  const balance = failed ? 0 : props.balance;
  const debt = props.debt ?? 0;
  const transactions = failed ? [] : props.transactions;
  const filtered = Boolean(filters.search.trim() || filters.type || filters.source);
  const sources = Array.from(new Set([...(summary?.sources ?? []), ...(filters.source ? [filters.source] : [])]));
  const setFilter = (patch: Partial<TransactionFilters>) => props.onFiltersChange({ ...filters, ...patch });
  const show = (value: number | undefined) => (value === undefined ? '—' : formatTmt(value));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{i18n._('TMT Wallet')}</h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={props.onRefresh} loading={props.refreshing}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {i18n._('Refresh')}
          </Button>
          <Button
            variant="outline"
            onClick={props.onExport}
            loading={props.exporting}
            disabled={failed || summary?.transaction_count === 0}
          >
            <Download className="h-4 w-4" aria-hidden="true" /> {i18n._('Export CSV')}
          </Button>
        </div>
      </div>

      {failed && <RetryBanner message={i18n._('We could not load your wallet.')} onRetry={props.onRetry} />}

      {props.notice}

      {!failed && debt > 0 && <DebtBanner balance={balance ?? 0} debt={debt} />}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={i18n._('Current Balance')}
          value={show(balance)}
          icon={<WalletIcon className="h-4 w-4" />}
          note={
            !failed && debt > 0
              ? i18n._('{debt} owed, paid first by your next purchase', { debt: formatTmt(debt) })
              : undefined
          }
        />
        <StatCard
          label={i18n._('Total Earned')}
          value={show(failed ? 0 : summary?.total_earned)}
          tone="text-green-700"
          icon={<TrendingUp className="h-4 w-4" />}
        />
        <StatCard
          label={i18n._('Total Spent')}
          value={show(failed ? 0 : summary?.total_spent)}
          tone="text-red-700"
          icon={<TrendingDown className="h-4 w-4" />}
        />
        <StatCard
          label={i18n._('Transactions')}
          value={failed ? '0' : summary === undefined ? '—' : summary.transaction_count.toLocaleString(intlLocale())}
        />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{i18n._('Transaction history')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Input
                type="search"
                aria-label={i18n._('Search transactions')}
                placeholder={i18n._('Search descriptions')}
                value={filters.search}
                maxLength={100}
                onChange={(e) => setFilter({ search: e.target.value })}
              />
              <Select
                aria-label={i18n._('Type')}
                value={filters.type}
                onChange={(e) => setFilter({ type: e.target.value as TransactionFilters['type'] })}
                options={[
                  { value: '', label: i18n._('All types') },
                  { value: 'earned', label: i18n._('Earned') },
                  { value: 'spent', label: i18n._('Spent') },
                ]}
              />
              <Select
                aria-label={i18n._('Source')}
                value={filters.source}
                onChange={(e) => setFilter({ source: e.target.value })}
                options={[
                  { value: '', label: i18n._('All sources') },
                  ...sources.map((s) => ({ value: s, label: sourceLabel(s) })),
                ]}
              />
            </div>

            {props.loading && !failed ? (
              <div className="flex justify-center py-8">
                <Spinner label={i18n._('Loading transactions...')} showLabel />
              </div>
            ) : transactions.length === 0 ? (
              <EmptyState
                title={filtered ? i18n._('No matching transactions') : i18n._('No transactions yet')}
                description={
                  filtered
                    ? i18n._('Try another search or filter.')
                    : i18n._('Tokens you earn and spend will appear here.')
                }
              />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={i18n._('Transactions')}>
                {transactions.map((tx) => (
                  <TransactionRow key={tx.id} tx={tx} />
                ))}
              </ul>
            )}

            {props.hasMore && !failed && (
              <div className="flex justify-center">
                <Button variant="outline" onClick={props.onLoadMore} loading={props.loadingMore}>
                  {i18n._('Load more')}
                </Button>
              </div>
            )}
          </CardContent>
        </Card>

        <div className="min-w-0 space-y-6">
          {props.aside}
          <Card>
            <CardHeader>
              <CardTitle>{i18n._('How to get TMT')}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm text-slate-700">
              <p>{i18n._('TMT tokens pay for tagging assets. You receive them in these ways:')}</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>{i18n._('Buying a package of tokens.')}</li>
                <li>{i18n._('A welcome bonus when your account is created.')}</li>
                <li>{i18n._('Referral rewards when people join with your link — on five levels.')}</li>
                <li>{i18n._('Grants and corrections by an administrator.')}</li>
              </ul>
              <Link
                to={paths.referrals}
                className="inline-flex items-center gap-2 font-medium text-blue-700 hover:underline"
              >
                <Gift className="h-4 w-4" aria-hidden="true" /> {i18n._('Open the referral program')}
              </Link>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** Spending is paused while a refund or dispute has left the wallet owing tokens: how much, and why. */
function DebtBanner({ balance, debt }: { balance: number; debt: number }) {
  return (
    <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-medium">
        {i18n._('Your balance is {balance} and you owe {debt}.', {
          balance: formatTmt(balance),
          debt: formatTmt(debt),
        })}
      </p>
      <p className="mt-1">
        {i18n._(
          'A refunded or disputed purchase took back tokens that had already been spent. Spending is paused until the debt is paid; your next purchase pays it first and adds the rest to your balance.',
        )}
      </p>
    </div>
  );
}
