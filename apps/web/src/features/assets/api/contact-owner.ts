// contact-owner: a finder's message to an owner, and the owner's reply, relayed by e-mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from './call-function';
import { assetKeys } from './keys';

export interface ContactOwnerInput {
  assetId: string;
  senderEmail: string;
  senderName?: string;
  message: string;
}

export function useContactOwner() {
  return useMutation({
    mutationFn: (input: ContactOwnerInput) => callFunction<{ sent: boolean }>('contact-owner', { action: 'send', ...input }),
  });
}

export function useReplyToMessage(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; reply: string }) => callFunction<{ replied: boolean }>('contact-owner', { action: 'reply', ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.messages(assetId) }),
  });
}
