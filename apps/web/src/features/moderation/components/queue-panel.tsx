// One queue: a page of items, newest first, the pager, and the reason dialog for the chosen action.
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { i18n } from '@/lib/i18n/i18n';
import { useModeratorAct, useQueue, type BanRequest } from '../api/queues';
import type { ModerationAction, QueueName } from '../lib/actions';
import { ActionDialog } from './action-dialog';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { PagedPanel, stepBackIfEmptied } from './paged-panel';
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

  return (
    <PagedPanel
      list={items}
      pages={pages}
      loadingLabel={i18n._('Loading the queue...')}
      done={done}
      empty={<EmptyState title={i18n._('Nothing to review')} description={i18n._('This queue is empty.')} />}
      itemKey={(item) => item.id}
      renderItem={(item) => (
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
      )}
      dialog={
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
            stepBackIfEmptied(pages, items.data);
          }}
        />
      }
    />
  );
}
