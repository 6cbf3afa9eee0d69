// /admin-influencer-dashboard (admins; the router guards it and every rpc checks again in SQL).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useAdjustTokens, useDecideBusinessRequest, useSetBan, useSetBusiness, useSetRole } from '../api/admin-actions';
import { useAuditLog } from '../api/get-audit-log';
import { useFailedMails, useRetryMail } from '../api/failed-mails';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { adminKeys } from '../api/keys';
import { useBusinessRequests } from '../api/list-business-requests';
import { useAdminUsers } from '../api/list-users';
import { useRewardSettings, useUpdateRewardSettings } from '../api/reward-settings';
import {
  useAdminTokenPackages,
  useRevenueStats,
  useSaveTokenPackage,
  useSaveTokenPackagePrices,
  useTaggingPrices,
  useUpdateTaggingPrices,
} from '../api/payments';
import type { AdminUser, UserFilters } from '../api/types';
import { AdminDashboardView } from '../components/admin-dashboard-view';
import { AuditLogCard } from '../components/audit-log-card';
import { FailedMailsCard } from '../components/failed-mails-card';
import { Gs1PrefixesCard } from '../components/gs1-prefixes-card';
import { BusinessRequestsCard } from '../components/business-requests-card';
import { RevenueCard } from '../components/revenue-card';
import { RewardSettingsCard } from '../components/reward-settings-card';
import { TaggingPricesCard } from '../components/tagging-prices-card';
import { TokenPackagesCard } from '../components/token-packages-card';
import { UserManageModal } from '../components/user-manage-modal';
import { UsersTable } from '../components/users-table';
import { i18n } from '@/lib/i18n/i18n';
import { useDebounced } from '@/hooks/use-debounced';
import { useKeysetPages } from '@/hooks/use-keyset-pages';

const NO_FILTERS: UserFilters = { search: '', role: '', confirmed: '' };

export default function AdminDashboardPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const query = useDebounced(filters, 300);
  // Pages by cursor (decision 0169): a new search or filter starts again at page 1.
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [query, reset]);
  const stats = useDashboardStats();
  const users = useAdminUsers(query, pages.after);
  const requests = useBusinessRequests();
  const audit = useAuditLog();
  const failedMails = useFailedMails();
  const retryMail = useRetryMail();
  const rewardSettings = useRewardSettings();
  const saveRewardSettings = useUpdateRewardSettings();
  const revenue = useRevenueStats();
  const tokenPackages = useAdminTokenPackages();
  const savePackage = useSaveTokenPackage();
  const savePackagePrices = useSaveTokenPackagePrices();
  const taggingPrices = useTaggingPrices();
  const saveTaggingPrices = useUpdateTaggingPrices();
  const [managedId, setManagedId] = useState<string | null>(null);
  const [decidingId, setDecidingId] = useState<string | null>(null);

  const adjust = useAdjustTokens();
  const setRole = useSetRole();
  const setBusiness = useSetBusiness();
  const setBan = useSetBan();
  const decide = useDecideBusinessRequest();

  const rows = users.data?.rows ?? [];
  // The managed user is re-read from the refreshed page after each action.
  const [managedSnapshot, setManagedSnapshot] = useState<AdminUser | null>(null);
  const managed = managedId ? (rows.find((r) => r.id === managedId) ?? managedSnapshot) : null;

  async function decideRequest(requestId: string, approve: boolean, note: string): Promise<boolean> {
    setDecidingId(requestId);
    try {
      const { mailed } = await decide.mutateAsync({ requestId, approve, note });
      toast.success(approve ? i18n._('Business account approved') : i18n._('Request rejected'));
      if (!mailed) toast.error(i18n._('The e-mail to the requester could not be queued: tell them yourself.'));
      return true;
    } catch (err) {
      toast.error(toAppError(err).message);
      return false;
    } finally {
      setDecidingId(null);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Admin Dashboard')} />
      <AdminDashboardView
        stats={stats.data}
        statsLoading={stats.isPending}
        failed={
          stats.isError ||
          users.isError ||
          requests.isError ||
          audit.isError ||
          failedMails.isError ||
          rewardSettings.isError ||
          revenue.isError ||
          tokenPackages.isError ||
          taggingPrices.isError
        }
        onRetry={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all })}
        users={
          <UsersTable
            rows={rows}
            total={users.data?.total ?? 0}
            totalCapped={users.data?.totalCapped ?? false}
            loading={users.isFetching}
            filters={filters}
            onFiltersChange={setFilters}
            page={pages.page}
            hasNext={Boolean(users.data?.next) && !users.isPlaceholderData}
            onPage={(page) => pages.goTo(page, users.data?.next)}
            onManage={(u) => {
              setManagedSnapshot(u);
              setManagedId(u.id);
            }}
          />
        }
        requests={<BusinessRequestsCard requests={requests.data ?? []} busyId={decidingId} onDecide={decideRequest} />}
        prefixes={<Gs1PrefixesCard />}
        audit={<AuditLogCard entries={audit.data ?? []} />}
        mail={
          <FailedMailsCard
            mails={failedMails.data ?? []}
            busyId={retryMail.isPending ? (retryMail.variables ?? null) : null}
            onRetry={(id) => retryMail.mutate(id)}
          />
        }
        payments={
          <>
            {revenue.data && <RevenueCard stats={revenue.data} />}
            {tokenPackages.data && (
              <TokenPackagesCard
                packages={tokenPackages.data}
                onSave={(p) => savePackage.mutateAsync(p)}
                onSavePrices={(id, prices) => savePackagePrices.mutateAsync({ id, prices })}
              />
            )}
            {taggingPrices.data && (
              <TaggingPricesCard
                key={JSON.stringify(taggingPrices.data)}
                prices={taggingPrices.data}
                onSave={(p) => saveTaggingPrices.mutateAsync(p)}
              />
            )}
          </>
        }
        settings={
          rewardSettings.data && (
            <RewardSettingsCard
              key={JSON.stringify(rewardSettings.data)}
              settings={rewardSettings.data}
              onSave={(next) => saveRewardSettings.mutateAsync(next)}
            />
          )
        }
      />
      <UserManageModal
        key={managed?.id ?? 'none'}
        user={managed}
        selfId={user?.id}
        onClose={() => setManagedId(null)}
        onAdjust={({ amount, reason }) =>
          adjust.mutateAsync({ userId: managed!.id, amount, reason, idempotencyKey: crypto.randomUUID() })
        }
        onSetRole={(role) => setRole.mutateAsync({ userId: managed!.id, role })}
        onSetBusiness={(isBusiness) => setBusiness.mutateAsync({ userId: managed!.id, isBusiness })}
        onSetBan={(banned, reason) => setBan.mutateAsync({ userId: managed!.id, banned, reason })}
      />
    </div>
  );
}
