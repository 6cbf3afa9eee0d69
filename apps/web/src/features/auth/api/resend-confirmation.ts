// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

/** POST /resend {type: 'signup'} — a new confirmation e-mail with the same callback link. */
export async function resendConfirmation(email: string, emailRedirectTo: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo } });
  if (error) throw error;
}
