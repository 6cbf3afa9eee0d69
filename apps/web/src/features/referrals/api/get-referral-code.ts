// The caller's own referral code (assigned by the database at sign-up).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { referralKeys } from './keys';

export async function fetchReferralCode(userId: string): Promise<string | null> {
  const row = unwrap(await supabase.from('user_profiles').select('referral_code').eq('id', userId).maybeSingle()) as {
    referral_code: string | null;
  } | null;
  return row?.referral_code ?? null;
}

export const referralCodeQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: referralKeys.code(userId),
    queryFn: () => fetchReferralCode(userId!),
    enabled: Boolean(userId),
  });

export function useReferralCode() {
  const { user } = useAuth();
  return useQuery(referralCodeQueryOptions(user?.id));
}
