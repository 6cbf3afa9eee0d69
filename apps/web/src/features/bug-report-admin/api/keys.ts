import type { PageCursor } from '@tagledger/functions-api';
import type { BugReportFilters } from './types';

export const bugReportKeys = {
  all: ['bug-reports'] as const,
  list: (f: BugReportFilters, after: PageCursor | null) => ['bug-reports', 'list', f, after] as const,
  counts: () => ['bug-reports', 'counts'] as const,
  detail: (id: string) => ['bug-reports', 'detail', id] as const,
  screenshot: (path: string) => ['bug-reports', 'screenshot', path] as const,
};
