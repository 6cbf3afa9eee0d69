import { describe, expect, it } from 'vitest';
import { emailCallbackUrl, rememberReferralCode, storedReferralCode } from './signup-context';

describe('sign-up context', () => {
  it('builds the confirmation link with ref and from', () => {
    expect(emailCallbackUrl('https://app.example', 'ABC123', 'general-tagging')).toBe(
      'https://app.example/auth/callback?ref=ABC123&from=general-tagging',
    );
    expect(emailCallbackUrl('https://app.example', null, null)).toBe('https://app.example/auth/callback');
    expect(emailCallbackUrl('https://app.example', 'a b&c', null)).toBe(
      'https://app.example/auth/callback?ref=a+b%26c',
    );
  });

  it('keeps the referral code for the session', () => {
    rememberReferralCode('XYZ');
    expect(storedReferralCode()).toBe('XYZ');
  });
});
