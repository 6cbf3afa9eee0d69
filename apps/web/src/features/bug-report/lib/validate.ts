// Client-side checks before sending a report (SPEC §5); the server checks again.
export function validateBugReport(description: string, screenshot: string | null): string | null {
  if (!description.trim()) return 'Please describe the issue';
  if (!screenshot) return 'Screenshot is required';
  return null;
}
