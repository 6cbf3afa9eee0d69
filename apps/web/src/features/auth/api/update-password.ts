// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

export async function hasSession(): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return Boolean(data.session);
}

/** PUT /user {password}, then end the recovery session so the user signs in with the new password. */
export async function updatePasswordAndSignOut(password: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  const { error: signOutError } = await supabase.auth.signOut();
  if (signOutError) console.warn('Sign-out after password reset failed:', signOutError.message);
}
