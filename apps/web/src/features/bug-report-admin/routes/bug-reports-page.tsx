// /bug-reports (admins): triage the reports sent with the Report a Bug button. The router's admin
// guard protects the route; RLS and the storage policies are the real gate.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useDeleteBugReport } from '../api/delete-bug-report';
import { useBugReport } from '../api/get-bug-report';
import { useScreenshotUrl } from '../api/get-screenshot-url';
import { useStatusCounts } from '../api/get-status-counts';
import { useBugReports } from '../api/list-bug-reports';
import type { BugReportFilters } from '../api/types';
import { useUpdateBugReport } from '../api/update-bug-report';
import { BugReportDetail } from '../components/bug-report-detail';
import { BugReportsView } from '../components/bug-reports-view';
import { i18n } from '@/lib/i18n/i18n';
import { useDebounced } from '@/hooks/use-debounced';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { paths } from '@/config/paths';

export default function BugReportsPage() {
  const { user, profile, initialized } = useAuth();
  const isAdmin = profile?.role === 'admin';
  const [filters, setFilters] = useState<BugReportFilters>({ search: '', status: '', priority: '' });
  const search = useDebounced(filters.search, 300);
  // Pages by cursor (decision 0169): a new search or filter starts again at page 1.
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [search, filters.status, filters.priority, reset]);
  const list = useBugReports({ ...filters, search }, pages.after, isAdmin);
  const counts = useStatusCounts(isAdmin);
  const [openId, setOpenId] = useState<string | null>(null);
  const detail = useBugReport(openId);
  const screenshot = useScreenshotUrl(detail.data?.screenshot_path ?? null);
  const update = useUpdateBugReport();
  const remove = useDeleteBugReport();

  if (initialized && !user) return <Navigate to={paths.auth} replace />;
  if (initialized && profile && !isAdmin) return <Navigate to={paths.unauthorized} replace />;

  return (
    <>
      <PageMeta title={i18n._('Bug Reports')} />
      <BugReportsView
        counts={counts.data}
        filters={filters}
        onFiltersChange={setFilters}
        rows={list.isError ? [] : (list.data?.rows ?? [])}
        page={pages.page}
        hasNext={Boolean(list.data?.next) && !list.isPlaceholderData}
        onPage={(page) => pages.goTo(page, list.data?.next)}
        loading={list.isPending}
        error={list.isError ? list.error.message || i18n._('Failed to load bug reports') : null}
        onRetry={() => void list.refetch()}
        onOpen={(r) => setOpenId(r.id)}
      />
      <BugReportDetail
        open={openId !== null}
        report={detail.data}
        loading={detail.isPending}
        screenshotUrl={screenshot.data}
        screenshotFailed={screenshot.isError}
        saving={update.isPending}
        deleting={remove.isPending}
        onClose={() => setOpenId(null)}
        onChange={(changes) =>
          openId &&
          update.mutate(
            { id: openId, changes },
            {
              onSuccess: () => toast.success(i18n._('Bug report updated')),
              onError: (err) => toast.error(toAppError(err, i18n._('Failed to update bug report')).message),
            },
          )
        }
        onDelete={() =>
          detail.data &&
          remove.mutate(detail.data, {
            onSuccess: () => {
              toast.success(i18n._('Bug report deleted'));
              setOpenId(null);
            },
            onError: (err) => toast.error(toAppError(err, i18n._('Failed to delete bug report')).message),
          })
        }
      />
    </>
  );
}
