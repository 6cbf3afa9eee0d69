import type { Tables } from '@tagledger/db/types';

export const BUG_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'wont_fix'] as const;
export const BUG_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];
export type BugPriority = (typeof BUG_PRIORITIES)[number];

export const STATUS_LABELS: Record<BugStatus, string> = {
  new: /*i18n*/ 'New',
  triaged: /*i18n*/ 'Triaged',
  in_progress: /*i18n*/ 'In Progress',
  resolved: /*i18n*/ 'Resolved',
  wont_fix: /*i18n*/ "Won't Fix",
};
export const PRIORITY_LABELS: Record<BugPriority, string> = {
  low: /*i18n*/ 'Low',
  medium: /*i18n*/ 'Medium',
  high: /*i18n*/ 'High',
  critical: /*i18n*/ 'Critical',
};

/** A bug_reports row, with the text columns status and priority narrowed to their checked values. */
export type BugReport = Omit<Tables<'bug_reports'>, 'status' | 'priority'> & {
  status: BugStatus;
  priority: BugPriority;
};

export type BugReportSummary = Pick<
  BugReport,
  | 'id'
  | 'error_message'
  | 'user_email'
  | 'user_name'
  | 'page_url'
  | 'status'
  | 'priority'
  | 'screenshot_path'
  | 'created_at'
>;

export const SUMMARY_COLUMNS =
  'id, error_message, user_email, user_name, page_url, status, priority, screenshot_path, created_at';
export const BUG_PAGE_SIZE = 20;

export interface BugReportFilters {
  search: string;
  status: BugStatus | '';
  priority: BugPriority | '';
}
