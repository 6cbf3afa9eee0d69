// E-mail change through the auth e-mail-change flow: the server mails a confirmation link to the
// new address (and to the current one when it is confirmed); the change applies once confirmed.
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';

export async function changeEmail(email: string): Promise<void> {
  const { error } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: `${window.location.origin}/auth/callback?from=email-change` },
  );
  if (error) throw toAppError(error, i18n._('Failed to change the e-mail address'));
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
