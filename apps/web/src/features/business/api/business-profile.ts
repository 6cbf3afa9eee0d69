// The brand shown on scan pages: name, logo, website, support contact (public.business_profiles,
// own row only by RLS). The verified badge is not here: an admin grants it by approving the
// business request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import type { ProfileValues } from '../lib/schemas';
import { businessKeys } from './keys';

export interface BusinessProfile {
  brand_name: string;
  website: string | null;
  support_contact: string | null;
  logo_path: string | null;
}

export function useBusinessProfile() {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.profile(uid),
    enabled: Boolean(user),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('business_profiles')
          .select('brand_name, website, support_contact, logo_path')
          .eq('business_id', uid)
          .maybeSingle(),
      ) as BusinessProfile | null,
  });
}

export function useSaveBusinessProfile() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const uid = user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: async (values: ProfileValues & { logo_path: string | null }) => {
      const fields = {
        brand_name: values.brand_name,
        website: values.website || null,
        support_contact: values.support_contact || null,
        logo_path: values.logo_path,
      };
      // Not an upsert: business_id may be inserted but never updated (column privilege), and an
      // upsert's update part would name it.
      const updated = unwrap(
        await supabase.from('business_profiles').update(fields).eq('business_id', uid).select('business_id'),
      );
      if (updated.length === 0)
        unwrap(await supabase.from('business_profiles').insert({ business_id: uid, ...fields }));
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: businessKeys.profile(uid) }),
  });
}
