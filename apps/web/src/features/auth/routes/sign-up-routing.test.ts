// Where the auth screens send a visitor: the screen variant by path, and the destination after the
// e-mail confirmation by the landing the sign-up came from.
import { describe, expect, it } from 'vitest';
import { emailCallbackUrl, safeReturnPath } from '@/lib/signup-context';
import { destinationAfterVerification } from './auth-callback-page';
import { requestedPath, variantFor } from './auth-page';

describe('sign-up routing', () => {
  it('sends tagging sign-ups to /tag and everyone else to /dashboard', () => {
    expect(destinationAfterVerification('general-tagging')).toBe('/tag');
    expect(destinationAfterVerification('nft-tagging')).toBe('/tag');
    expect(destinationAfterVerification(null)).toBe('/dashboard');
    expect(destinationAfterVerification('email_verification')).toBe('/dashboard');
  });

  it('returns to the page asked for before signing up (an invitation), and only to a page of this app', () => {
    const invitation = '/nok/accept?token=abc';
    expect(destinationAfterVerification(null, invitation)).toBe(invitation);
    expect(destinationAfterVerification('general-tagging', invitation)).toBe(invitation);
    expect(emailCallbackUrl('https://app.test', null, null, invitation)).toBe(
      'https://app.test/auth/callback?next=%2Fnok%2Faccept%3Ftoken%3Dabc',
    );
    for (const bad of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      'javascript:alert(1)',
      '/auth',
      '/auth/callback',
    ]) {
      expect(safeReturnPath(bad), bad).toBeNull();
      expect(destinationAfterVerification(null, bad), bad).toBe('/dashboard');
    }
    expect(requestedPath(null, { from: { pathname: '/transfers/1', search: '', hash: '' } })).toBe('/transfers/1');
    expect(requestedPath('/nok/accept?token=1', { from: { pathname: '/assets' } })).toBe('/nok/accept?token=1');
    expect(requestedPath('//evil.test', null)).toBeNull();
  });

  it('picks the auth screen variant from the path', () => {
    expect(variantFor('/business-auth')).toMatchObject({ source: 'business', initialMode: 'signup' });
    expect(variantFor('/influencer-signup')).toMatchObject({ source: 'influencer', initialMode: 'signup' });
    expect(variantFor('/signup')).toMatchObject({ source: 'standard', initialMode: 'signup' });
    expect(variantFor('/login')).toMatchObject({ source: 'standard', initialMode: 'signin' });
    expect(variantFor('/auth')).toMatchObject({ source: 'standard', initialMode: 'signin' });
  });
});
