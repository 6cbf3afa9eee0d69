import { supabase } from '@/lib/supabase';

/** POST /resend {type: 'signup'} — a new confirmation e-mail with the same callback link. */
export async function resendConfirmation(email: string, emailRedirectTo: string): Promise<void> {
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo } });
  if (error) throw error;
}
