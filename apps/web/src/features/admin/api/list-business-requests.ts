// Pending business account requests (rpc admin_list_business_requests).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import type { BusinessRequest } from './types';

export async function fetchBusinessRequests(): Promise<BusinessRequest[]> {
  return (unwrap(await supabase.rpc('admin_list_business_requests', { p_status: 'pending' })) ??
    []) as BusinessRequest[];
}

export const businessRequestsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.requests(), queryFn: fetchBusinessRequests });

export function useBusinessRequests() {
  return useQuery(businessRequestsQueryOptions());
}
