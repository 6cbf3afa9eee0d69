// The floating 'Report a Bug' button (SPEC §2, §4): opening waits 100 ms, captures the viewport,
// and shows the report modal; submitting sends the report to the submit-bug-report function.
// Mounted by the app layout for signed-in users only.
import { Bug } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { submitBugReport, type BugReportPayload } from '../api/submit-bug-report';
import { getConsoleEntries, recentConsoleLogs, SHOWN_ENTRIES, type ConsoleEntry } from '../console-capture';
import { captureViewport } from '../lib/capture-screenshot';
import { validateBugReport } from '../lib/validate';
import { BugReportModal, type ScreenshotStatus } from './bug-report-modal';
import { i18n } from '@/lib/i18n/i18n';

export const SCREENSHOT_DELAY_MS = 100;
export const SUCCESS_MESSAGE =
  /*i18n*/ 'Bug report submitted successfully! Thank you for helping us improve the product.';

export interface BugReportButtonProps {
  /** Injected in tests; the real viewport capture otherwise. */
  capture?: () => Promise<string>;
  send?: (payload: BugReportPayload) => Promise<unknown>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function BugReportButton({ capture = captureViewport, send = submitBugReport }: BugReportButtonProps = {}) {
  const { user, profile } = useAuth();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [status, setStatus] = useState<ScreenshotStatus>('idle');
  const [entries, setEntries] = useState<ConsoleEntry[]>([]);
  const [submitting, setSubmitting] = useState(false);
  // Ignores a capture that finishes after the modal was closed or re-opened.
  const attempt = useRef(0);

  async function takeScreenshot() {
    const mine = ++attempt.current;
    setScreenshot(null);
    setStatus('capturing');
    await wait(SCREENSHOT_DELAY_MS);
    try {
      const image = await capture();
      if (attempt.current !== mine) return;
      setScreenshot(image);
      setStatus('captured');
    } catch (err) {
      if (attempt.current !== mine) return;
      console.warn('Screenshot capture failed:', err);
      setStatus('failed');
      toast.error(i18n._('Failed to capture screenshot'));
    }
  }

  function openReport() {
    try {
      setEntries(getConsoleEntries().slice(-SHOWN_ENTRIES));
      setOpen(true);
      void takeScreenshot();
    } catch {
      toast.error(i18n._('Failed to open bug report'));
    }
  }

  function reset() {
    attempt.current += 1;
    setOpen(false);
    setDescription('');
    setScreenshot(null);
    setStatus('idle');
  }

  async function submit() {
    const problem = validateBugReport(description, screenshot);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!user) {
      toast.error(i18n._('No valid session'));
      return;
    }
    setSubmitting(true);
    try {
      await send({
        errorMessage: description.trim(),
        consoleLogs: recentConsoleLogs(),
        screenshotBase64: screenshot!,
        pageUrl: window.location.href,
        userAgent: navigator.userAgent,
        metadata: {
          timestamp: new Date().toISOString(),
          viewport: { width: window.innerWidth, height: window.innerHeight },
          userRole: profile?.role ?? 'standard',
          userId: user.id,
        },
      });
      toast.success(i18n._(SUCCESS_MESSAGE));
      reset();
    } catch (err) {
      toast.error(toAppError(err, i18n._('Failed to submit bug report')).message);
    } finally {
      setSubmitting(false);
    }
  }

  if (!user) return null;
  return (
    <>
      <button
        type="button"
        data-bug-report-ui=""
        title={i18n._('Report a Bug')}
        aria-label={i18n._('Report a Bug')}
        onClick={openReport}
        className="fixed bottom-5 right-5 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-red-600 text-white shadow-lg hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        <Bug className="h-6 w-6" aria-hidden="true" />
      </button>
      <BugReportModal
        open={open}
        description={description}
        onDescriptionChange={setDescription}
        screenshotStatus={status}
        screenshot={screenshot}
        onRetakeScreenshot={() => void takeScreenshot()}
        consoleEntries={entries}
        submitting={submitting}
        onSubmit={() => void submit()}
        onCancel={reset}
      />
    </>
  );
}
