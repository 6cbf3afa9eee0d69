// The signed-in user's country from their profile, which picks the currency the wallet offers first.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

export function useMyCountry() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['my-country', user?.id],
    queryFn: async (): Promise<string | null> =>
      unwrap(await supabase.from('user_profiles').select('country').eq('id', user!.id).maybeSingle())?.country ?? null,
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
}
