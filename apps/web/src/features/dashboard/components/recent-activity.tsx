import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { RecentTransaction } from '../api/get-recent-transactions';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { formatTmt } from '@/utils/format';
import { describeTransaction, sourceLabel, transactionTypeLabel } from '@/lib/labels/ledger';

export interface RecentActivityProps {
  transactions: RecentTransaction[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry(): void;
}

export function RecentActivity({ transactions, loading, error, onRetry }: RecentActivityProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Recent activity')}</CardTitle>
      </CardHeader>
      {/* As tall as a full list (its padding and RECENT_ACTIVITY_LIMIT rows of 3.75rem and their dividers) in every state, so what is below it keeps its
          place when the list comes (CLS, issue 29); a shorter list or the empty state sits in that space. */}
      <CardContent className="min-h-[calc(2rem+5*3.75rem+4px)]">
        {loading ? (
          <Spinner label={i18n._('Loading recent activity...')} showLabel />
        ) : error ? (
          <div className="flex items-center justify-between gap-4" role="alert">
            <p className="text-sm text-red-600">{i18n._('Could not load your recent activity.')}</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {i18n._('Retry')}
            </Button>
          </div>
        ) : !transactions || transactions.length === 0 ? (
          <EmptyState
            title={i18n._('No activity yet')}
            description={i18n._('Tokens you earn and spend will show up here.')}
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {transactions.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {t.description
                      ? describeTransaction(t.description)
                      : t.source
                        ? sourceLabel(t.source)
                        : transactionTypeLabel(t.type)}
                  </p>
                  <p className="text-xs text-slate-500">{formatDate(t.created_at)}</p>
                </div>
                <span
                  className={cn('shrink-0 text-sm font-semibold', t.amount < 0 ? 'text-red-700' : 'text-green-700')}
                >
                  {formatTmt(t.amount, { signed: true })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
