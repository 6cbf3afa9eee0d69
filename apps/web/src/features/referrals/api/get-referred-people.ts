// The people the caller referred, on every level: display names only (rpc my_referred_users),
// newest first. "Load more" asks for the page after the last one shown by its cursor (decision
// 0169), so a long list reads only what it shows; the total stops counting at 1,000.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { KeysetPage, PageCursor } from '@tagledger/functions-api';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { referralKeys } from './keys';
import type { ReferredPerson } from './types';

export const PEOPLE_PAGE_SIZE = 20;

const STATUSES: readonly ReferredPerson['status'][] = ['pending', 'earned', 'reversed', 'none'];

/** A person as my_referred_users writes them in its JSON (the status is checked when read). */
type PersonRow = Omit<ReferredPerson, 'status'> & { status: string };

export interface PeoplePage {
  rows: ReferredPerson[];
  next: PageCursor | null;
  total: number;
  totalCapped: boolean;
}

export async function fetchReferredPeople(after: PageCursor | null): Promise<PeoplePage> {
  const page = unwrap(
    await supabase.rpc('my_referred_users', { p_limit: PEOPLE_PAGE_SIZE, ...(after ? { p_after: after } : {}) }),
  );
  const rows = page.items.map((r): ReferredPerson => ({
    display_name: r.display_name,
    level: Number(r.level),
    reward: Number(r.reward),
    status: STATUSES.find((s) => s === r.status) ?? 'none',
    joined_at: r.joined_at,
  }));
  return { rows, next: page.next, total: page.total, totalCapped: page.total_capped };
}

export const referredPeopleQueryOptions = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: referralKeys.people(userId),
    queryFn: ({ pageParam }) => fetchReferredPeople(pageParam),
    initialPageParam: null as PageCursor | null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: Boolean(userId),
  });

export function useReferredPeople() {
  const { user } = useAuth();
  return useInfiniteQuery(referredPeopleQueryOptions(user?.id));
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    my_referred_users: KeysetPage<PersonRow>;
  }
}
