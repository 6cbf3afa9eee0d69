// The five destinations a referral link can point at (landing pages and the influencer sign-up).
export interface ReferralDestination {
  path: string;
  label: string;
}

export const REFERRAL_DESTINATIONS: ReferralDestination[] = [
  { path: '/general-tagging', label: /*i18n*/ 'General tagging (recommended)' },
  { path: '/nft-tagging', label: /*i18n*/ 'Digital assets & NFT' },
  { path: '/mywill-tagging', label: /*i18n*/ 'MyWill & legacy' },
  { path: '/business-tagging', label: /*i18n*/ 'Business & inventory' },
  { path: '/influencer-signup', label: /*i18n*/ 'Influencer sign-up' },
];

export function buildReferralLink(origin: string, path: string, code: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('ref', code);
  return url.toString();
}
