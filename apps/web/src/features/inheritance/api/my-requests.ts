// The early-access requests the signed-in next of kin made (RLS: the asker reads their own), so the
// Legacy page shows what became of each: waiting, refused (and when they may ask again), cancelled
// because the owner switched off or paused, or released.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';

export interface MyEarlyRequest {
  id: string;
  owner_id: string;
  requested_at: string;
  release_after: string;
  state: 'waiting' | 'refused' | 'released' | 'cancelled';
  decided_at: string | null;
  cancel_reason: 'switched_off' | 'paused' | null;
  ask_again_after: string | null;
}

export const myRequestsKey = (userId: string) => ['legacy-my-requests', userId] as const;

export function useMyEarlyRequests(userId: string) {
  return useQuery({
    queryKey: myRequestsKey(userId),
    enabled: userId.length > 0,
    queryFn: async () =>
      unwrap(
        await supabase
          .from('legacy_requests')
          .select('id, owner_id, requested_at, release_after, state, decided_at, cancel_reason, ask_again_after')
          .eq('kin_user_id', userId)
          .order('requested_at', { ascending: false }),
      ) as MyEarlyRequest[],
  });
}

/** The latest request made to each owner. */
export function latestByOwner(requests: MyEarlyRequest[]): Map<string, MyEarlyRequest> {
  const latest = new Map<string, MyEarlyRequest>();
  for (const r of requests) if (!latest.has(r.owner_id)) latest.set(r.owner_id, r);
  return latest;
}
