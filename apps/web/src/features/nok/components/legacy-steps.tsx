// The owner's log of every legacy step (invitations, answers, switch changes, reminders, requests,
// release, transfers), newest first.
import { Card, CardContent } from '@/components/ui/card';
import { toAppError } from '@/lib/api-error';
import { useLegacySteps } from '../api/legacy';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';

const STEP_LABELS: Record<string, string> = {
  switch_changed: /*i18n*/ 'Switch changed',
  invited: /*i18n*/ 'Invitation sent',
  accepted: /*i18n*/ 'Invitation accepted',
  declined: /*i18n*/ 'Invitation declined',
  reminder: /*i18n*/ 'Reminder sent',
  final_notice: /*i18n*/ 'Final notice sent',
  pause_ended: /*i18n*/ 'Pause ended',
  early_request: /*i18n*/ 'Early access requested',
  request_refused: /*i18n*/ 'Early request refused',
  release_scheduled: /*i18n*/ 'Release scheduled',
  released: /*i18n*/ 'Legacy released',
  release_notice: /*i18n*/ 'Next of kin told of the release',
  activity: /*i18n*/ 'You confirmed you are still here',
  transfer_offered: /*i18n*/ 'Transfer offered',
  transfer_accepted: /*i18n*/ 'Transfer accepted',
};

export function LegacySteps({ userId }: { userId: string }) {
  const steps = useLegacySteps(userId);
  if (steps.isPending) return null;
  if (steps.isError) {
    return (
      <p role="alert" className="text-red-700">
        {i18n._('Could not load your legacy activity:')} {toAppError(steps.error).message}
      </p>
    );
  }
  if (!steps.data.length) return null;
  return (
    <Card>
      <CardContent className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{i18n._('Legacy activity')}</h2>
        <ol aria-label={i18n._('Legacy activity')} className="space-y-1">
          {steps.data.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="text-slate-900">
                {STEP_LABELS[s.kind] ?? s.kind}
                {s.recipient_email
                  ? i18n._(' · e-mailed to {recipient_email}', { recipient_email: s.recipient_email })
                  : ''}
              </span>
              <span className="text-slate-600">{formatDateTime(s.occurred_at)}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
