// Ownership transfer, both sides. The owner offers an asset by e-mail (public.offer_asset_transfer:
// owner only, never lost or stolen assets, limited per day, refused to an address that stopped such
// mails), sees the offers still pending on the asset page (RLS: the sender reads their transfers) and
// cancels them. The recipient opens the offer's page from the mail (public.asset_transfer_offer:
// anyone holding the link sees what is offered, by whom, to which masked address) and accepts it
// signed in with the offered address (public.accept_asset_transfer).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { assetKeys } from './keys';

export interface PendingTransfer {
  id: string;
  to_email: string;
  created_at: string;
}

export interface TransferOffer {
  id: string;
  asset_id: string;
  state: 'pending' | 'accepted' | 'cancelled';
  via_legacy: boolean;
  title: string;
  kind: string;
  sender_name: string | null;
  sender_email: string | null;
  /** The offered address, masked (j•••@e•••.com). */
  to_email: string;
  /** Null when signed out; otherwise whether the signed-in account is the one the asset is offered to. */
  for_me: boolean | null;
  offered_at: string;
  decided_at: string | null;
}

const transferKeys = {
  pending: (assetId: string) => [...assetKeys.detail(assetId), 'transfers'] as const,
  offer: (id: string, userId: string | null) => ['transfer-offer', id, userId] as const,
};

export function usePendingTransfers(assetId: string) {
  return useQuery({
    queryKey: transferKeys.pending(assetId),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('asset_transfers')
          .select('id, to_email, created_at')
          .eq('asset_id', assetId)
          .eq('state', 'pending')
          .order('created_at'),
      ) as PendingTransfer[],
  });
}

export function useOfferTransfer(assetId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      unwrap(await supabase.rpc('offer_asset_transfer', { p_asset: assetId, p_email: email })),
    onSettled: () => qc.invalidateQueries({ queryKey: transferKeys.pending(assetId) }),
  });
}

export function useCancelTransfer(assetId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await supabase.rpc('cancel_asset_transfer', { p_transfer: id })),
    onSettled: () => qc.invalidateQueries({ queryKey: transferKeys.pending(assetId) }),
  });
}

/** `ready`: the session is known, so for_me is about the right account. */
export function useTransferOffer(id: string, userId: string | null, ready: boolean) {
  return useQuery({
    queryKey: transferKeys.offer(id, userId),
    enabled: ready && id.length > 0,
    retry: false,
    queryFn: async () => unwrap(await supabase.rpc('asset_transfer_offer', { p_transfer: id })),
  });
}

export function useAcceptOffer(id: string, userId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await supabase.rpc('accept_asset_transfer', { p_transfer: id })) as string,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: transferKeys.offer(id, userId) }),
        qc.invalidateQueries({ queryKey: assetKeys.all }),
      ]),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    asset_transfer_offer: TransferOffer;
  }
}
