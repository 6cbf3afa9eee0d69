// All dashboard figures in one call (rpc admin_dashboard_stats, computed in SQL; admins only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import type { DashboardStats } from './types';

export async function fetchDashboardStats(): Promise<DashboardStats> {
  const raw = unwrap(await supabase.rpc('admin_dashboard_stats')) as Record<string, unknown>;
  const n = (k: string) => Number(raw?.[k] ?? 0);
  return {
    users_total: n('users_total'),
    users_confirmed: n('users_confirmed'),
    users_new_week: n('users_new_week'),
    users_new_month: n('users_new_month'),
    users_banned: n('users_banned'),
    tokens_in_circulation: n('tokens_in_circulation'),
    tokens_earned: n('tokens_earned'),
    tokens_spent: n('tokens_spent'),
    transactions: n('transactions'),
    assets: n('assets'),
    referrals: n('referrals'),
    pending_business_requests: n('pending_business_requests'),
    signups_by_day: Array.isArray(raw?.signups_by_day)
      ? (raw.signups_by_day as { day: string; count: unknown }[]).map((d) => ({
          day: String(d.day),
          count: Number(d.count),
        }))
      : [],
  };
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: fetchDashboardStats });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
