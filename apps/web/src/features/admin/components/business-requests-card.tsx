// Pending requests for a business account. Approving gives the person the verified business badge
// customers see on every scan page, and rejecting ends their request, so each asks for a
// confirmation first; both send the person a mail (a rejection with the note typed here).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import type { BusinessRequest } from '../api/types';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { RecordList } from '@/components/ui/record-list';

export interface BusinessRequestsCardProps {
  requests: BusinessRequest[];
  busyId: string | null;
  /** Decides the request; resolves true when it went through (the dialog then closes). */
  onDecide(requestId: string, approve: boolean, note: string): Promise<boolean>;
}

const NOTE_MAX = 1000;

export function BusinessRequestsCard({ requests, busyId, onDecide }: BusinessRequestsCardProps) {
  const [confirming, setConfirming] = useState<{ request: BusinessRequest; approve: boolean } | null>(null);
  const [note, setNote] = useState('');
  const name = confirming ? displayName(confirming.request, confirming.request.email ?? '—') : '';
  const open = (request: BusinessRequest, approve: boolean) => {
    setNote('');
    setConfirming({ request, approve });
  };
  const noteTooLong = note.length > NOTE_MAX;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Business account requests')}</CardTitle>
      </CardHeader>
      <CardContent>
        <RecordList items={requests} label={i18n._('Business account requests')} empty={i18n._('No pending requests.')}>
          {(r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{displayName(r, r.email ?? '—')}</span>
                <span className="block break-all text-slate-600">{r.email}</span>
                {r.note && <span className="block text-slate-600">“{r.note}”</span>}
                <span className="text-xs text-slate-500">{formatDate(r.created_at)}</span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" loading={busyId === r.id} onClick={() => open(r, true)}>
                  {i18n._('Approve')}
                </Button>
                <Button size="sm" variant="outline" disabled={busyId === r.id} onClick={() => open(r, false)}>
                  {i18n._('Reject')}
                </Button>
              </span>
            </li>
          )}
        </RecordList>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        title={
          confirming?.approve
            ? i18n._('Approve {name} as a business?', { name })
            : i18n._('Reject the request of {name}?', { name })
        }
        message={
          confirming?.approve ? (
            <p>
              {i18n._(
                '{name} will get the verified business badge that customers see when they scan a label, and can add products and units. We will tell them by e-mail.',
                { name },
              )}
            </p>
          ) : (
            <div className="space-y-3">
              <p>{i18n._('{name} will be told by e-mail that their request was declined.', { name })}</p>
              <FormField
                label={i18n._('Note for {name} (optional)', { name })}
                hint={i18n._('Sent in the e-mail, for example what to add to a new request.')}
                error={noteTooLong ? /*i18n*/ 'At most 1000 characters' : undefined}
              >
                <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
              </FormField>
            </div>
          )
        }
        confirmLabel={confirming?.approve ? i18n._('Approve') : i18n._('Reject')}
        cancelLabel={i18n._('Cancel')}
        destructive={confirming?.approve === false}
        loading={confirming !== null && busyId === confirming.request.id}
        onConfirm={() => {
          if (!confirming || noteTooLong) return;
          void onDecide(confirming.request.id, confirming.approve, note.trim()).then((done) => {
            if (done) setConfirming(null);
          });
        }}
      />
    </Card>
  );
}
