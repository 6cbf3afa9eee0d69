// The five destinations a referral link can point at (landing pages and the influencer sign-up).
import { paths } from '@/config/paths';

export interface ReferralDestination {
  path: string;
  label: string;
}

export const REFERRAL_DESTINATIONS: ReferralDestination[] = [
  { path: paths.generalTagging, label: /*i18n*/ 'General tagging (recommended)' },
  { path: paths.nftTagging, label: /*i18n*/ 'Digital assets & NFT' },
  { path: paths.mywillTagging, label: /*i18n*/ 'MyWill & legacy' },
  { path: paths.businessTagging, label: /*i18n*/ 'Business & inventory' },
  { path: paths.influencerSignup, label: /*i18n*/ 'Influencer sign-up' },
];

export function buildReferralLink(origin: string, path: string, code: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('ref', code);
  return url.toString();
}
