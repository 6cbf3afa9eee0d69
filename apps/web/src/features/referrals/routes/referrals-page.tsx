// /referrals: composes the referral queries into ReferralsView.
import { useQueryClient } from '@tanstack/react-query';
import { PageMeta } from '@/components/page-meta';
import { appConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { useReferralCode } from '../api/get-referral-code';
import { useReferralStats } from '../api/get-referral-stats';
import { useReferredPeople } from '../api/get-referred-people';
import { useRewardHistory } from '../api/get-reward-history';
import { referralKeys } from '../api/keys';
import { ReferralsView } from '../components/referrals-view';
import { i18n } from '@/lib/i18n/i18n';

export default function ReferralsPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const code = useReferralCode();
  const stats = useReferralStats();
  const people = useReferredPeople();
  const rewards = useRewardHistory();
  const failed = code.isError || stats.isError || people.isError || rewards.isError;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Referrals')} description={i18n._('Invite people and earn TMT on five levels.')} />
      <ReferralsView
        code={code.data}
        origin={window.location.origin}
        appName={appConfig.appName}
        stats={stats.data}
        people={people.data?.pages.flatMap((p) => p.rows) ?? []}
        peopleTotal={people.data?.pages[0]?.total ?? 0}
        peopleTotalCapped={people.data?.pages[0]?.totalCapped ?? false}
        rewards={rewards.data}
        loading={code.isPending || stats.isPending}
        failed={failed}
        onRetry={() => void queryClient.invalidateQueries({ queryKey: referralKeys.all(user?.id) })}
        hasMorePeople={Boolean(people.hasNextPage)}
        loadingMorePeople={people.isFetchingNextPage}
        onLoadMorePeople={() => void people.fetchNextPage()}
      />
    </div>
  );
}
