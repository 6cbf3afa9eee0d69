// The app's routes, named: every link and navigation builds its address here (paths.asset(id),
// paths.verify(serial)), so a renamed route is one edit and a typo is a type error. The patterns
// the router matches stand beside the builders that fill them (routePatterns).

import { digitalLinkPath } from '@tagledger/functions-api';

/** Route patterns with parameters, as the router declares them. */
export const routePatterns = {
  publicAsset: '/public-assets/:id',
  asset: '/assets/:id',
  transferOffer: '/transfers/:id',
  verify: '/verify/:serialNumber',
  /** GS1 Digital Link: /01/{gtin} with its qualifiers (decision 0140). */
  unitScan: '/01/*',
} as const;

export const paths = {
  home: '/',
  // Signing in and up
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  businessAuth: '/business-auth',
  influencerSignup: '/influencer-signup',
  authCallback: '/auth/callback',
  checkEmail: '/check-email',
  /** The "check your e-mail" screen for an address (and whatever else the query carries). */
  checkEmailWith: (query: URLSearchParams | Record<string, string>) =>
    `/check-email?${new URLSearchParams(query).toString()}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unauthorized: '/unauthorized',
  // Public pages
  businessUpgrade: '/business-upgrade',
  launch: '/launch',
  dao: '/dao',
  generalTagging: '/general-tagging',
  nftTagging: '/nft-tagging',
  mywillTagging: '/mywill-tagging',
  businessTagging: '/business-tagging',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  gdprCompliance: '/gdpr-compliance',
  dataProcessingAgreement: '/data-processing-agreement',
  support: '/support',
  faq: '/faq',
  aboutUs: '/about-us',
  careers: '/careers',
  documentation: '/documentation',
  publicAssets: '/public-assets',
  publicAsset: (id: string) => `/public-assets/${id}`,
  verify: (serial: string) => `/verify/${encodeURIComponent(serial)}`,
  /** A unit's GS1 Digital Link scan page, as printed on its label: /01/{14-digit GTIN}/21/{serial}. */
  unitScan: (gtin: string, serial: string) => digitalLinkPath(gtin, serial),
  startTagging: '/start-tagging',
  contactConfirm: '/contact/confirm',
  /** A transfer offer's page, the link in its mail. */
  transferOffer: (id: string) => `/transfers/${encodeURIComponent(id)}`,
  mailPreferences: '/mail-preferences',
  // Signed in
  dashboard: '/dashboard',
  news: '/news',
  tag: '/tag',
  /** The tagging screen with a kind chosen. */
  tagKind: (kind: string) => `/tag?kind=${encodeURIComponent(kind)}`,
  assets: '/assets',
  asset: (id: string) => `/assets/${id}`,
  wallet: '/wallet',
  walletBuyTokens: '/wallet#buy-tokens',
  profile: '/profile',
  settings: '/settings',
  nok: '/nok',
  nokAccept: '/nok/accept',
  legacy: '/legacy',
  referrals: '/referrals',
  contactBlock: (messageId: string) => `/contact/block?message=${encodeURIComponent(messageId)}`,
  contactReport: (messageId: string) => `/contact/report?message=${encodeURIComponent(messageId)}`,
  // By role
  businessDashboard: '/business-dashboard',
  businessProfile: '/business/profile',
  businessProducts: '/business/products',
  businessProductNew: '/business/products/new',
  businessProduct: (id: string) => `/business/products/${id}`,
  businessProductEdit: (id: string) => `/business/products/${id}/edit`,
  businessAnalytics: '/business/analytics',
  adminDashboard: '/admin-influencer-dashboard',
  bugReports: '/bug-reports',
  newsManagement: '/news-management',
  admin: '/admin',
  moderator: '/moderator',
} as const;
