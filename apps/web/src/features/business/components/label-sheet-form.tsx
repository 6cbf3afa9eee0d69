// Downloads a printable PDF of QR labels for a product's units: all of them (up to 1,000), a serial
// range, or the units ticked in the list; on Avery L7160 (A4) or Avery 5160 (US Letter) sheets.
import { useId, useState } from 'react';
import type { LabelLayoutId, UnitLabelsRequest } from '@tagledger/functions-api';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { i18n } from '@/lib/i18n/i18n';

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

export function LabelSheetForm({
  productId,
  selectedUnitIds,
  onDownload,
}: {
  productId: string;
  selectedUnitIds: string[];
  onDownload(request: UnitLabelsRequest): Promise<void>;
}) {
  const id = useId();
  const [layout, setLayout] = useState<LabelLayoutId>('avery-l7160');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(request: UnitLabelsRequest) {
    setBusy(true);
    setFailure(null);
    try {
      await onDownload(request);
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function submitRange() {
    const next: typeof errors = {};
    if (from && !SERIAL.test(from)) next.from = i18n._('Use 1–64 letters, digits, dots, dashes or underscores');
    if (to && !SERIAL.test(to)) next.to = i18n._('Use 1–64 letters, digits, dots, dashes or underscores');
    if (!next.from && !next.to && from && to && from > to) next.to = i18n._('The last serial comes before the first');
    setErrors(next);
    if (next.from || next.to) return;
    void download({ layout, productId, ...(from ? { fromSerial: from } : {}), ...(to ? { toSerial: to } : {}) });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-medium text-slate-900">
        {i18n._('Print labels')}
      </h3>
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
        <FormField label={i18n._('To serial')} error={errors.to} hint={i18n._('Empty: up to 1,000 labels')}>
          <Input value={to} onChange={(e) => setTo(e.target.value.trim())} autoComplete="off" />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={submitRange} loading={busy}>
          {i18n._('Download label sheet (PDF)')}
        </Button>
        <Button
          variant="outline"
          disabled={busy || selectedUnitIds.length === 0}
          onClick={() => void download({ layout, unitIds: selectedUnitIds })}
        >
          {i18n._('Labels for {count, plural, one {# selected unit} other {# selected units}}', {
            count: selectedUnitIds.length,
          })}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
    </section>
  );
}
