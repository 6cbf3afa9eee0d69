// The client side of the server's password policy (apps/server/src/auth/services/password-policy.ts):
// the length rule every password form checks before sending, and the words for the server's
// weak_password reasons. The common-password list stays on the server (it is large and the
// server is the authority); the forms show why the server refused.
import { i18n } from '@/lib/i18n/i18n';

export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads 72 bytes at most; the server refuses longer passwords. */
export const MAX_PASSWORD_LENGTH = 72;

// Message ids (8 and 72 are the lengths above); forms show them through i18n._ like every message.
export const PASSWORD_TOO_SHORT = /*i18n*/ 'Password must be at least 8 characters';
export const PASSWORD_TOO_LONG = /*i18n*/ 'Password must be at most 72 characters';

const REASONS: Record<string, string> = {
  length: /*i18n*/ 'it is shorter than 8 characters',
  characters: /*i18n*/ 'it needs more kinds of characters',
  pwned: /*i18n*/ 'it is one of the most commonly used passwords',
  email: /*i18n*/ 'it is based on your email address',
};

/** "Password is too weak: …." for the server's weak_password reasons (unknown ones verbatim). */
export function weakPasswordMessage(
  reasons: readonly string[],
  fallback = i18n._('Password is too weak. Please choose a stronger password.'),
): string {
  const words = reasons.map((r) => (REASONS[r] ? i18n._(REASONS[r]) : r));
  return words.length > 0 ? i18n._('Password is too weak: {reasons}.', { reasons: words.join(', ') }) : fallback;
}
