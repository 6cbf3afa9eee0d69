// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

/** POST /recover with redirectTo `${origin}/reset-password` (SPEC §7). */
export async function requestPasswordReset(email: string, origin: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${origin}/reset-password` });
  if (error) throw error;
}
