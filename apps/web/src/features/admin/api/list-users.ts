// One page of users for the admin table (rpc admin_list_users: search, role and confirmation
// filters, total count). Admins only — the function refuses everyone else.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { toRole } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { USERS_PAGE_SIZE, type AdminUser, type UserFilters } from './types';

export async function fetchUsers(filters: UserFilters): Promise<{ rows: AdminUser[]; total: number }> {
  const data = unwrap(
    await supabase.rpc('admin_list_users', {
      p_search: filters.search.trim() || undefined,
      p_role: filters.role || undefined,
      p_confirmed: filters.confirmed === '' ? undefined : filters.confirmed === 'confirmed',
      p_limit: USERS_PAGE_SIZE,
      p_offset: filters.page * USERS_PAGE_SIZE,
    }),
  );
  // Columns of `returns table` are nullable as far as the catalog knows; the function's contract fills these.
  const rows = data.map((r): AdminUser => ({
    ...r,
    id: String(r.id),
    role: toRole(r.role),
    is_business_user: Boolean(r.is_business_user),
    balance: Number(r.balance ?? 0),
    created_at: String(r.created_at),
    pending_business_request: Boolean(r.pending_business_request),
  }));
  return { rows, total: Number(data?.[0]?.total ?? 0) };
}

export const usersQueryOptions = (filters: UserFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: () => fetchUsers(filters),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(filters));
}
