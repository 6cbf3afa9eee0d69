// /dashboard: balance (wallet area), recent activity, the way to what was left to a next of kin,
// and quick actions. Lives in app/ because it composes features (wallet, dashboard, nok), which
// never import each other.
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Card, CardContent } from '@/components/ui/card';
import {
  recentTransactionsQueryOptions,
  useRecentTransactions,
} from '@/features/dashboard/api/get-recent-transactions';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { LegacyShortcut } from '@/features/inheritance/components/legacy-shortcut';
import { useWallet, walletQueryOptions } from '@/lib/wallet';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';
import { profileKnown, useAuth } from '@/lib/auth';
import { displayName } from '@/lib/display-name';
import { QuickActions } from './quick-actions';
import { i18n } from '@/lib/i18n/i18n';
import { formatTmt } from '@/utils/format';
import { paths } from '@/config/paths';

/** The balance and the recent activity, asked for while the profile is read (lib/screen-prefetch.ts). */
export const prefetch: ScreenPrefetch = ({ queryClient, userId }) => {
  void queryClient.prefetchQuery(walletQueryOptions(userId));
  void queryClient.prefetchQuery(recentTransactionsQueryOptions(userId));
};

export default function DashboardPage() {
  const auth = useAuth();
  const wallet = useWallet();
  const recent = useRecentTransactions();
  // Not the e-mail first and the name a moment later: nothing until the profile says which.
  const name = profileKnown(auth) ? displayName(auth.profile, auth.user?.email ?? '') : '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Dashboard')} description={i18n._('Your balance, recent activity and quick actions.')} />
      <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Dashboard')}</h1>
      {/* The greeting's line is there before the profile is: the cards below do not move when it comes. */}
      <p className="mt-1 min-h-6 text-slate-600">
        {name && (
          <>
            {i18n._('Welcome back,')} {name}.
          </>
        )}
      </p>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardContent className="py-6">
            <div className="flex items-center gap-3 text-slate-600">
              <Wallet className="h-5 w-5" aria-hidden="true" />
              <h2 className="text-sm font-medium">{i18n._('Balance')}</h2>
            </div>
            <p className="mt-3 text-3xl font-bold text-slate-900" data-testid="dashboard-balance">
              {wallet.isLoading ? '…' : formatTmt(wallet.data?.balance ?? 0)}
            </p>
            <Link to={paths.wallet} className="mt-4 inline-block text-sm text-blue-700 hover:underline">
              {i18n._('Open wallet')}
            </Link>
          </CardContent>
        </Card>
        <div className="lg:col-span-2">
          <RecentActivity
            transactions={recent.data}
            loading={recent.isLoading}
            error={recent.isError}
            onRetry={() => void recent.refetch()}
          />
        </div>
      </div>

      <QuickActions />

      {/* Last: it shows only for someone named as a next of kin, once that is known, and below the
          quick actions its coming moves nothing on the screen. */}
      <LegacyShortcut />
    </div>
  );
}
