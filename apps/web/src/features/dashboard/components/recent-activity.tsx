import { format } from 'date-fns';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { RecentTransaction } from '../api/get-recent-transactions';

export interface RecentActivityProps {
  transactions: RecentTransaction[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry(): void;
}

export function formatAmount(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return `${sign}${Math.abs(amount).toLocaleString('en-US')} TMT`;
}

export function RecentActivity({ transactions, loading, error, onRetry }: RecentActivityProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Loading recent activity..." showLabel />
        ) : error ? (
          <div className="flex items-center justify-between gap-4" role="alert">
            <p className="text-sm text-red-600">Could not load your recent activity.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
          </div>
        ) : !transactions || transactions.length === 0 ? (
          <EmptyState title="No activity yet" description="Tokens you earn and spend will show up here." className="py-6" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {transactions.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{t.description || t.source || t.type}</p>
                  <p className="text-xs text-slate-500">{format(new Date(t.created_at), 'MMM d, yyyy')}</p>
                </div>
                <span
                  className={cn('shrink-0 text-sm font-semibold', t.amount < 0 ? 'text-red-700' : 'text-green-700')}
                >
                  {formatAmount(t.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
