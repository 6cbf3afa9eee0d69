// Waiting early-access requests from a next of kin: the owner may refuse each until its date.
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
              <span className="text-sm text-slate-800">
                {i18n._('Requested')} {formatDate(r.requested_at)}
                {i18n._('; released on')} {formatDate(r.release_after)} {i18n._('unless you refuse.')}
              </span>
              <Button
                size="sm"
                variant="outline"
                loading={refuse.isPending}
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
