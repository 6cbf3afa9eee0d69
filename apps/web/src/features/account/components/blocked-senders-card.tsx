// Settings block: load the blocked senders and unblock them.
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useBlockedSenders, useUnblockSender } from '../api/blocked-senders';
import { BlockedSendersList } from './blocked-senders-list';
import { i18n } from '@/lib/i18n/i18n';

export function BlockedSendersCard({ userId }: { userId: string }) {
  const senders = useBlockedSenders(userId);
  const unblock = useUnblockSender(userId);
  if (senders.isPending) return <Spinner showLabel label={i18n._('Loading blocked senders...')} />;
  if (senders.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {i18n._('Could not load blocked senders:')} {toAppError(senders.error).message}
        </p>
        <Button variant="outline" onClick={() => senders.refetch()}>
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  return (
    <BlockedSendersList
      senders={senders.data}
      unblockingId={unblock.isPending ? unblock.variables : null}
      onUnblock={(id) =>
        unblock.mutate(id, {
          onSuccess: () => void toast.success(i18n._('Sender unblocked')),
          onError: (err) => void toast.error(toAppError(err, i18n._('Failed to unblock')).message),
        })
      }
    />
  );
}
