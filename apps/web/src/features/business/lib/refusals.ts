// Refusals the database names by their HINT (migrations 20261127000201 and 0202): what each means
// for the business, as catalogue ids. Anything else keeps the generic message of lib/api-error.ts.
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';

const HINTS: Record<string, string> = {
  gtin_taken:
    /*i18n*/ 'Another business registered this GTIN. If it is yours, declare your GS1 company prefix on the brand profile page: once an administrator verifies it, the GTIN comes back to you.',
  gtin_held: /*i18n*/ 'This GTIN lies under a GS1 company prefix verified for another business.',
  brand_name_taken: /*i18n*/ 'Another business already uses this brand name. Choose your own.',
  gs1_prefix_held:
    /*i18n*/ 'This prefix is verified for another business. If GS1 licensed it to you, write to support with your licence.',
};

/** The message for a refusal with a known reason, or null. */
export function refusalMessage(err: unknown): string | null {
  const hint = toAppError(err).hint;
  return hint && HINTS[hint] ? i18n._(HINTS[hint]) : null;
}
