// The 'Report a Bug' modal (SPEC §2 Bug report), driven by props.
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { formatEntry, type ConsoleEntry } from '../console-capture';
import { i18n } from '@/lib/i18n/i18n';

export type ScreenshotStatus = 'idle' | 'capturing' | 'captured' | 'failed';

export interface BugReportModalProps {
  open: boolean;
  description: string;
  onDescriptionChange(value: string): void;
  screenshotStatus: ScreenshotStatus;
  screenshot: string | null;
  onRetakeScreenshot(): void;
  /** The last entries to display (at most 10). */
  consoleEntries: ConsoleEntry[];
  submitting: boolean;
  onSubmit(): void;
  onCancel(): void;
}

export function BugReportModal(p: BugReportModalProps) {
  const descriptionId = useId();
  const canSubmit = p.description.trim().length > 0 && p.screenshot !== null && !p.submitting;
  return (
    <Modal
      open={p.open}
      onOpenChange={(open) => !open && p.onCancel()}
      title={i18n._('Report a Bug')}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={p.onCancel} disabled={p.submitting}>
            {i18n._('Cancel')}
          </Button>
          <Button onClick={p.onSubmit} disabled={!canSubmit} loading={p.submitting}>
            {p.submitting ? i18n._('Submitting...') : i18n._('Submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-800">
            {i18n._('Describe the issue')}
          </label>
          <Textarea
            id={descriptionId}
            rows={4}
            maxLength={5000}
            value={p.description}
            onChange={(e) => p.onDescriptionChange(e.target.value)}
            placeholder={i18n._('What happened? What did you expect to happen?')}
          />
        </div>

        <section aria-label={i18n._('Screenshot')} className="space-y-2">
          <h3 className="text-sm font-medium text-slate-800">{i18n._('Screenshot')}</h3>
          <div aria-live="polite">
            {p.screenshotStatus === 'capturing' && <Spinner label={i18n._('Capturing screenshot...')} showLabel />}
            {p.screenshotStatus === 'captured' && (
              <p className="text-sm text-green-700">{i18n._('Screenshot captured!')}</p>
            )}
            {p.screenshotStatus === 'failed' && (
              <div className="flex items-center gap-3">
                <p className="text-sm text-red-700">{i18n._('Failed to capture screenshot')}</p>
                <Button variant="outline" size="sm" onClick={p.onRetakeScreenshot}>
                  {i18n._('Try again')}
                </Button>
              </div>
            )}
          </div>
          {p.screenshot && (
            <img
              src={p.screenshot}
              alt={i18n._('Screenshot preview')}
              className="max-h-48 rounded-md border border-slate-200"
            />
          )}
        </section>

        <section aria-label={i18n._('Recent console activity')} className="space-y-2">
          <h3 className="text-sm font-medium text-slate-800">{i18n._('Recent console activity')}</h3>
          {p.consoleEntries.length === 0 ? (
            <p className="text-sm text-slate-500">{i18n._('No console errors or warnings captured.')}</p>
          ) : (
            <ul className="max-h-40 space-y-1 overflow-y-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {p.consoleEntries.map((e, i) => (
                <li
                  key={i}
                  className={e.level === 'error' ? 'text-red-300' : e.level === 'warn' ? 'text-amber-200' : ''}
                >
                  {formatEntry(e)}
                </li>
              ))}
            </ul>
          )}
        </section>

        <p className="rounded-md bg-blue-50 px-3 py-2 text-xs text-blue-900">
          {i18n._(
            'Privacy notice: this report includes a screenshot of your current screen and your recent console activity (errors and warnings). It is visible only to our administrators and used only to fix the problem.',
          )}
        </p>
      </div>
    </Modal>
  );
}
