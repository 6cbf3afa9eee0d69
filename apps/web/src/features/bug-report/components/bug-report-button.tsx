// Stand-in created by the web shell so the layout builds; the bug-report area replaces this file.
export function BugReportButton() {
  return null;
}
