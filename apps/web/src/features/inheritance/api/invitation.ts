// One invitation, read through the link's token (public.legacy_invitation: anyone holding the link,
// signed in or not, learns who invited them, the invited address masked, and its state), and the
// answer (public.legacy_answer_invite: only the invited address, once, within 30 days).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';

export interface Invitation {
  state: 'invited' | 'accepted' | 'declined' | 'expired';
  inviter_name: string | null;
  inviter_email: string | null;
  /** The invited address, masked (j•••@e•••.com). */
  invited_email: string;
  /** Null when signed out; otherwise whether the signed-in account is the one invited. */
  for_me: boolean | null;
  invited_at: string | null;
  responded_at: string | null;
  expires_at: string | null;
}

const invitationKey = (token: string, userId: string | null) => ['legacy-invitation', token, userId] as const;

/** `ready`: the session is known, so the answer's for_me is about the right account. */
export function useInvitation(token: string, userId: string | null, ready: boolean) {
  return useQuery({
    queryKey: invitationKey(token, userId),
    enabled: ready && token.length > 0,
    retry: false,
    queryFn: async () => unwrap(await supabase.rpc('legacy_invitation', { p_token: token })),
  });
}

export function useAnswerInvitation(token: string, userId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (accept: boolean) =>
      unwrap(await supabase.rpc('legacy_answer_invite', { p_token: token, p_accept: accept })),
    onSettled: () => qc.invalidateQueries({ queryKey: invitationKey(token, userId) }),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    legacy_invitation: Invitation;
  }
}
