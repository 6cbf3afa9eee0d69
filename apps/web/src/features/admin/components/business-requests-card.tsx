import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { BusinessRequest } from '../api/types';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

export interface BusinessRequestsCardProps {
  requests: BusinessRequest[];
  busyId: string | null;
  onDecide(requestId: string, approve: boolean): void;
}

export function BusinessRequestsCard({ requests, busyId, onDecide }: BusinessRequestsCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Business account requests')}</CardTitle>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-600">{i18n._('No pending requests.')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={i18n._('Business account requests')}>
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{displayName(r, r.email ?? '—')}</span>
                  <span className="block text-slate-600">{r.email}</span>
                  {r.note && <span className="block text-slate-600">“{r.note}”</span>}
                  <span className="text-xs text-slate-500">{formatDate(r.created_at)}</span>
                </span>
                <span className="flex gap-2">
                  <Button size="sm" loading={busyId === r.id} onClick={() => onDecide(r.id, true)}>
                    {i18n._('Approve')}
                  </Button>
                  <Button size="sm" variant="outline" disabled={busyId === r.id} onClick={() => onDecide(r.id, false)}>
                    {i18n._('Reject')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
