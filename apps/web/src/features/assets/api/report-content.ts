// Sends a visitor's report to the moderators (report-content function).
import type { ReportContentRequest } from '@tagledger/functions-api';

/** call-function (and supabase-js) loads on the first report: the public pages paint without it. */
export async function reportContent(request: ReportContentRequest) {
  const { callFunction } = await import('@/lib/call-function');
  return callFunction('report-content', request);
}
