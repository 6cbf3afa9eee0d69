// /admin-influencer-dashboard body, presentational: figures, chart, users, requests, audit log.
import type { ReactNode } from 'react';
import { RetryBanner } from '@/components/ui/load-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { DashboardStats } from '../api/types';
import { SignupsChart } from './signups-chart';
import { StatsCards } from './stats-cards';
import { i18n } from '@/lib/i18n/i18n';

export interface AdminDashboardViewProps {
  stats: DashboardStats | undefined;
  statsLoading: boolean;
  failed: boolean;
  onRetry(): void;
  users: ReactNode;
  requests: ReactNode;
  /** GS1 company prefixes to verify (they go with the business badge). */
  prefixes?: ReactNode;
  audit: ReactNode;
  /** Mails the server gave up delivering. */
  mail?: ReactNode;
  settings?: ReactNode;
  /** Revenue, token packages and tagging prices. */
  payments?: ReactNode;
}

export function AdminDashboardView({
  stats,
  statsLoading,
  failed,
  onRetry,
  users,
  requests,
  prefixes,
  audit,
  mail,
  settings,
  payments,
}: AdminDashboardViewProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Admin Dashboard')}</h1>
      {failed && <RetryBanner message={i18n._('Some dashboard data could not be loaded.')} onRetry={onRetry} />}
      {statsLoading ? (
        <div className="flex justify-center py-8">
          <Spinner label={i18n._('Loading figures...')} showLabel />
        </div>
      ) : (
        stats && (
          <>
            <StatsCards stats={stats} />
            <Card>
              <CardHeader>
                <CardTitle>{i18n._('Sign-ups per day')}</CardTitle>
              </CardHeader>
              <CardContent>
                <SignupsChart data={stats.signups_by_day} />
              </CardContent>
            </Card>
          </>
        )
      )}
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('Users')}</CardTitle>
        </CardHeader>
        <CardContent>{users}</CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {requests}
        {prefixes}
        {audit}
        {mail}
      </div>
      {payments}
      {settings}
    </div>
  );
}
