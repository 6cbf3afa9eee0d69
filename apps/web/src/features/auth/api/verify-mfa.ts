import { supabase } from '@/lib/supabase';

/** Challenge the user's verified TOTP factor and verify the code (aal1 → aal2). */
export async function verifyMfaCode(code: string): Promise<void> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp.find((f) => f.status === 'verified');
  if (!factor) throw new Error('No authenticator app is set up for this account.');
  const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (verifyError) throw verifyError;
}

/** Leave the half-finished (aal1) sign-in. Local only: the session is discarded on this device. */
export async function cancelMfa(): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' });
}
