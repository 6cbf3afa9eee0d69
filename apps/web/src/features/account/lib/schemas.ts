// Form rules for Profile and Settings. They mirror the database checks (user_profiles and
// user_settings), so a value the form accepts is never refused by the server for its shape.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@/lib/password-policy';

export const DELETE_WORD = 'DELETE';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v));

export const profileSchema = z.object({
  full_name: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Full name is required')
    .max(200, /*i18n*/ 'Full name must be at most 200 characters'),
  phone: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^\+?[0-9 ()-]{6,20}$/.test(v),
      /*i18n*/ 'Enter a phone number with 6 to 20 digits, spaces, dashes or brackets, optionally starting with +',
    )
    .transform((v) => (v === '' ? null : v)),
  country: optionalText(80, /*i18n*/ 'Country must be at most 80 characters'),
  bio: optionalText(500, /*i18n*/ 'Bio must be at most 500 characters'),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const emailChangeSchema = (currentEmail: string | null) =>
  z.object({
    email: z
      .string()
      .trim()
      .min(1, /*i18n*/ 'Email is required')
      .pipe(z.email(/*i18n*/ 'Please enter a valid email address'))
      .refine(
        (v) => v.toLowerCase() !== (currentEmail ?? '').toLowerCase(),
        /*i18n*/ 'This is already your e-mail address',
      ),
  });
export type EmailChangeValues = { email: string };

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, /*i18n*/ 'Enter your current password'),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: /*i18n*/ 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
    message: /*i18n*/ 'The new password must be different from the current one',
    path: ['newPassword'],
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

export const deleteAccountSchema = z.object({
  password: z.string().min(1, /*i18n*/ 'Enter your current password'),
  confirmation: z.string().refine((v) => v.trim() === DELETE_WORD, `Type ${DELETE_WORD} to confirm`),
});
export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, /*i18n*/ 'Enter the 6-digit code from your authenticator app'),
});
export type TotpCodeValues = z.infer<typeof totpCodeSchema>;
