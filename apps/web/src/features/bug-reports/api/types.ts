export const BUG_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'wont_fix'] as const;
export const BUG_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];
export type BugPriority = (typeof BUG_PRIORITIES)[number];

export const STATUS_LABELS: Record<BugStatus, string> = {
  new: 'New',
  triaged: 'Triaged',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  wont_fix: "Won't Fix",
};
export const PRIORITY_LABELS: Record<BugPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

export interface BugReportSummary {
  id: string;
  error_message: string;
  user_email: string | null;
  user_name: string | null;
  page_url: string | null;
  status: BugStatus;
  priority: BugPriority;
  screenshot_path: string | null;
  created_at: string;
}

export interface BugReport extends BugReportSummary {
  user_id: string | null;
  console_logs: string | null;
  user_agent: string | null;
  metadata: Record<string, unknown>;
  admin_notes: string | null;
  updated_at: string;
}

export const SUMMARY_COLUMNS = 'id, error_message, user_email, user_name, page_url, status, priority, screenshot_path, created_at';
export const BUG_PAGE_SIZE = 20;

export interface BugReportFilters {
  search: string;
  status: BugStatus | '';
  priority: BugPriority | '';
  page: number;
}
