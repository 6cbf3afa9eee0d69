// Next-of-kin form rules; they mirror the table's checks.
import { z } from 'zod';
export { RELATIONSHIPS } from '@/lib/labels/nok';

const emailFormat = z.email();

/** Trimmed text; empty becomes null; a non-empty value must pass `valid`. */
const optional = (valid: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || valid(v), message)
    .transform((v) => (v === '' ? null : v));

export const nokSchema = z
  .object({
    full_name: z
      .string()
      .trim()
      .min(1, /*i18n*/ 'Full name is required')
      .max(200, /*i18n*/ 'Full name must be at most 200 characters'),
    relationship: z
      .string()
      .trim()
      .min(1, /*i18n*/ 'Relationship is required')
      .max(60, /*i18n*/ 'Relationship must be at most 60 characters'),
    email: optional(
      (v) => v.length <= 254 && emailFormat.safeParse(v).success,
      /*i18n*/ 'Please enter a valid email address',
    ),
    phone: optional(
      (v) => /^\+?[0-9 ()-]{6,20}$/.test(v),
      /*i18n*/ 'Enter a phone number with 6 to 20 digits, spaces, dashes or brackets',
    ),
    notes: optional((v) => v.length <= 2000, /*i18n*/ 'Notes must be at most 2000 characters'),
    is_primary: z.boolean(),
    access_level: z.enum(['view', 'inherit']),
    message: optional((v) => v.length <= 4000, 'The message must be at most 4000 characters'),
    receives_kinds: z.array(z.enum(['general', 'digital', 'legacy', 'business'])),
    // Single assets, besides whole kinds (the table keeps at most 500 and only the owner's own).
    receives_assets: z.array(z.string()).max(500, /*i18n*/ 'Choose at most 500 single assets'),
  })
  .refine((v) => v.email !== null || v.phone !== null, {
    message: /*i18n*/ 'Give an e-mail address or a phone number',
    path: ['email'],
  });

/** Kinds of asset a next of kin may receive, as the asset pages name them. */
export const ASSET_KINDS = [
  { value: 'legacy', label: /*i18n*/ 'Will and legacy' },
  { value: 'general', label: /*i18n*/ 'General items' },
  { value: 'digital', label: /*i18n*/ 'Digital assets' },
  { value: 'business', label: /*i18n*/ 'Business assets' },
] as const;

export type NokFormInput = z.input<typeof nokSchema>;
export type NokFormValues = z.output<typeof nokSchema>;
