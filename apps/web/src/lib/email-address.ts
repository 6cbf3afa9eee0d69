// One rule for "is this an e-mail address" on every form that asks for one: the pattern zod's z.email()
// uses by default, stated here so that a screen checks an address without loading zod (~26 KB gzip),
// which the auth screens and the asset page's transfer form need for nothing else.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `value` (already trimmed) is shaped as an e-mail address. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
