// For a next of kin, one person who named them: the state of their early-access request to that
// person (waiting, refused with the date they may ask again, cancelled because the switch was turned
// off or paused) and, when asking is possible, the button. Each ask mails the owner, so after a
// refusal the database holds the next of kin off for 30 days, and the page says until when.
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { useRequestEarlyAccess, type NamedMe } from '../api/legacy';
import { myRequestsKey, type MyEarlyRequest } from '../api/my-requests';

function cancelledText(r: MyEarlyRequest): string {
  const date = formatDate(r.requested_at);
  return r.cancel_reason === 'paused'
    ? i18n._('Your request of {date} was cancelled when they paused their switch.', { date })
    : i18n._('Your request of {date} was cancelled when they switched their switch off.', { date });
}

export function EarlyAccess({
  person,
  latest,
  userId,
  now = new Date(),
}: {
  person: NamedMe;
  latest: MyEarlyRequest | undefined;
  userId: string;
  now?: Date;
}) {
  const ask = useRequestEarlyAccess();
  const qc = useQueryClient();
  const text = 'text-sm text-slate-700';

  if (person.request_release_after) {
    return (
      <span className={text}>
        {latest?.state === 'waiting'
          ? i18n._('You asked for access on {asked}; unless they refuse, it opens on {date}.', {
              asked: formatDate(latest.requested_at),
              date: formatDate(person.request_release_after),
            })
          : i18n._('Access was asked for; unless they refuse, it opens on {date}.', {
              date: formatDate(person.request_release_after),
            })}
      </span>
    );
  }
  if (!person.switch_on) {
    return (
      <span className={text}>
        {i18n._('Their inactivity switch is off: there is nothing to ask for.')}
        {latest?.state === 'cancelled' ? ` ${cancelledText(latest)}` : ''}
      </span>
    );
  }
  if (latest?.state === 'refused' && latest.ask_again_after && new Date(latest.ask_again_after) > now) {
    return (
      <span className={text}>
        {i18n._('They refused your request on {refused}. You can ask again from {date}.', {
          refused: formatDate(latest.decided_at ?? latest.requested_at),
          date: formatDate(latest.ask_again_after),
        })}
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      {latest?.state === 'cancelled' ? <span className={text}>{cancelledText(latest)}</span> : null}
      <Button
        variant="outline"
        loading={ask.isPending}
        onClick={() =>
          void ask
            .mutateAsync(person.owner_id)
            .then(
              () => toast.success(i18n._('Request sent. They have been told and may refuse it.')),
              (err: unknown) => void toast.error(toAppError(err, i18n._('Could not send the request')).message),
            )
            .finally(() => qc.invalidateQueries({ queryKey: myRequestsKey(userId) }))
        }
      >
        {i18n._('Ask {name} for access early', { name: person.owner_name })}
      </Button>
    </span>
  );
}
