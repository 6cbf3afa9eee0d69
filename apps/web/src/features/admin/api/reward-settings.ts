// Reward settings (sign-up bonuses, referral rewards per level, default referrer):
// rpc admin_reward_settings / admin_update_reward_settings, admins only.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

export interface RewardSettings {
  signup_bonus: number;
  influencer_signup_bonus: number;
  level_rewards: number[];
  default_referrer_email: string | null;
  use_first_admin: boolean;
  reward_default_referrals: boolean;
  effective_default_referrer_email: string | null;
}

function normalise(raw: Record<string, unknown> | null): RewardSettings {
  return {
    signup_bonus: Number(raw?.signup_bonus ?? 0),
    influencer_signup_bonus: Number(raw?.influencer_signup_bonus ?? 0),
    level_rewards: Array.isArray(raw?.level_rewards) ? (raw.level_rewards as unknown[]).map(Number) : [],
    default_referrer_email: typeof raw?.default_referrer_email === 'string' ? raw.default_referrer_email : null,
    use_first_admin: raw?.use_first_admin === true,
    reward_default_referrals: raw?.reward_default_referrals === true,
    effective_default_referrer_email:
      typeof raw?.effective_default_referrer_email === 'string' ? raw.effective_default_referrer_email : null,
  };
}

export async function fetchRewardSettings(): Promise<RewardSettings> {
  return normalise(unwrap(await supabase.rpc('admin_reward_settings')) as Record<string, unknown> | null);
}

export async function updateRewardSettings(
  s: Omit<RewardSettings, 'effective_default_referrer_email'>,
): Promise<RewardSettings> {
  const data = unwrap(
    await supabase.rpc('admin_update_reward_settings', {
      p_signup_bonus: s.signup_bonus,
      p_influencer_signup_bonus: s.influencer_signup_bonus,
      p_level_rewards: s.level_rewards,
      p_default_referrer_email: s.default_referrer_email ?? '',
      p_use_first_admin: s.use_first_admin,
      p_reward_default_referrals: s.reward_default_referrals,
    }),
  ) as Record<string, unknown> | null;
  return normalise(data);
}

export const rewardSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...adminKeys.all, 'reward-settings'] as const, queryFn: fetchRewardSettings });

export function useRewardSettings() {
  return useQuery(rewardSettingsQueryOptions());
}

export function useUpdateRewardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRewardSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
