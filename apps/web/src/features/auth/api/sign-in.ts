// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';
import type { SignInValues } from '../lib/schemas';

export interface SignInResult {
  /** A verified TOTP factor exists: the 6-digit code is needed before the session is complete. */
  mfaRequired: boolean;
}

/** POST /token?grant_type=password, then check whether the account needs a second factor. */
export async function signIn(values: SignInValues): Promise<SignInResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email: values.email, password: values.password });
  if (error) throw error;
  const { data: aal, error: aalError } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (aalError) throw aalError;
  return { mfaRequired: aal.currentLevel === 'aal1' && aal.nextLevel === 'aal2' };
}
