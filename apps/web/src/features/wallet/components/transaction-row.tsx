import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { TokenTransaction } from '../api/types';
import { describeTransaction, sourceLabel } from '@/lib/labels/ledger';
import { formatWhen } from '../lib/format';
import { formatTmt } from '@/utils/format';

export function TransactionRow({ tx }: { tx: TokenTransaction }) {
  const earned = tx.amount > 0;
  const description = describeTransaction(tx.description);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="transaction-row">
      <span
        aria-hidden="true"
        className={`grid h-9 w-9 shrink-0 place-items-center rounded-full ${earned ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700'}`}
      >
        {earned ? <ArrowDownLeft className="h-4 w-4" /> : <ArrowUpRight className="h-4 w-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">{sourceLabel(tx.source)}</p>
        <p className="truncate text-sm text-slate-600" title={description}>
          {description}
        </p>
        <p className="text-xs text-slate-500">{formatWhen(tx.created_at)}</p>
      </div>
      <span className={`shrink-0 text-sm font-semibold ${earned ? 'text-green-700' : 'text-red-700'}`}>
        {formatTmt(tx.amount, { signed: true })}
      </span>
    </li>
  );
}
