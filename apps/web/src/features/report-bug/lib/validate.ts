// Client-side checks before sending a report (SPEC §5); the server checks again.
import { i18n } from '@/lib/i18n/i18n';
export function validateBugReport(description: string, screenshot: string | null): string | null {
  if (!description.trim()) return i18n._('Please describe the issue');
  if (!screenshot) return i18n._('Screenshot is required');
  return null;
}
