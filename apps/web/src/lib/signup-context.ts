// Where a sign-up came from, kept across screens in sessionStorage: the referral code seen on the
// landing (?ref) and the use-case landing the visitor arrived from. Both travel into the e-mail
// confirmation link as /auth/callback?ref=…&from=… (SPEC §2, §8).
export const REFERRAL_STORAGE_KEY = 'tl:referral-code';
export const SIGNUP_FROM_STORAGE_KEY = 'tl:signup-from';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberReferralCode(code: string) {
  try {
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, code);
  } catch {
    /* storage unavailable: the code still travels in the URL */
  }
}

export function rememberSignupFrom(from: string) {
  try {
    sessionStorage.setItem(SIGNUP_FROM_STORAGE_KEY, from);
  } catch {
    /* storage unavailable */
  }
}

export function storedReferralCode(): string | null {
  return read(REFERRAL_STORAGE_KEY);
}

export function storedSignupFrom(): string | null {
  return read(SIGNUP_FROM_STORAGE_KEY);
}

/** `${origin}/auth/callback?ref=…&from=…`, leaving out parameters that are empty. */
export function emailCallbackUrl(
  origin: string,
  ref: string | null | undefined,
  from: string | null | undefined,
): string {
  const params = new URLSearchParams();
  if (ref) params.set('ref', ref);
  if (from) params.set('from', from);
  const qs = params.toString();
  return `${origin}/auth/callback${qs ? `?${qs}` : ''}`;
}

/** "Create a free account" opens the sign-up form (/signup), not the sign-in form (/auth). */
export function signUpHref(from: string | undefined, ref: string | null): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (ref) params.set('ref', ref);
  const qs = params.toString();
  return qs ? `/signup?${qs}` : '/signup';
}
