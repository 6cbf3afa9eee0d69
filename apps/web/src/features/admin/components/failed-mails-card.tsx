import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { FailedMail } from '../api/failed-mails';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';
import { RecordList } from '@/components/ui/record-list';

/** Mails the server stopped retrying, with a button that queues one again (e.g. after fixing SMTP). */
export function FailedMailsCard({
  mails,
  busyId,
  onRetry,
}: {
  mails: FailedMail[];
  busyId: number | null;
  onRetry(id: number): void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Undelivered mail')}</CardTitle>
      </CardHeader>
      <CardContent>
        <RecordList
          items={mails}
          label={i18n._('Undelivered mail')}
          empty={i18n._('Every mail was delivered.')}
          className="text-sm"
        >
          {(m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-2 py-2" data-testid="failed-mail">
              <div className="min-w-0">
                <span className="block break-all font-medium text-slate-900">{m.to_address}</span>
                <span className="block text-slate-700">{m.subject}</span>
                <span className="block break-words text-xs text-slate-500">
                  {i18n._('{attempts, plural, one {# attempt} other {# attempts}}', { attempts: m.attempts })}
                  {m.failed_at ? i18n._(', gave up {when}', { when: formatDateTime(m.failed_at) }) : ''}
                  {m.last_error ? ` — ${m.last_error}` : ''}
                </span>
              </div>
              <Button variant="outline" size="sm" disabled={busyId === m.id} onClick={() => onRetry(m.id)}>
                {busyId === m.id ? i18n._('Queuing…') : i18n._('Send again')}
              </Button>
            </li>
          )}
        </RecordList>
      </CardContent>
    </Card>
  );
}
