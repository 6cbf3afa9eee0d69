// Request form and status for a signed-in user who is not (yet) a business user.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useMyBusinessRequest, useRequestBusinessAccount, type BusinessRequest } from '../api/business-request';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

export const NOTE_MAX = 1000;

export function validateNote(note: string): string | undefined {
  if (note.trim().length < 10)
    return i18n._('Please tell us in a sentence or two about your business (at least 10 characters).');
  if (note.length > NOTE_MAX) return i18n._('Please keep it under {NOTE_MAX} characters.', { NOTE_MAX });
  return undefined;
}

function StatusPanel({ request }: { request: BusinessRequest }) {
  const date = (iso: string) => formatDate(iso);
  if (request.status === 'pending') {
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-5" role="status">
        <p className="flex items-center gap-2 font-semibold text-amber-900">
          <Badge tone="warning">{i18n._('Pending review')}</Badge> {i18n._('Request sent on')}{' '}
          {date(request.created_at)}
        </p>
        <p className="mt-2 text-amber-900">
          {i18n._('An administrator will review it. This page shows the decision as soon as it is made.')}
        </p>
        {request.note ? (
          <p className="mt-2 text-sm text-amber-900">
            {i18n._('Your note: “')}
            {request.note}”
          </p>
        ) : null}
      </div>
    );
  }
  if (request.status === 'approved') {
    return (
      <div className="rounded-lg border border-green-200 bg-green-50 p-5" role="status">
        <p className="flex items-center gap-2 font-semibold text-green-900">
          <Badge tone="success">{i18n._('Approved')}</Badge>{' '}
          {request.decided_at ? i18n._('on {date}', { date: date(request.decided_at) }) : null}
        </p>
        <p className="mt-2 text-green-900">
          {i18n._('Sign out and back in if the Business menu does not appear yet.')}
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-5" role="status">
      <p className="flex items-center gap-2 font-semibold text-red-900">
        <Badge tone="danger">{i18n._('Not approved')}</Badge>{' '}
        {request.decided_at ? i18n._('on {date}', { date: date(request.decided_at) }) : null}
      </p>
      {request.decision_note ? (
        <p className="mt-2 text-red-900">
          {i18n._('Reason:')} {request.decision_note}
        </p>
      ) : null}
      <p className="mt-2 text-red-900">{i18n._('You can send a new request with more details below.')}</p>
    </div>
  );
}

export function BusinessRequestForm({ userId }: { userId: string }) {
  const query = useMyBusinessRequest(userId);
  const mutation = useRequestBusinessAccount(userId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (query.isPending) return <Spinner showLabel label={i18n._('Loading your request...')} />;
  if (query.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {i18n._('Could not load your request:')} {toAppError(query.error).message}
        </p>
        <Button variant="outline" onClick={() => query.refetch()}>
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  const current = query.data;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateNote(note);
    setError(problem);
    if (problem) return;
    try {
      await mutation.mutateAsync(note.trim());
      toast.success(i18n._('Your request was sent. An administrator will review it.'));
      setNote('');
    } catch (err) {
      toast.error(toAppError(err, i18n._('Failed to send your request')).message);
    }
  }

  return (
    <div className="space-y-5">
      {current ? <StatusPanel request={current} /> : null}
      {current?.status === 'pending' || current?.status === 'approved' ? null : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField
            label={i18n._('About your business')}
            error={error}
            hint={i18n._(
              'Company name, what you sell, your website or registration number — whatever helps us check it is you.',
            )}
            required
          >
            <Textarea rows={5} value={note} maxLength={NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <Button type="submit" loading={mutation.isPending}>
            {i18n._('Request a business account')}
          </Button>
        </form>
      )}
    </div>
  );
}
