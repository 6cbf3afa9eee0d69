// Where the auth screens send a visitor: the screen variant by path, and the destination after the
// e-mail confirmation by the landing the sign-up came from.
import { describe, expect, it } from 'vitest';
import { destinationAfterVerification } from './auth-callback-page';
import { variantFor } from './auth-page';

describe('sign-up routing', () => {
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
