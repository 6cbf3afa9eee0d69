import { format } from 'date-fns';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { BusinessRequest } from '../api/types';
import { displayName } from '@/lib/display-name';

export interface BusinessRequestsCardProps {
  requests: BusinessRequest[];
  busyId: string | null;
  onDecide(requestId: string, approve: boolean): void;
}

export function BusinessRequestsCard({ requests, busyId, onDecide }: BusinessRequestsCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Business account requests</CardTitle>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-600">No pending requests.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Business account requests">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{displayName(r, r.email ?? '—')}</span>
                  <span className="block text-slate-600">{r.email}</span>
                  {r.note && <span className="block text-slate-600">“{r.note}”</span>}
                  <span className="text-xs text-slate-500">{format(new Date(r.created_at), 'MMM d, yyyy')}</span>
                </span>
                <span className="flex gap-2">
                  <Button size="sm" loading={busyId === r.id} onClick={() => onDecide(r.id, true)}>
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" disabled={busyId === r.id} onClick={() => onDecide(r.id, false)}>
                    Reject
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
