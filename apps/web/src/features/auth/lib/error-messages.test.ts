import { describe, expect, it } from 'vitest';
import { friendlyAuthError, GENERIC_ERROR } from './error-messages';

describe('friendlyAuthError', () => {
  it('maps the server error codes', () => {
    expect(friendlyAuthError({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Invalid email or password.',
    );
    expect(friendlyAuthError({ code: 'email_not_confirmed' })).toMatch(/confirm your email/);
    expect(friendlyAuthError({ code: 'user_already_exists' })).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
    expect(friendlyAuthError({ code: 'over_email_send_rate_limit' })).toMatch(/Too many emails/);
    expect(friendlyAuthError({ code: 'over_request_rate_limit' })).toMatch(/Too many attempts/);
  });

  it('lists weak-password reasons', () => {
    expect(friendlyAuthError({ code: 'weak_password', reasons: ['length', 'pwned'] })).toBe(
      'Password is too weak: it is shorter than 8 characters, it is one of the most commonly used passwords.',
    );
    expect(friendlyAuthError({ code: 'weak_password', reasons: ['email'] })).toBe(
      'Password is too weak: it is based on your email address.',
    );
    expect(friendlyAuthError({ code: 'weak_password', reasons: [], message: 'Server says no.' })).toBe(
      'Server says no.',
    );
  });

  it('treats 502/503/504 as temporary', () => {
    expect(friendlyAuthError({ status: 503, message: 'upstream' })).toMatch(/temporarily unavailable/);
  });

  it("shows the server's own text when sign-ups are disabled (DISABLE_SIGNUP)", () => {
    expect(
      friendlyAuthError({ code: 'signup_disabled', status: 422, message: 'Signups not allowed for this instance' }),
    ).toBe('Signups not allowed for this instance');
  });

  it('falls back to the server message, then a generic text', () => {
    expect(friendlyAuthError({ code: 'something_new', message: 'Server says no' })).toBe('Server says no');
    expect(friendlyAuthError(null)).toBe(GENERIC_ERROR);
  });
});
