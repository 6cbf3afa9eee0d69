// The detail view of one report: screenshot, description, console logs, reporter and technical
// details; status, priority and admin notes editable; delete with confirmation.
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import {
  BUG_PRIORITIES,
  BUG_STATUSES,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type BugPriority,
  type BugReport,
  type BugStatus,
} from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';

export interface BugReportDetailProps {
  open: boolean;
  report: BugReport | undefined;
  loading: boolean;
  screenshotUrl: string | undefined;
  screenshotFailed: boolean;
  saving: boolean;
  deleting: boolean;
  onClose(): void;
  onChange(changes: { status?: BugStatus; priority?: BugPriority; admin_notes?: string | null }): void;
  onDelete(): void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function BugReportDetail(p: BugReportDetailProps) {
  const r = p.report;
  const [notes, setNotes] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ids = useId();
  useEffect(() => setNotes(r?.admin_notes ?? ''), [r?.id, r?.admin_notes]);
  useEffect(() => {
    if (!p.open) setConfirming(false);
  }, [p.open]);

  return (
    <Modal open={p.open} onOpenChange={(o) => !o && p.onClose()} title={i18n._('Bug Report Details')} size="xl">
      {p.loading || !r ? (
        <div className="flex justify-center py-10">
          <Spinner label={i18n._('Loading report...')} showLabel />
        </div>
      ) : (
        <div className="space-y-5">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <label htmlFor={`${ids}-status`} className="block text-sm font-medium text-slate-800">
                {i18n._('Status')}
              </label>
              <Select
                id={`${ids}-status`}
                value={r.status}
                disabled={p.saving}
                onChange={(e) => p.onChange({ status: e.target.value as BugStatus })}
                options={BUG_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
              />
            </div>
            <div className="space-y-1">
              <label htmlFor={`${ids}-priority`} className="block text-sm font-medium text-slate-800">
                {i18n._('Priority')}
              </label>
              <Select
                id={`${ids}-priority`}
                value={r.priority}
                disabled={p.saving}
                onChange={(e) => p.onChange({ priority: e.target.value as BugPriority })}
                options={BUG_PRIORITIES.map((s) => ({ value: s, label: i18n._(PRIORITY_LABELS[s]) }))}
              />
            </div>
          </div>

          <section aria-label={i18n._('Screenshot')}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{i18n._('Screenshot')}</h3>
            {!r.screenshot_path ? (
              <p className="text-sm text-slate-500">{i18n._('No screenshot.')}</p>
            ) : p.screenshotFailed ? (
              <p className="text-sm text-red-700">{i18n._('The screenshot could not be loaded.')}</p>
            ) : p.screenshotUrl ? (
              <a href={p.screenshotUrl} target="_blank" rel="noreferrer">
                <img
                  src={p.screenshotUrl}
                  alt={i18n._('Bug report screenshot')}
                  className="max-h-96 rounded-md border border-slate-200"
                />
              </a>
            ) : (
              <Spinner label={i18n._('Loading screenshot...')} />
            )}
          </section>

          <section aria-label={i18n._('Description')}>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">{i18n._('Description')}</h3>
            <p className="whitespace-pre-wrap text-sm text-slate-800">{r.error_message}</p>
          </section>

          <section aria-label={i18n._('Console logs')}>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">{i18n._('Console logs')}</h3>
            {r.console_logs ? (
              <pre className="max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
                {r.console_logs}
              </pre>
            ) : (
              <p className="text-sm text-slate-500">{i18n._('No console activity was captured.')}</p>
            )}
          </section>

          <section aria-label={i18n._('Reporter')}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{i18n._('Reporter')}</h3>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Field label={i18n._('Name')}>{r.user_name || '—'}</Field>
              <Field label={i18n._('E-mail')}>{r.user_email || '—'}</Field>
              <Field label={i18n._('Page')}>{r.page_url || '—'}</Field>
              <Field label={i18n._('Submitted')}>{formatDateTime(r.created_at)}</Field>
            </dl>
          </section>

          <section aria-label={i18n._('Technical details')}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{i18n._('Technical details')}</h3>
            <dl className="space-y-2">
              <Field label={i18n._('User agent')}>{r.user_agent || '—'}</Field>
              <Field label={i18n._('Metadata')}>
                <pre className="overflow-auto rounded-md bg-slate-100 p-2 text-xs">
                  {JSON.stringify(r.metadata, null, 2)}
                </pre>
              </Field>
            </dl>
          </section>

          <section className="space-y-2">
            <label htmlFor={`${ids}-notes`} className="block text-sm font-semibold text-slate-900">
              {i18n._('Admin notes')}
            </label>
            <Textarea
              id={`${ids}-notes`}
              rows={4}
              maxLength={10000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <Button
              variant="outline"
              size="sm"
              disabled={p.saving || notes === (r.admin_notes ?? '')}
              onClick={() => p.onChange({ admin_notes: notes.trim() ? notes : null })}
            >
              {i18n._('Save Notes')}
            </Button>
          </section>

          <div className="flex justify-end border-t border-slate-200 pt-4">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {i18n._('Delete Report')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={i18n._('Delete Bug Report')}
        message={i18n._(
          'Are you sure you want to delete this bug report? Its screenshot will be deleted too. This action cannot be undone.',
        )}
        confirmLabel={i18n._('Delete Report')}
        destructive
        loading={p.deleting}
        onConfirm={p.onDelete}
      />
    </Modal>
  );
}
