import type { EmailOtpType, User } from '@supabase/supabase-js';
// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

export type EmailVerificationOutcome =
  { kind: 'verified'; user: User } | { kind: 'no-user' } | { kind: 'session-error'; message: string };

const EMAIL_TYPES: EmailOtpType[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'];

/**
 * The confirmation link arrives either with token_hash+type (POST /verify), with ?code= (PKCE
 * redirect from /auth/v1/verify), with ?error=… (the server refused the link), or with nothing
 * (already verified; use the current session).
 */
export async function verifyEmailLink(params: URLSearchParams): Promise<EmailVerificationOutcome> {
  const supabase = await loadSupabase();
  const linkError = params.get('error_description') ?? params.get('error');
  if (linkError) return { kind: 'session-error', message: linkError };
  const tokenHash = params.get('token_hash');
  const type = params.get('type') as EmailOtpType | null;
  const code = params.get('code');
  if (tokenHash && type && EMAIL_TYPES.includes(type)) {
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
    if (error) return { kind: 'session-error', message: error.message };
    return data.user ? { kind: 'verified', user: data.user } : { kind: 'no-user' };
  }
  if (code) {
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    if (error) return { kind: 'session-error', message: error.message };
    return data.user ? { kind: 'verified', user: data.user } : { kind: 'no-user' };
  }
  const { data, error } = await supabase.auth.getSession();
  if (error) return { kind: 'session-error', message: error.message };
  return data.session?.user ? { kind: 'verified', user: data.session.user } : { kind: 'no-user' };
}
