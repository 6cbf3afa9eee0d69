// /admin-influencer-dashboard body, presentational: figures, chart, users, requests, audit log.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
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
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <span>{i18n._('Some dashboard data could not be loaded.')}</span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            {i18n._('Retry')}
          </Button>
        </div>
      )}
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
