// Saves the personal fields. Only columns granted to users can be written (the database refuses
// role, business flag and e-mail), so the payload is limited to them here too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import type { AccountProfile } from './get-account-profile';
import { accountKeys } from './keys';

export interface PersonalFields {
  full_name: string | null;
  phone: string | null;
  country: string | null;
  bio: string | null;
}

export async function updateProfile(userId: string, fields: PersonalFields): Promise<AccountProfile> {
  return unwrap(
    await supabase
      .from('user_profiles')
      .update(fields)
      .eq('id', userId)
      .select('id, email, full_name, avatar_url, phone, country, bio, created_at')
      .single(),
  ) as AccountProfile;
}

export function useUpdateProfile(userId: string) {
  const qc = useQueryClient();
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: (fields: PersonalFields) => updateProfile(userId, fields),
    onSuccess: async (row) => {
      qc.setQueryData(accountKeys.profile(userId), row);
      // The header shows the name from the auth profile.
      await refreshProfile();
    },
  });
}
