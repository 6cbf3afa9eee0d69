import { Badge } from '@/components/ui/badge';
import { PRIORITY_LABELS, STATUS_LABELS, type BugPriority, type BugStatus } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';

const statusTone = {
  new: 'info',
  triaged: 'neutral',
  in_progress: 'warning',
  resolved: 'success',
  wont_fix: 'neutral',
} as const;
const priorityTone = { low: 'neutral', medium: 'info', high: 'warning', critical: 'danger' } as const;

export const StatusBadge = ({ status }: { status: BugStatus }) => (
  <Badge tone={statusTone[status]}>{i18n._(STATUS_LABELS[status])}</Badge>
);
export const PriorityBadge = ({ priority }: { priority: BugPriority }) => (
  <Badge tone={priorityTone[priority]}>{i18n._(PRIORITY_LABELS[priority])}</Badge>
);
