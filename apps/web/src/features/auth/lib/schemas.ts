// Form rules for the auth screens, as plain react-hook-form resolvers. Minimum password length 8 (the
// security issue's hole 8 overrides SPEC §5/§9's 6; lib/password-policy.ts).
// Why not zod here: zod (even zod/mini, whose core is ~26 KB gzip) loaded one round trip after the entry and held
// Lighthouse performance on /auth below target (bench/RESULTS.md). These rules are few and simple enough to state
// directly; every message is the same text the zod schemas used (auth-forms.test.tsx checks them).
import { i18n } from '@/lib/i18n/i18n';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@/lib/password-policy';
import { isEmailAddress } from '@/lib/email-address';

type Rules<T> = (values: T) => Partial<Record<keyof T & string, string>>;

/** Normalises (trims) the values, runs the rules and answers in react-hook-form's resolver shape. */
function resolverFrom<T extends FieldValues>(normalise: (raw: T) => T, rules: Rules<T>): Resolver<T> {
  return async (raw) => {
    const values = normalise(raw);
    const messages = rules(values);
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(messages)) {
      if (message) errors[name] = { type: 'validate', message: message as string };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<T> };
    return { values, errors: {} };
  };
}

function emailError(email: string): string | undefined {
  if (email.length === 0) return i18n._('Email is required');
  if (!isEmailAddress(email)) return i18n._('Please enter a valid email address');
  return undefined;
}

function minPasswordError(password: string): string | undefined {
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined;
}

export interface SignInValues {
  email: string;
  password: string;
}
export const signInResolver = resolverFrom<SignInValues>(
  (v) => ({ ...v, email: v.email.trim() }),
  (v) => ({
    email: emailError(v.email),
    password: v.password.length === 0 ? i18n._('Password is required') : undefined,
  }),
);

export interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
}
export const signUpResolver = resolverFrom<SignUpValues>(
  (v) => ({ ...v, fullName: v.fullName.trim(), email: v.email.trim() }),
  (v) => ({
    fullName:
      v.fullName.length === 0
        ? i18n._('Full name is required')
        : v.fullName.length > 120
          ? i18n._('Full name is too long')
          : undefined,
    email: emailError(v.email),
    password: minPasswordError(v.password) ?? (v.password.length > MAX_PASSWORD_LENGTH ? PASSWORD_TOO_LONG : undefined),
  }),
);

export interface ForgotPasswordValues {
  email: string;
}
export const forgotPasswordResolver = resolverFrom<ForgotPasswordValues>(
  (v) => ({ ...v, email: v.email.trim() }),
  (v) => ({ email: emailError(v.email) }),
);

export interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}
export const resetPasswordResolver = resolverFrom<ResetPasswordValues>(
  (v) => v,
  (v) => {
    const password = minPasswordError(v.password);
    // Like the zod refine it replaces: the match is only judged once the password itself is valid.
    return {
      password,
      confirmPassword: !password && v.password !== v.confirmPassword ? i18n._('Passwords do not match') : undefined,
    };
  },
);

export interface MfaCodeValues {
  code: string;
}
export const mfaCodeResolver = resolverFrom<MfaCodeValues>(
  (v) => ({ ...v, code: v.code.trim() }),
  (v) => ({ code: /^\d{6}$/.test(v.code) ? undefined : i18n._('Enter the 6-digit code from your authenticator app') }),
);
