// One page of users for the admin table (rpc admin_list_users: search, role and confirmation
// filters), newest first, after a cursor (decision 0169): the answer says where the next page
// starts and counts at most 1,000 matching users. Admins only — the function refuses everyone else.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { KeysetPage, PageCursor } from '@tagledger/functions-api';
import { unwrap } from '@/lib/api-error';
import { toRole } from '@/lib/profile';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { USERS_PAGE_SIZE, type AdminUser, type UserFilters } from './types';

/** A user as admin_list_users writes them in its JSON (a role is checked when read). */
type UserRow = Omit<AdminUser, 'role'> & { role: string };

export interface UsersPage {
  rows: AdminUser[];
  next: PageCursor | null;
  total: number;
  totalCapped: boolean;
}

export async function fetchUsers(filters: UserFilters, after: PageCursor | null): Promise<UsersPage> {
  const page = unwrap(
    await supabase.rpc('admin_list_users', {
      p_search: filters.search.trim() || undefined,
      p_role: filters.role || undefined,
      p_confirmed: filters.confirmed === '' ? undefined : filters.confirmed === 'confirmed',
      p_limit: USERS_PAGE_SIZE,
      ...(after ? { p_after: after } : {}),
    }),
  );
  const rows = page.items.map((r): AdminUser => ({ ...r, role: toRole(r.role), balance: Number(r.balance) }));
  return { rows, next: page.next, total: page.total, totalCapped: page.total_capped };
}

export const usersQueryOptions = (filters: UserFilters, after: PageCursor | null) =>
  queryOptions({
    queryKey: adminKeys.users(filters, after),
    queryFn: () => fetchUsers(filters, after),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filters: UserFilters, after: PageCursor | null) {
  return useQuery(usersQueryOptions(filters, after));
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    admin_list_users: KeysetPage<UserRow>;
  }
}
