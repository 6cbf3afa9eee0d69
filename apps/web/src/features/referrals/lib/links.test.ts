import { describe, expect, it } from 'vitest';
import { buildReferralLink, REFERRAL_DESTINATIONS } from './links';

describe('referral links', () => {
  it('offers the five destinations', () => {
    expect(REFERRAL_DESTINATIONS.map((d) => d.path)).toEqual([
      '/general-tagging',
      '/nft-tagging',
      '/mywill-tagging',
      '/business-tagging',
      '/influencer-signup',
    ]);
  });

  it('adds ?ref=CODE on the app origin', () => {
    expect(buildReferralLink('https://app.example', '/nft-tagging', 'ABCD2345')).toBe(
      'https://app.example/nft-tagging?ref=ABCD2345',
    );
  });
});
