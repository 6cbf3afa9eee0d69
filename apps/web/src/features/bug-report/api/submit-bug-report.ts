// POST /functions/v1/submit-bug-report with the session's access token (SPEC §7 Bug report).
// Plain fetch, as the spec describes: JSON body, apikey, Authorization: Bearer <access token>.
import { useMutation } from '@tanstack/react-query';
import { AppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { supabase } from '@/lib/supabase';

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

export async function submitBugReport(payload: BugReportPayload): Promise<{ id: string }> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError('No valid session');
  let res: Response;
  try {
    res = await fetch(`${appConfig.supabaseUrl}/functions/v1/submit-bug-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: appConfig.anonKey, Authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new AppError('Failed to submit bug report');
  }
  const body = (await res.json().catch(() => ({}))) as { id?: string; error?: string };
  if (!res.ok) throw new AppError(body.error || 'Failed to submit bug report', { status: res.status });
  return { id: String(body.id ?? '') };
}

export function useSubmitBugReport() {
  return useMutation({ mutationFn: submitBugReport });
}
