// "Report" on public asset pages and "Report a suspicious product" on scan pages: a visitor, signed
// in or not, picks a reason and may add details; the report goes to the moderators' queue through
// the report-content function, which limits reports per network. Visitors never see other reports.
import { useState } from 'react';
import { Flag } from 'lucide-react';
import type { ReportContentRequest, ReportReason } from '@tagledger/functions-api';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { useSubmit } from '@/hooks/use-submit';
import { i18n } from '@/lib/i18n/i18n';

/** What is reported, without the visitor's reason and details. */
export type ReportTarget =
  { target: 'asset'; assetId: string } | { target: 'product'; gtin?: string | null; serial: string };

const ASSET_REASONS: [ReportReason, string][] = [
  ['inappropriate', /*i18n*/ 'Offensive or inappropriate'],
  ['stolen', /*i18n*/ 'It is stolen'],
  ['scam', /*i18n*/ 'A scam or an advert'],
  ['personal_data', /*i18n*/ 'It shows someone’s personal data'],
  ['other', /*i18n*/ 'Something else'],
];
const PRODUCT_REASONS: [ReportReason, string][] = [
  ['counterfeit', /*i18n*/ 'I think it is a copy'],
  ['scam', /*i18n*/ 'The seller or the label looks like a scam'],
  ['other', /*i18n*/ 'Something else'],
];
const MAX_DETAILS = 1000;

export function ReportButton({
  subject,
  label,
  onReport,
}: {
  subject: ReportTarget;
  label: string;
  onReport: (request: ReportContentRequest) => Promise<unknown>;
}) {
  const reasons = subject.target === 'asset' ? ASSET_REASONS : PRODUCT_REASONS;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const { pending, error, onSubmit } = useSubmit();
  function problem(): string | null {
    if (!reason) return i18n._('Choose a reason');
    if (details.trim().length > MAX_DETAILS)
      return i18n._('The details must be at most {max} characters', { max: MAX_DETAILS });
    return null;
  }
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <p role="status" className="text-sm text-slate-700" data-testid="report-sent">
        {i18n._('Thank you. A moderator will look at your report.')}
      </p>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Flag className="h-4 w-4" aria-hidden="true" /> {label}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={label} description={i18n._('Moderators read every report.')}>
        <form
          className="space-y-3"
          noValidate
          onSubmit={onSubmit(
            problem,
            () => onReport({ ...subject, reason, details: details.trim() || undefined } as ReportContentRequest),
            () => {
              setOpen(false);
              setDone(true);
            },
          )}
        >
          <FormField label={i18n._('Reason')} required>
            <Select
              value={reason}
              onChange={(e) => setReason(e.target.value as ReportReason)}
              placeholder={i18n._('Choose a reason')}
              options={reasons.map(([value, text]) => ({ value, label: i18n._(text) }))}
            />
          </FormField>
          <FormField label={i18n._('Details (optional)')} hint={i18n._('What should the moderator look at?')}>
            <Textarea value={details} onChange={(e) => setDetails(e.target.value)} rows={4} maxLength={MAX_DETAILS} />
          </FormField>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {i18n._('Cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {i18n._('Send report')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
