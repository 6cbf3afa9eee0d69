// Counts and earnings per level 1–5 (rpc my_referral_stats, computed in SQL).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { referralKeys } from './keys';
import type { LevelStat } from './types';

export async function fetchReferralStats(): Promise<LevelStat[]> {
  const rows = unwrap(await supabase.rpc('my_referral_stats')) as Record<string, unknown>[] | null;
  return (rows ?? []).map((r) => ({
    level: Number(r.level),
    referred_count: Number(r.referred_count),
    tokens_earned: Number(r.tokens_earned),
    tokens_pending: Number(r.tokens_pending ?? 0),
    reward: Number(r.reward),
  }));
}

export const referralStatsQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: referralKeys.stats(userId), queryFn: fetchReferralStats, enabled: Boolean(userId) });

export function useReferralStats() {
  const { user } = useAuth();
  return useQuery(referralStatsQueryOptions(user?.id));
}
