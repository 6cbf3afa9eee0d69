import { supabase } from '@/lib/supabase';

/** POST /recover with redirectTo `${origin}/reset-password` (SPEC §7). */
export async function requestPasswordReset(email: string, origin: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${origin}/reset-password` });
  if (error) throw error;
}
