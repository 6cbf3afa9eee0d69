// Senders the user blocked from the contact-owner relay (public.contact_blocked_senders: the user
// reads the name and item, never the address) and unblocking, which deletes the row.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { accountKeys } from './keys';

export interface BlockedSender {
  id: string;
  sender_name: string | null;
  asset_title: string | null;
  created_at: string;
}

export async function listBlockedSenders(): Promise<BlockedSender[]> {
  return unwrap(
    await supabase
      .from('contact_blocked_senders')
      .select('id, sender_name, asset_title, created_at')
      .order('created_at', { ascending: false }),
  ) as BlockedSender[];
}

export const blockedSendersQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.blockedSenders(userId), queryFn: listBlockedSenders });

export function useBlockedSenders(userId: string) {
  return useQuery(blockedSendersQuery(userId));
}

export function useUnblockSender(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await supabase.from('contact_blocked_senders').delete().eq('id', id));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.blockedSenders(userId) }),
  });
}
