import { Card } from '@/components/ui/card';
import type { DashboardStats } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { formatCount, formatTmt } from '@/utils/format';

export function StatsCards({ stats }: { stats: DashboardStats }) {
  const cards: { label: string; value: string; hint?: string }[] = [
    {
      label: i18n._('Users'),
      value: formatCount(stats.users_total),
      hint: i18n._('{n} confirmed · {n1} unconfirmed', {
        n: formatCount(stats.users_confirmed),
        n1: formatCount(stats.users_total - stats.users_confirmed),
      }),
    },
    {
      label: i18n._('New users'),
      value: formatCount(stats.users_new_week),
      hint: i18n._('last 7 days · {n} in 30 days', { n: formatCount(stats.users_new_month) }),
    },
    { label: i18n._('Tokens in circulation'), value: formatTmt(stats.tokens_in_circulation) },
    {
      label: i18n._('Tokens earned / spent'),
      value: `${formatCount(stats.tokens_earned)} / ${formatCount(stats.tokens_spent)}`,
      hint: i18n._('TMT over all time'),
    },
    { label: i18n._('Transactions'), value: formatCount(stats.transactions) },
    { label: i18n._('Assets'), value: formatCount(stats.assets) },
    { label: i18n._('Referrals'), value: formatCount(stats.referrals), hint: i18n._('direct referrals') },
    {
      label: i18n._('Pending business requests'),
      value: formatCount(stats.pending_business_requests),
      hint: i18n._('{n, plural, one {# banned user} other {# banned users}}', { n: stats.users_banned }),
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.label} className="p-4" data-testid={`stat-${c.label}`}>
          <p className="text-sm text-slate-600">{c.label}</p>
          <p className="mt-1 text-2xl font-semibold text-slate-900">{c.value}</p>
          {c.hint && <p className="mt-1 text-xs text-slate-500">{c.hint}</p>}
        </Card>
      ))}
    </div>
  );
}
