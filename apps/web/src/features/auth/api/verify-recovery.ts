// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

/**
 * Turns a reset link into a recovery session. The spec's link carries token (a token hash) and
 * type=recovery → POST /verify {token_hash, type}. Our server's own e-mail link goes through
 * /auth/v1/verify and arrives with ?code= under PKCE → exchange it with the stored verifier.
 */
export async function verifyRecovery(link: { token?: string | null; code?: string | null }): Promise<void> {
  const supabase = await loadSupabase();
  if (link.token) {
    const { error } = await supabase.auth.verifyOtp({ token_hash: link.token, type: 'recovery' });
    if (error) throw error;
    return;
  }
  if (link.code) {
    const { error } = await supabase.auth.exchangeCodeForSession(link.code);
    if (error) throw error;
    return;
  }
  throw new Error('Missing reset token');
}
