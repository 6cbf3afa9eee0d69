// The senders the user blocked from writing to them through the contact-owner relay. The list
// shows the name each sender gave and the item they wrote about; their address stays private.
import { Button } from '@/components/ui/button';
import type { BlockedSender } from '../api/blocked-senders';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

export function BlockedSendersList({
  senders,
  onUnblock,
  unblockingId,
}: {
  senders: BlockedSender[];
  onUnblock: (id: string) => void;
  unblockingId?: string | null;
}) {
  if (senders.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        {i18n._('You have not blocked anyone. Each relayed message has a “Block this sender” link.')}
      </p>
    );
  }
  return (
    <ul aria-label={i18n._('Blocked senders')} className="divide-y divide-slate-200">
      {senders.map((s) => (
        <li key={s.id} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-slate-900">
              {s.sender_name ? `“${s.sender_name}”` : i18n._('A sender who gave no name')}
            </p>
            <p className="truncate text-slate-600">
              {s.asset_title ? i18n._('Wrote about {asset_title} · ', { asset_title: s.asset_title }) : ''}
              {i18n._('blocked')} {formatDate(s.created_at)}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            loading={unblockingId === s.id}
            aria-label={i18n._('Unblock {value}', { value: s.sender_name ?? 'this sender' })}
            onClick={() => onUnblock(s.id)}
          >
            {i18n._('Unblock')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
