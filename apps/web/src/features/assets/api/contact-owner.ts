// contact-owner: a finder's message to an owner (confirmed by the sender's e-mail link before it is
// relayed), the owner's reply, and the owner's block / report-abuse actions on a relayed message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { callFunction } from '@/lib/call-function';
import { assetKeys } from './keys';
import { i18n } from '@/lib/i18n/i18n';
import { isLocale } from '@/lib/i18n/locales';

export interface ContactOwnerInput {
  assetId: string;
  senderEmail: string;
  senderName?: string;
  message: string;
}

/** Stores the message and e-mails the sender a confirmation link; nothing reaches the owner yet. */
export function sendContactMessage(input: ContactOwnerInput): Promise<{ status: 'confirmation_sent' }> {
  // The confirmation mail is written in the language of this page.
  const language = isLocale(i18n.locale) ? i18n.locale : 'en';
  return callFunction('contact-owner', { action: 'send' as const, ...input, language });
}

export type ConfirmOutcome = 'sent' | 'already_sent';

export function confirmContactMessage(token: string): Promise<{ status: ConfirmOutcome }> {
  return callFunction('contact-owner', { action: 'confirm' as const, token });
}

/**
 * Opening the link confirms it. A query (not an effect) so a remount or React's double effects in
 * development call the server once; never refetched, since a second call would answer "already sent".
 */
export function useConfirmContactMessage(token: string) {
  return useQuery({
    queryKey: ['contact-confirm', token],
    queryFn: () => confirmContactMessage(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useReplyToMessage(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; reply: string }) =>
      callFunction('contact-owner', { action: 'reply' as const, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.messages(assetId) }),
  });
}

/** The owner blocks the sender of one of their messages (rpc checks ownership). */
export async function blockContactSender(messageId: string): Promise<void> {
  unwrap(await supabase.rpc('block_contact_sender', { p_message_id: messageId }));
}

/** The owner reports a message to moderators; this also blocks its sender. */
export async function reportContactAbuse(messageId: string, reason: string): Promise<void> {
  unwrap(await supabase.rpc('report_contact_abuse', { p_message_id: messageId, p_reason: reason.trim() || undefined }));
}
