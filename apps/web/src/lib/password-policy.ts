// The client side of the server's password policy (apps/server/src/auth/services/password-policy.ts):
// the length rule every password form checks before sending, and the words for the server's
// weak_password reasons. The common-password list stays on the server (it is large and the
// server is the authority); the forms show why the server refused.
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads 72 bytes at most; the server refuses longer passwords. */
export const MAX_PASSWORD_LENGTH = 72;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;

const REASONS: Record<string, string> = {
  length: `it is shorter than ${MIN_PASSWORD_LENGTH} characters`,
  characters: 'it needs more kinds of characters',
  pwned: 'it is one of the most commonly used passwords',
  email: 'it is based on your email address',
};

/** "Password is too weak: …." for the server's weak_password reasons (unknown ones verbatim). */
export function weakPasswordMessage(reasons: readonly string[], fallback = 'Password is too weak. Please choose a stronger password.'): string {
  const words = reasons.map((r) => REASONS[r] ?? r);
  return words.length > 0 ? `Password is too weak: ${words.join(', ')}.` : fallback;
}
