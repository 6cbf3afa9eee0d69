// The signed-in user's profile row with the personal fields this area adds (phone, country, bio).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { accountKeys } from './keys';

export interface AccountProfile {
  id: string;
  email: string | null;
  full_name: string | null;
  avatar_url: string | null;
  phone: string | null;
  country: string | null;
  bio: string | null;
  created_at: string;
}

export async function getAccountProfile(userId: string): Promise<AccountProfile> {
  const row = unwrap(
    await supabase
      .from('user_profiles')
      .select('id, email, full_name, avatar_url, phone, country, bio, created_at')
      .eq('id', userId)
      .single(),
  );
  return row as AccountProfile;
}

export const accountProfileQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.profile(userId), queryFn: () => getAccountProfile(userId) });

export function useAccountProfile(userId: string) {
  return useQuery(accountProfileQuery(userId));
}
