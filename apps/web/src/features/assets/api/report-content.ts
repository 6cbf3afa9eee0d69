// Sends a visitor's report to the moderators (report-content function).
import type { ReportContentRequest } from '@tagledger/functions-api';
import { callFunction } from '@/lib/call-function';

export function reportContent(request: ReportContentRequest) {
  return callFunction('report-content', request);
}
