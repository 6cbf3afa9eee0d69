// POST /functions/v1/submit-bug-report with the session's access token (SPEC §7 Bug report):
// JSON body, apikey, Authorization: Bearer <access token>, as every function call.
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/call-function';

export interface BugReportPayload {
  errorMessage: string;
  consoleLogs: string;
  screenshotBase64: string;
  pageUrl: string;
  userAgent: string;
  metadata: {
    timestamp: string;
    viewport: { width: number; height: number };
    userRole: string;
    userId: string;
  };
}

export function submitBugReport(payload: BugReportPayload): Promise<{ id: string }> {
  return callFunction('submit-bug-report', payload);
}

export function useSubmitBugReport() {
  return useMutation({ mutationFn: submitBugReport });
}
