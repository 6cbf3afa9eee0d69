// The moderation log: every action with its reason, newest first. Admins see who acted.
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { useModerationLog } from '../api/queues';
import { ACTION_LABELS, QUEUES } from '../lib/actions';
import { Pager } from '@/components/ui/pager';
import { useKeysetPages } from '@/hooks/use-keyset-pages';

export function ModerationLog() {
  // Pages by cursor (decision 0165).
  const pages = useKeysetPages();
  const log = useModerationLog(pages.after);
  if (log.isLoading) return <LoadingBlock label={i18n._('Loading the log...')} />;
  if (log.isError) return <ErrorRetry message={toAppError(log.error).message} onRetry={() => void log.refetch()} />;
  const data = log.data ?? { total: 0, items: [], next: null };
  if (data.items.length === 0) return <EmptyState title={i18n._('No actions yet')} />;
  return (
    <div>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {data.items.map((entry) => {
          const queue = QUEUES.find((q) => q.name === entry.queue);
          const who = entry.moderator ?? (entry.by_me ? i18n._('You') : i18n._('A moderator'));
          return (
            <li key={entry.id} className="space-y-1 p-3 text-sm" data-testid="log-entry">
              <p className="flex flex-wrap gap-x-2 text-slate-900">
                <span className="font-medium">{i18n._(ACTION_LABELS[entry.action])}</span>
                <span className="text-slate-500">{queue ? i18n._(queue.label) : entry.queue}</span>
              </p>
              <p className="break-words text-slate-700">{entry.reason}</p>
              <p className="text-xs text-slate-500">
                {who} · {formatDate(entry.created_at)}
              </p>
            </li>
          );
        })}
      </ul>
      <Pager
        page={pages.page}
        hasNext={Boolean(data.next) && !log.isPlaceholderData}
        onPage={(page) => pages.goTo(page, data.next)}
        className="mt-4"
      />
    </div>
  );
}
