// The people the caller referred, on every level: display names only (rpc my_referred_users).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { referralKeys } from './keys';
import type { ReferredPerson } from './types';

export const PEOPLE_PAGE_SIZE = 20;

export async function fetchReferredPeople(page: number): Promise<{ rows: ReferredPerson[]; total: number }> {
  const data = unwrap(
    await supabase.rpc('my_referred_users', { p_limit: PEOPLE_PAGE_SIZE, p_offset: page * PEOPLE_PAGE_SIZE }),
  ) as Record<string, unknown>[] | null;
  const rows = (data ?? []).map((r) => ({
    display_name: String(r.display_name ?? ''),
    level: Number(r.level),
    reward: Number(r.reward),
    status: (['pending', 'earned', 'reversed', 'none'].includes(String(r.status))
      ? r.status
      : 'none') as ReferredPerson['status'],
    joined_at: String(r.joined_at),
  }));
  return { rows, total: Number(data?.[0]?.total ?? 0) };
}

export const referredPeopleQueryOptions = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: referralKeys.people(userId),
    queryFn: ({ pageParam }) => fetchReferredPeople(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * PEOPLE_PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length : undefined,
    enabled: Boolean(userId),
  });

export function useReferredPeople() {
  const { user } = useAuth();
  return useInfiniteQuery(referredPeopleQueryOptions(user?.id));
}
