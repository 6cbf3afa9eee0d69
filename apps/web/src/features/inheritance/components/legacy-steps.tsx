// The owner's log of every legacy step (invitations, answers, switch changes, reminders, requests,
// release, transfers), newest first.
import { Card, CardContent } from '@/components/ui/card';
import { toAppError } from '@/lib/api-error';
import { useLegacySteps, type LegacyStep } from '../api/legacy';
import { i18n } from '@/lib/i18n/i18n';
import { legacyStepLabel } from '@/lib/labels/nok';
import { formatDateTime } from '@/lib/i18n/format';

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
  return <LegacyStepList steps={steps.data} />;
}

/** The log's entries, each step named in the reader's language (lib/labels/nok.ts). */
export function LegacyStepList({ steps }: { steps: LegacyStep[] }) {
  if (!steps.length) return null;
  return (
    <Card>
      <CardContent className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{i18n._('Legacy activity')}</h2>
        <ol aria-label={i18n._('Legacy activity')} className="space-y-1">
          {steps.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="text-slate-900">
                {legacyStepLabel(s.kind)}
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
