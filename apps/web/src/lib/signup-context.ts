// Where a sign-up came from, kept across screens in sessionStorage: the referral code seen on the
// landing (?ref), the use-case landing the visitor arrived from, and the page to return to (an
// invitation or transfer offer the visitor opened before they had an account). They travel into the
// e-mail confirmation link as /auth/callback?ref=…&from=…&next=… (SPEC §2, §8).
export const REFERRAL_STORAGE_KEY = 'tl:referral-code';
export const SIGNUP_FROM_STORAGE_KEY = 'tl:signup-from';
export const RETURN_TO_STORAGE_KEY = 'tl:return-to';

/**
 * A path of this app to return to after signing in or up, or null: only `/…` paths, never `//host`
 * or `/\host` (which browsers read as another site) nor the auth screens themselves.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // No backslash (browsers read it as a slash) and no control character anywhere.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const path = value.split(/[?#]/)[0]!;
  if (path === '/auth' || path.startsWith('/auth/') || path === '/login' || path === '/signup') return null;
  return value;
}

export function rememberReturnTo(path: string | null) {
  try {
    if (path) sessionStorage.setItem(RETURN_TO_STORAGE_KEY, path);
    else sessionStorage.removeItem(RETURN_TO_STORAGE_KEY);
  } catch {
    /* storage unavailable: the path still travels in the URL */
  }
}

export function storedReturnTo(): string | null {
  return safeReturnPath(read(RETURN_TO_STORAGE_KEY));
}

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

/** `${origin}/auth/callback?ref=…&from=…&next=…`, leaving out parameters that are empty. */
export function emailCallbackUrl(
  origin: string,
  ref: string | null | undefined,
  from: string | null | undefined,
  next?: string | null,
): string {
  const params = new URLSearchParams();
  if (ref) params.set('ref', ref);
  if (from) params.set('from', from);
  const back = safeReturnPath(next);
  if (back) params.set('next', back);
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
