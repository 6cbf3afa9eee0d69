// Waiting early-access requests from a next of kin: who asked, and until when the owner may refuse.
// A refused next of kin may ask again only 30 days later (the database holds them off).
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toAppError } from '@/lib/api-error';
import { useEarlyRequests, useRefuseRequest } from '../api/legacy';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

export function EarlyRequests({ userId }: { userId: string }) {
  const requests = useEarlyRequests(userId);
  const refuse = useRefuseRequest(userId);
  if (!requests.data?.length) return null;
  return (
    <Card>
      <CardContent className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{i18n._('Early access requests')}</h2>
        <ul className="space-y-2">
          {requests.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words text-sm text-slate-800">
                {i18n._(
                  '{name} asked for access on {requested}. Unless you refuse, your chosen assets are released on {release}.',
                  {
                    name: r.next_of_kin?.full_name ?? i18n._('A next of kin you removed'),
                    requested: formatDate(r.requested_at),
                    release: formatDate(r.release_after),
                  },
                )}
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={i18n._('Refuse the request of {name}', {
                  name: r.next_of_kin?.full_name ?? i18n._('A next of kin you removed'),
                })}
                loading={refuse.isPending && refuse.variables === r.id}
                onClick={() =>
                  refuse.mutateAsync(r.id).then(
                    () => toast.success(i18n._('Request refused')),
                    (err: unknown) => void toast.error(toAppError(err).message),
                  )
                }
              >
                {i18n._('Refuse')}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
