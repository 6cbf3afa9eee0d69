// The owner's inactivity switch: on/off, period (3 months to 5 years), grace and waiting periods,
// an optional pause with an end date, and "I am still here". Every save is confirmed by e-mail.
// Switching off or pausing cancels a waiting early request (the database does, and tells the next of
// kin). Once the legacy is released the switch is final: the form shows it read-only.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toAppError } from '@/lib/api-error';
import { useLegacySwitch, useSetLegacySwitch, useStillHere, type LegacySwitch } from '../api/legacy';
import { periodOptions, validateSwitch, type SwitchErrors } from '../lib/legacy-switch';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

function SwitchForm({ userId, current }: { userId: string; current: LegacySwitch | null }) {
  const save = useSetLegacySwitch(userId);
  const stillHere = useStillHere(userId);
  const [enabled, setEnabled] = useState(current?.enabled ?? false);
  const [period, setPeriod] = useState(String(current?.period_months ?? 12));
  const [grace, setGrace] = useState(String(current?.grace_days ?? 14));
  const [waiting, setWaiting] = useState(String(current?.waiting_days ?? 7));
  const [pausedUntil, setPausedUntil] = useState(current?.paused_until?.slice(0, 10) ?? '');
  const [errors, setErrors] = useState<SwitchErrors>({});

  const released = Boolean(current?.released_at);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (released) return;
    const result = validateSwitch({ enabled, period, grace, waiting, pausedUntil }, new Date());
    setErrors(result.errors);
    if (!result.value) return;
    save.mutateAsync(result.value).then(
      () => toast.success(i18n._('Switch saved. We sent you an e-mail to confirm the change.')),
      (err: unknown) => void toast.error(toAppError(err, i18n._('Could not save the switch')).message),
    );
  };

  return (
    <form aria-label={i18n._('Inactivity switch')} noValidate onSubmit={submit} className="space-y-4">
      {current?.released_at ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-slate-900">
          {i18n._(
            'Your legacy was released on {date}. Your next of kin have been told; the switch can no longer be changed.',
            { date: formatDate(current.released_at) },
          )}
        </p>
      ) : null}
      <fieldset disabled={released} className="space-y-4 disabled:opacity-60">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          {i18n._('Release my chosen assets to my next of kin if I am inactive')}
        </label>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={i18n._('Inactivity period')} error={errors.period}>
            <Select options={periodOptions()} value={period} onChange={(e) => setPeriod(e.target.value)} />
          </FormField>
          <FormField
            label={i18n._('Grace period (days)')}
            error={errors.grace}
            hint={i18n._('After the period, before release (1–90).')}
          >
            <Input type="number" min={1} max={90} value={grace} onChange={(e) => setGrace(e.target.value)} />
          </FormField>
          <FormField
            label={i18n._('Waiting period for early requests (days)')}
            error={errors.waiting}
            hint={i18n._('How long you have to refuse a request (1–30).')}
          >
            <Input type="number" min={1} max={30} value={waiting} onChange={(e) => setWaiting(e.target.value)} />
          </FormField>
          <FormField
            label={i18n._('Pause until (optional)')}
            error={errors.pausedUntil}
            hint={i18n._('For example while travelling.')}
          >
            <Input type="date" value={pausedUntil} onChange={(e) => setPausedUntil(e.target.value)} />
          </FormField>
        </div>
      </fieldset>
      {current && !released ? (
        <p className="text-sm text-slate-700">
          {i18n._('Last activity:')} {formatDate(current.last_activity_at)}
          {i18n._('. Reminders go out 30, 14, 7 and 1 days before the end.')}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {current?.enabled && !released ? (
          <Button
            variant="outline"
            loading={stillHere.isPending}
            onClick={() =>
              stillHere.mutateAsync().then(
                () => toast.success(i18n._('Thank you: the period starts again today.')),
                (err: unknown) => void toast.error(toAppError(err).message),
              )
            }
          >
            {i18n._('I am still here')}
          </Button>
        ) : null}
        <Button type="submit" loading={save.isPending} disabled={released}>
          {i18n._('Save switch')}
        </Button>
      </div>
    </form>
  );
}

export function LegacySwitchCard({ userId }: { userId: string }) {
  const current = useLegacySwitch(userId);
  return (
    <Card>
      <CardContent className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{i18n._('Inactivity switch')}</h2>
        {current.isPending ? (
          <p className="text-sm text-slate-700">{i18n._('Loading…')}</p>
        ) : current.isError ? (
          <p role="alert" className="text-red-700">
            {i18n._('Could not load your switch:')} {toAppError(current.error).message}
          </p>
        ) : (
          <SwitchForm userId={userId} current={current.data} />
        )}
      </CardContent>
    </Card>
  );
}
