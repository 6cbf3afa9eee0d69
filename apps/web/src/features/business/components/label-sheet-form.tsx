// Downloads a printable PDF of QR labels for a product's units: a serial range (all of them when
// both ends are empty) or the units ticked in the list, on Avery L7160 (A4) or Avery 5160 (US
// Letter) sheets. One file holds at most MAX_LABELS_PER_SHEET labels, the limit the server keeps:
// the form first asks how many labels the range holds (the plan), downloads the file when they fit
// and otherwise offers the range in batches, so no request is sent that the server would refuse. A
// plan lists the range's first MAX_PLANNED_FILES files and where the next one starts (decision 0172).
import { useId, useState } from 'react';
import {
  MAX_LABELS_PER_SHEET,
  MAX_PLANNED_FILES,
  type LabelBatch,
  type LabelLayoutId,
  type LabelSheetPlan,
  type UnitLabelsRange,
  type UnitLabelsRequest,
} from '@tagledger/functions-api';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

export function LabelSheetForm({
  productId,
  selectedUnitIds,
  onPlan,
  onDownload,
}: {
  productId: string;
  selectedUnitIds: string[];
  onPlan(range: UnitLabelsRange): Promise<LabelSheetPlan>;
  onDownload(request: UnitLabelsRequest): Promise<void>;
}) {
  const id = useId();
  const [layout, setLayout] = useState<LabelLayoutId>('avery-l7160');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [plan, setPlan] = useState<LabelSheetPlan | null>(null);
  const max = formatNumber(MAX_LABELS_PER_SHEET);
  const tooManySelected = selectedUnitIds.length > MAX_LABELS_PER_SHEET;

  async function run(key: string, work: () => Promise<void>) {
    setBusy(key);
    setFailure(null);
    try {
      await work();
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const range = (): UnitLabelsRange => ({
    productId,
    ...(from ? { fromSerial: from } : {}),
    ...(to ? { toSerial: to } : {}),
  });
  const downloadBatch = (b: LabelBatch) =>
    run(`${b.fromSerial}:${b.toSerial}`, () =>
      onDownload({ layout, productId, fromSerial: b.fromSerial, toSerial: b.toSerial }),
    );

  function submitRange() {
    const next: typeof errors = {};
    if (from && !SERIAL.test(from)) next.from = i18n._('Use 1–64 letters, digits, dots, dashes or underscores');
    if (to && !SERIAL.test(to)) next.to = i18n._('Use 1–64 letters, digits, dots, dashes or underscores');
    if (!next.from && !next.to && from && to && from > to) next.to = i18n._('The last serial comes before the first');
    setErrors(next);
    setPlan(null);
    if (next.from || next.to) return;
    void run('range', async () => {
      const answer = await onPlan(range());
      if (answer.count > 0 && answer.count <= answer.maxLabels) await onDownload({ layout, ...range() });
      else setPlan(answer);
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-medium text-slate-900">
        {i18n._('Print labels')}
      </h3>
      <p className="text-sm text-slate-600">
        {i18n._('One PDF file holds at most {max} labels: a longer range is printed in several files.', { max })}
      </p>
      <FormField label={i18n._('Label sheet')}>
        <Select value={layout} onChange={(e) => setLayout(e.target.value as LabelLayoutId)}>
          <option value="avery-l7160">{i18n._('Avery L7160 — A4, 21 labels (3 × 7)')}</option>
          <option value="avery-5160">{i18n._('Avery 5160 — US Letter, 30 labels (3 × 10)')}</option>
        </Select>
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label={i18n._('From serial')} error={errors.from} hint={i18n._('Empty: from the first unit')}>
          <Input value={from} onChange={(e) => setFrom(e.target.value.trim())} autoComplete="off" />
        </FormField>
        <FormField label={i18n._('To serial')} error={errors.to} hint={i18n._('Empty: to the last unit')}>
          <Input value={to} onChange={(e) => setTo(e.target.value.trim())} autoComplete="off" />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={submitRange} loading={busy === 'range'} disabled={busy !== null && busy !== 'range'}>
          {i18n._('Download label sheet (PDF)')}
        </Button>
        <Button
          variant="outline"
          disabled={busy !== null || selectedUnitIds.length === 0 || tooManySelected}
          loading={busy === 'selected'}
          onClick={() => void run('selected', () => onDownload({ layout, unitIds: selectedUnitIds }))}
        >
          {i18n._('Labels for {count, plural, one {# selected unit} other {# selected units}}', {
            count: selectedUnitIds.length,
          })}
        </Button>
      </div>
      {tooManySelected && (
        <p role="alert" className="text-sm text-red-600">
          {i18n._('Select at most {max} units for one file.', { max })}
        </p>
      )}
      {plan && plan.count === 0 && (
        <p role="status" className="text-sm text-slate-700">
          {i18n._('No units in this range: check the first and last serials.')}
        </p>
      )}
      {plan && plan.count > 0 && (
        <div
          role="status"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>
            {plan.countCapped
              ? i18n._(
                  'This range holds more than {count} units and one file holds at most {max} labels. Print it in several files:',
                  { count: formatNumber(plan.count), max },
                )
              : i18n._(
                  'This range holds {count} units and one file holds at most {max} labels. Print it in {files, plural, one {# file} other {# files}}:',
                  { count: formatNumber(plan.count), max, files: Math.ceil(plan.count / plan.maxLabels) },
                )}
          </p>
          <ul className="flex flex-wrap gap-2" aria-label={i18n._('Label files')}>
            {plan.batches.map((b) => (
              <li key={`${b.fromSerial}:${b.toSerial}`}>
                <Button
                  variant="outline"
                  size="sm"
                  loading={busy === `${b.fromSerial}:${b.toSerial}`}
                  disabled={busy !== null}
                  onClick={() => void downloadBatch(b)}
                >
                  {i18n._('{from} to {to} ({count, plural, one {# label} other {# labels}})', {
                    from: b.fromSerial,
                    to: b.toSerial,
                    count: b.count,
                  })}
                </Button>
              </li>
            ))}
          </ul>
          {plan.nextFromSerial && (
            <p>
              {i18n._(
                'The first {shown} files are listed. For the rest, start From serial at {next} or narrow the range.',
                { shown: MAX_PLANNED_FILES, next: plan.nextFromSerial },
              )}
            </p>
          )}
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
    </section>
  );
}
