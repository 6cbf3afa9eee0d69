import { Card } from '@/components/ui/card';
import type { DashboardStats } from '../api/types';

const n = (v: number) => v.toLocaleString('en-US');

export function StatsCards({ stats }: { stats: DashboardStats }) {
  const cards: { label: string; value: string; hint?: string }[] = [
    { label: 'Users', value: n(stats.users_total), hint: `${n(stats.users_confirmed)} confirmed · ${n(stats.users_total - stats.users_confirmed)} unconfirmed` },
    { label: 'New users', value: n(stats.users_new_week), hint: `last 7 days · ${n(stats.users_new_month)} in 30 days` },
    { label: 'Tokens in circulation', value: `${n(stats.tokens_in_circulation)} TMT` },
    { label: 'Tokens earned / spent', value: `${n(stats.tokens_earned)} / ${n(stats.tokens_spent)}`, hint: 'TMT over all time' },
    { label: 'Transactions', value: n(stats.transactions) },
    { label: 'Assets', value: n(stats.assets) },
    { label: 'Referrals', value: n(stats.referrals), hint: 'direct referrals' },
    { label: 'Pending business requests', value: n(stats.pending_business_requests), hint: `${n(stats.users_banned)} banned users` },
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
