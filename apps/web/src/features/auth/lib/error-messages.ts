// Friendly texts for the auth server's error codes (GoTrue `error_code`, surfaced by supabase-js as
// `error.code`). Unknown codes fall back to the server's own message — on purpose for
// signup_disabled, whose text is the instance's own ("Signups not allowed for this instance").
import { i18n } from '@/lib/i18n/i18n';
import { weakPasswordMessage } from '@/lib/password-policy';

interface AuthErrorLike {
  code?: string | undefined;
  status?: number | undefined;
  message?: string | undefined;
  name?: string | undefined;
  reasons?: string[] | undefined;
}

const MESSAGES: Record<string, string> = {
  invalid_credentials: /*i18n*/ 'Invalid email or password.',
  email_not_confirmed: /*i18n*/ 'Please confirm your email address first. Check your inbox for the confirmation link.',
  user_already_exists: /*i18n*/ 'An account with this email already exists. Please sign in instead.',
  email_exists: /*i18n*/ 'An account with this email already exists. Please sign in instead.',
  over_request_rate_limit: /*i18n*/ 'Too many attempts. Please wait a moment and try again.',
  over_email_send_rate_limit: /*i18n*/ 'Too many emails were sent. Please wait a few minutes before trying again.',
  email_address_invalid: /*i18n*/ 'Please enter a valid email address.',
  email_provider_disabled: /*i18n*/ 'Signing up with email is currently disabled.',
  user_banned: /*i18n*/ 'This account has been suspended. Please contact support.',
  session_not_found: /*i18n*/ 'Your session has expired. Please sign in again.',
  refresh_token_not_found: /*i18n*/ 'Your session has expired. Please sign in again.',
  session_expired: /*i18n*/ 'Your session has expired. Please sign in again.',
  same_password: /*i18n*/ 'Your new password must be different from your current password.',
  otp_expired: /*i18n*/ 'This link is invalid or has expired. Please request a new one.',
  flow_state_not_found: /*i18n*/ 'This link is invalid or has expired. Please request a new one.',
  flow_state_expired: /*i18n*/ 'This link is invalid or has expired. Please request a new one.',
  bad_code_verifier: /*i18n*/ 'Please open the link in the same browser you used to request it.',
  mfa_verification_failed: /*i18n*/ 'Invalid code. Please check your authenticator app and try again.',
  mfa_challenge_expired: /*i18n*/ 'The code expired. Please enter a new code.',
};

export const DUPLICATE_ACCOUNT_MESSAGE = MESSAGES.user_already_exists!;
export const GENERIC_ERROR = /*i18n*/ 'Something went wrong. Please try again.';

export function friendlyAuthError(err: unknown): string {
  if (!err || typeof err !== 'object') return typeof err === 'string' && err ? err : i18n._(GENERIC_ERROR);
  const e = err as AuthErrorLike;
  if (e.code === 'weak_password') return weakPasswordMessage(e.reasons ?? [], e.message || undefined);
  if (e.code && MESSAGES[e.code]) return i18n._(MESSAGES[e.code]!);
  if (
    e.name === 'AuthRetryableFetchError' ||
    e.status === 502 ||
    e.status === 503 ||
    e.status === 504 ||
    e.status === 0
  ) {
    return i18n._('The service is temporarily unavailable. Please try again in a moment.');
  }
  return e.message || i18n._(GENERIC_ERROR);
}
