// Stand-in created by the web shell so main.tsx builds; the bug-report area replaces this file.
export function installConsoleCapture(): void {}
