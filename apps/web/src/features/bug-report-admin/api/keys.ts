import type { BugReportFilters } from './types';

export const bugReportKeys = {
  all: ['bug-reports'] as const,
  list: (f: BugReportFilters) => ['bug-reports', 'list', f] as const,
  counts: () => ['bug-reports', 'counts'] as const,
  detail: (id: string) => ['bug-reports', 'detail', id] as const,
  screenshot: (path: string) => ['bug-reports', 'screenshot', path] as const,
};
