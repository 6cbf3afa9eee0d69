// The caller's business-account request: read with rpc my_business_request(), create with rpc
// request_business_account({p_note}). Both are security-definer functions that act only for the
// signed-in caller; the admin dashboard approves or rejects.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { marketingKeys } from './keys';

export interface BusinessRequest {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  note: string;
  decision_note: string | null;
  created_at: string;
  decided_at: string | null;
}

/** A function returning a composite yields null (or a row of nulls) when there is no request. */
function normalise(row: unknown): BusinessRequest | null {
  const r = Array.isArray(row) ? row[0] : row;
  if (!r || typeof r !== 'object' || typeof (r as { id?: unknown }).id !== 'string') return null;
  return r as BusinessRequest;
}

export async function getMyBusinessRequest(): Promise<BusinessRequest | null> {
  return normalise(unwrap(await supabase.rpc('my_business_request')));
}

export const myBusinessRequestQuery = (userId: string) =>
  queryOptions({ queryKey: marketingKeys.businessRequest(userId), queryFn: getMyBusinessRequest });

export function useMyBusinessRequest(userId: string | undefined) {
  return useQuery({ ...myBusinessRequestQuery(userId ?? ''), enabled: Boolean(userId) });
}

export async function requestBusinessAccount(note: string): Promise<BusinessRequest | null> {
  return normalise(unwrap(await supabase.rpc('request_business_account', { p_note: note })));
}

export function useRequestBusinessAccount(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestBusinessAccount,
    onSuccess: (row) => {
      if (userId) qc.setQueryData(marketingKeys.businessRequest(userId), row);
    },
  });
}
