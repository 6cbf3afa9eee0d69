// GS1 prefixes businesses declared, for administrators to verify or refuse with the evidence they
// checked (rpc admin_gs1_prefixes and admin_decide_gs1_prefix, both refused to anyone but an admin).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

export type PrefixStatus = 'pending' | 'verified' | 'rejected';

export interface PrefixReview {
  id: string;
  business_id: string;
  email: string | null;
  brand_name: string | null;
  verified_business: boolean;
  prefix: string;
  kind: 'company_prefix' | 'single_gtin';
  reference: string;
  status: PrefixStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  evidence: string | null;
  /** Other businesses' declarations (not refused) that overlap this prefix. */
  overlaps: { prefix: string; status: PrefixStatus; brand_name: string | null; email: string | null }[];
  /** Other businesses' GTINs a verification takes back. */
  gtins_of_others: number;
  /** The business's own products the prefix covers. */
  own_products: number;
}

export function usePrefixReviews(status: PrefixStatus) {
  return useQuery({
    queryKey: adminKeys.prefixes(status),
    queryFn: async () => unwrap(await supabase.rpc('admin_gs1_prefixes', { p_status: status })),
  });
}

export function useDecidePrefix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; approve: boolean; evidence: string }) =>
      unwrap(
        await supabase.rpc('admin_decide_gs1_prefix', {
          p_id: input.id,
          p_approve: input.approve,
          p_evidence: input.evidence,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    admin_gs1_prefixes: PrefixReview[];
    admin_decide_gs1_prefix: { status: PrefixStatus; gtins_taken_back?: number; gtins_given_back?: number };
  }
}
