// The password policy (security issue, hole 8), applied wherever a password is set: sign-up,
// PUT /user (change and recovery reset), the admin API, the change-password function and
// ADMIN_PASSWORD at start. Refusals use GoTrue's shape — 422 weak_password with
// `weak_password.reasons` — which supabase-js turns into AuthWeakPasswordError.
//
// Reasons: `length` (under the minimum: PASSWORD_MIN_LENGTH, default MIN_PASSWORD_LENGTH), `pwned` (on the common-password list, GoTrue's
// reason for a known-leaked password) and `email` (built from the account's e-mail address).
// The list is @zxcvbn-ts/language-common's ranked password dictionary (docs/decisions/0061).
import { createRequire } from 'node:module';
import { errors } from '../errors.js';

/** The default minimum; PASSWORD_MIN_LENGTH (GoTrue's GOTRUE_PASSWORD_MIN_LENGTH) changes it. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt (still accepted for imported hashes) reads only this many bytes. */
export const MAX_PASSWORD_BYTES = 72;

export type WeakPasswordReason = 'length' | 'pwned' | 'email';

export interface PasswordWeakness {
  message: string;
  reasons: WeakPasswordReason[];
}

const MESSAGES: Record<Exclude<WeakPasswordReason, 'length'>, string> = {
  pwned: 'Password is known to be weak and easy to guess, please choose a different one.',
  email: 'Password should not be based on your email address.',
};

// Loaded and built on first use: decompressing the ~49k-entry dictionary costs a few milliseconds,
// and the package's dictionaries (several MB) stay out of a server that sets no password (0110).
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common;
}

/** Lower-case letters and digits only, so `J.Smith-1` and `jsmith1` compare equal. */
function letters(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The common list also catches a listed word with only digits/symbols stuck to its ends. */
function isCommon(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 4 && core !== lower && list.has(core);
}

/**
 * True when the password is the address, or its name part (before `+` and `@`, at least 3
 * letters/digits) makes up most of it — `alice.smith@…` may not use `AliceSmith2024!`.
 */
function isFromEmail(password: string, email: string | undefined | null): boolean {
  if (!email) return false;
  const pw = letters(password);
  if (pw.includes(letters(email))) return true;
  const name = letters(email.split('@')[0]!.split('+')[0]!);
  return name.length >= 3 && pw.includes(name) && pw.length - name.length < 6;
}

/** What is wrong with a password under the policy (all reasons), or undefined when it passes. */
export function passwordWeakness(
  password: string,
  email?: string | null,
  minLength = MIN_PASSWORD_LENGTH,
): PasswordWeakness | undefined {
  const reasons: WeakPasswordReason[] = [];
  if ([...password].length < minLength) reasons.push('length');
  if (isCommon(password)) reasons.push('pwned');
  if (isFromEmail(password, email)) reasons.push('email');
  if (!reasons.length) return undefined;
  const message = reasons
    .map((r) => (r === 'length' ? `Password should be at least ${minLength} characters.` : MESSAGES[r]))
    .join(' ');
  return { message, reasons };
}

/** Throws 400 validation_failed (too long) or 422 weak_password with reasons. */
export function checkPasswordStrength(password: string, email?: string | null, minLength = MIN_PASSWORD_LENGTH): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weak = passwordWeakness(password, email, minLength);
  if (weak) throw errors.weakPassword(weak.message, weak.reasons);
}
