// Next-of-kin form rules; they mirror the table's checks.
import { z } from 'zod';

const emailFormat = z.email();

/** Trimmed text; empty becomes null; a non-empty value must pass `valid`. */
const optional = (valid: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || valid(v), message)
    .transform((v) => (v === '' ? null : v));

export const RELATIONSHIPS = ['Spouse or partner', 'Child', 'Parent', 'Sibling', 'Grandchild', 'Other relative', 'Friend', 'Executor', 'Lawyer', 'Other'];

export const nokSchema = z
  .object({
    full_name: z.string().trim().min(1, 'Full name is required').max(200, 'Full name must be at most 200 characters'),
    relationship: z.string().trim().min(1, 'Relationship is required').max(60, 'Relationship must be at most 60 characters'),
    email: optional((v) => v.length <= 254 && emailFormat.safeParse(v).success, 'Please enter a valid email address'),
    phone: optional((v) => /^\+?[0-9 ()-]{6,20}$/.test(v), 'Enter a phone number with 6 to 20 digits, spaces, dashes or brackets'),
    notes: optional((v) => v.length <= 2000, 'Notes must be at most 2000 characters'),
    is_primary: z.boolean(),
  })
  .refine((v) => v.email !== null || v.phone !== null, { message: 'Give an e-mail address or a phone number', path: ['email'] });

export type NokFormInput = z.input<typeof nokSchema>;
export type NokFormValues = z.output<typeof nokSchema>;
