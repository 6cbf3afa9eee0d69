// The GS1 prefixes a business declares (public.business_gs1_prefixes: a business reads, declares and
// withdraws only its own; only an administrator verifies, through admin_decide_gs1_prefix).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { storedPrefix, type PrefixKind } from '../lib/gs1-prefix';
import { businessKeys } from './keys';

export interface Gs1Prefix {
  id: string;
  prefix: string;
  kind: PrefixKind;
  reference: string;
  status: 'pending' | 'verified' | 'rejected';
  decided_at: string | null;
  evidence: string | null;
  created_at: string;
}

export function useGs1Prefixes() {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.prefixes(uid),
    enabled: Boolean(user),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('business_gs1_prefixes')
          .select('id, prefix, kind, reference, status, decided_at, evidence, created_at')
          .eq('business_id', uid)
          .order('created_at'),
      ) as Gs1Prefix[],
  });
}

/** Declaring or withdrawing a prefix changes which products are live: products are re-read too. */
function useInvalidate() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const uid = user?.id ?? 'anonymous';
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: businessKeys.prefixes(uid) }),
      qc.invalidateQueries({ queryKey: businessKeys.products(uid) }),
    ]);
}

export function useDeclarePrefix() {
  const { user } = useAuth();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (v: { kind: PrefixKind; value: string; reference: string }) => {
      unwrap(
        await supabase.from('business_gs1_prefixes').insert({
          business_id: user!.id,
          kind: v.kind,
          prefix: storedPrefix(v.kind, v.value),
          reference: v.reference,
        }),
      );
    },
    onSuccess: invalidate,
  });
}

export function useWithdrawPrefix() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await supabase.from('business_gs1_prefixes').delete().eq('id', id));
    },
    onSuccess: invalidate,
  });
}
