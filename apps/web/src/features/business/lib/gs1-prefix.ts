// The GS1 prefix a business declares (migration 20261127000201, decision 0140), checked here as the
// database checks it, so the form says what is wrong before anything is sent; and whether a GTIN
// lies under a verified prefix — the rule that makes a product's labels show the brand as genuine.
import { z } from 'zod';
import { gtin14, gtinCheckDigitOk } from '@tagledger/functions-api';

export type PrefixKind = 'company_prefix' | 'single_gtin';

/** GS1's numbers for restricted circulation, coupons and refund receipts: nobody's to hold. */
const NOT_OWNABLE = /^(02|04|05|2|98[0-4]|99)/;

export const prefixSchema = z
  .object({
    kind: z.enum(['company_prefix', 'single_gtin']),
    value: z.string().trim(),
    reference: z
      .string()
      .trim()
      .min(3, /*i18n*/ 'Say where an administrator can check it: your GS1 licence or membership number')
      .max(500, /*i18n*/ 'At most 500 characters'),
  })
  .superRefine((v, ctx) => {
    const problem = prefixProblem(v.kind, v.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type PrefixInput = z.input<typeof prefixSchema>;
export type PrefixValues = z.output<typeof prefixSchema>;

/** What is wrong with a declared value (a catalogue id), or null. */
export function prefixProblem(kind: PrefixKind, value: string): string | null {
  if (kind === 'single_gtin') {
    if (!/^(\d{8}|\d{12,14})$/.test(value)) return /*i18n*/ 'A GTIN has 8, 12, 13 or 14 digits';
    if (!gtinCheckDigitOk(value)) return /*i18n*/ 'This GTIN’s check digit is wrong: check the number on the barcode';
  } else {
    if (!/^\d{4,12}$/.test(value)) return /*i18n*/ 'A GS1 company prefix has 4 to 12 digits';
    if (/^0+$/.test(value) || value.startsWith('00000'))
      return /*i18n*/ 'This is not a company prefix: for a GTIN-8, declare the GTIN itself';
  }
  if (NOT_OWNABLE.test(storedPrefix(kind, value)))
    return /*i18n*/ 'GS1 keeps numbers starting with 02, 04, 05, 2, 980 to 984 or 99 for in-store use and coupons: nobody holds them';
  return null;
}

/** The digits the database keeps: a company prefix as entered, a single GTIN as its 12 digits before the check digit. */
export function storedPrefix(kind: PrefixKind, value: string): string {
  return kind === 'single_gtin' ? (gtin14(value) ?? value).slice(1, 13) : value;
}

/** Whether a 14-digit GTIN lies under a prefix (the indicator and check digits are not part of it). */
export function gtinUnderPrefix(gtin: string, prefix: string): boolean {
  return gtin.slice(1, 1 + prefix.length) === prefix;
}
