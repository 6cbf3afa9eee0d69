// One page of users for the admin table (rpc admin_list_users: search, role and confirmation
// filters, total count). Admins only — the function refuses everyone else.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { USERS_PAGE_SIZE, type AdminUser, type UserFilters } from './types';

export async function fetchUsers(filters: UserFilters): Promise<{ rows: AdminUser[]; total: number }> {
  const data = unwrap(
    await supabase.rpc('admin_list_users', {
      p_search: filters.search.trim() || null,
      p_role: filters.role || null,
      p_confirmed: filters.confirmed === '' ? null : filters.confirmed === 'confirmed',
      p_limit: USERS_PAGE_SIZE,
      p_offset: filters.page * USERS_PAGE_SIZE,
    }),
  ) as Record<string, unknown>[] | null;
  const rows = (data ?? []).map((r) => ({ ...(r as unknown as AdminUser), balance: Number(r.balance ?? 0) }));
  return { rows, total: Number(data?.[0]?.total ?? 0) };
}

export const usersQueryOptions = (filters: UserFilters) =>
  queryOptions({ queryKey: adminKeys.users(filters), queryFn: () => fetchUsers(filters), placeholderData: keepPreviousData });

export function useAdminUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(filters));
}
