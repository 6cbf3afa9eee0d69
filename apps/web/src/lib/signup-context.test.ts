import { describe, expect, it } from 'vitest';
import { emailCallbackUrl, rememberReferralCode, storedReferralCode } from './signup-context';
import { destinationAfterVerification } from '@/features/auth/routes/auth-callback-page';
import { variantFor } from '@/features/auth/routes/auth-page';

describe('sign-up context', () => {
  it('builds the confirmation link with ref and from', () => {
    expect(emailCallbackUrl('https://app.example', 'ABC123', 'general-tagging')).toBe(
      'https://app.example/auth/callback?ref=ABC123&from=general-tagging',
    );
    expect(emailCallbackUrl('https://app.example', null, null)).toBe('https://app.example/auth/callback');
    expect(emailCallbackUrl('https://app.example', 'a b&c', null)).toBe('https://app.example/auth/callback?ref=a+b%26c');
  });

  it('keeps the referral code for the session', () => {
    rememberReferralCode('XYZ');
    expect(storedReferralCode()).toBe('XYZ');
  });

  it('sends tagging sign-ups to /tag and everyone else to /dashboard', () => {
    expect(destinationAfterVerification('general-tagging')).toBe('/tag');
    expect(destinationAfterVerification('nft-tagging')).toBe('/tag');
    expect(destinationAfterVerification(null)).toBe('/dashboard');
    expect(destinationAfterVerification('email_verification')).toBe('/dashboard');
  });

  it('picks the auth screen variant from the path', () => {
    expect(variantFor('/business-auth')).toMatchObject({ source: 'business', initialMode: 'signup' });
    expect(variantFor('/influencer-signup')).toMatchObject({ source: 'influencer', initialMode: 'signup' });
    expect(variantFor('/signup')).toMatchObject({ source: 'standard', initialMode: 'signup' });
    expect(variantFor('/login')).toMatchObject({ source: 'standard', initialMode: 'signin' });
    expect(variantFor('/auth')).toMatchObject({ source: 'standard', initialMode: 'signin' });
  });
});
