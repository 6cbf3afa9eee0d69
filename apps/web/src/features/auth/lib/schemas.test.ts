import { describe, expect, it } from 'vitest';
import { mfaCodeResolver, resetPasswordResolver, signInResolver, signUpResolver } from './schemas';

// react-hook-form calls a resolver with (values, context, options); the rules use only the values.
const opts = { fields: {}, shouldUseNativeValidation: false } as never;

describe('auth form rules', () => {
  it('trims and accepts valid sign-in values', async () => {
    const r = await signInResolver({ email: '  pat@example.com ', password: 'x' }, undefined, opts);
    expect(r).toEqual({ values: { email: 'pat@example.com', password: 'x' }, errors: {} });
  });

  it('gives the SPEC messages for empty and malformed fields', async () => {
    const empty = await signInResolver({ email: ' ', password: '' }, undefined, opts);
    expect(empty.errors.email?.message).toBe('Email is required');
    expect(empty.errors.password?.message).toBe('Password is required');
    const bad = await signUpResolver(
      { fullName: 'a'.repeat(121), email: 'pat@', password: '1234567' },
      undefined,
      opts,
    );
    expect(bad.errors.fullName?.message).toBe('Full name is too long');
    expect(bad.errors.email?.message).toBe('Please enter a valid email address');
    expect(bad.errors.password?.message).toBe('Password must be at least 8 characters');
    const long = await signUpResolver(
      { fullName: 'Pat', email: 'p@example.com', password: 'x'.repeat(73) },
      undefined,
      opts,
    );
    expect(long.errors.password?.message).toBe('Password must be at most 72 characters');
  });

  it('checks the confirmation and the 6-digit code', async () => {
    const r = await resetPasswordResolver({ password: 'Tl-secret-1', confirmPassword: 'Tl-secret-2' }, undefined, opts);
    expect(r.errors.confirmPassword?.message).toBe('Passwords do not match');
    expect((await mfaCodeResolver({ code: ' 123456 ' }, undefined, opts)).values).toEqual({ code: '123456' });
    expect((await mfaCodeResolver({ code: '12a456' }, undefined, opts)).errors.code?.message).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
  });
});
