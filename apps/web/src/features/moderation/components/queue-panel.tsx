// One queue: a page of items, newest first, the pager, and the reason dialog for the chosen action.
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { useModeratorAct, useQueue, type BanRequest } from '../api/queues';
import type { ModerationAction, QueueName } from '../lib/actions';
import { ActionDialog } from './action-dialog';
import { Pager } from '@/components/ui/pager';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { QueueItem } from './queue-item';

interface Pending {
  itemId: string;
  action: ModerationAction | 'ban';
  subject: string;
  userId?: string;
}

export function QueuePanel({ queue }: { queue: QueueName }) {
  // Pages by cursor (decision 0165).
  const pages = useKeysetPages();
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = useQueue(queue, pages.after);
  const act = useModeratorAct();

  if (items.isLoading) return <LoadingBlock label={i18n._('Loading the queue...')} />;
  if (items.isError)
    return <ErrorRetry message={toAppError(items.error).message} onRetry={() => void items.refetch()} />;
  const data = items.data ?? { total: 0, items: [], next: null };
  return (
    <div>
      {done ? (
        <p role="status" className="mb-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <EmptyState title={i18n._('Nothing to review')} description={i18n._('This queue is empty.')} />
      ) : (
        <ul className="space-y-3">
          {data.items.map((item) => (
            <li key={item.id}>
              <QueueItem
                queue={queue}
                item={item}
                onAction={(action, subject) =>
                  setPending({
                    itemId: item.id,
                    action,
                    subject,
                    ...(queue === 'bans' ? { userId: (item as BanRequest).user_id } : {}),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={pages.page}
        hasNext={Boolean(data.next) && !items.isPlaceholderData}
        onPage={(page) => pages.goTo(page, data.next)}
        className="mt-4"
      />
      <ActionDialog
        action={pending?.action ?? null}
        subject={pending?.subject ?? ''}
        onClose={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!pending) return;
          await act.mutateAsync({
            queue,
            itemId: pending.itemId,
            action: pending.action,
            reason,
            userId: pending.userId,
          });
          setDone(i18n._('Done: {subject}', { subject: pending.subject }));
          // The item left the queue; a now-empty last page steps back.
          if (pages.page > 0 && data.items.length === 1) pages.goTo(pages.page - 1, null);
        }}
      />
    </div>
  );
}
