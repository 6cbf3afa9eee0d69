// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

/** Challenge the user's verified TOTP factor and verify the code (aal1 → aal2). */
export async function verifyMfaCode(code: string): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp.find((f) => f.status === 'verified');
  if (!factor) throw new Error('No authenticator app is set up for this account.');
  const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (verifyError) throw verifyError;
}

/** Leave the half-finished (aal1) sign-in. Local only: the session is discarded on this device. */
export async function cancelMfa(): Promise<void> {
  const supabase = await loadSupabase();
  await supabase.auth.signOut({ scope: 'local' });
}
