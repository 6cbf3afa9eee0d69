// The route table (SPEC §2). Every screen is its own lazily loaded chunk; guards are layout routes
// (route-guard.tsx) so one component decides access for a whole group. Each screen gets its own
// error boundary, so a crash shows a recoverable error view inside the normal layout.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteErrorView } from './route-error';
import { RouteGuard } from './route-guard';

type Module = { default: ComponentType };

function screen(path: string, importer: () => Promise<Module>): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: (await importer()).default }),
    ErrorBoundary: RouteErrorView,
  };
}

const marketing = {
  landing: () => import('@/features/marketing/routes/landing-page'),
  generalTagging: () => import('@/features/marketing/routes/general-tagging-page'),
  nftTagging: () => import('@/features/marketing/routes/nft-tagging-page'),
  mywillTagging: () => import('@/features/marketing/routes/mywill-tagging-page'),
  businessTagging: () => import('@/features/marketing/routes/business-tagging-page'),
  launch: () => import('@/features/marketing/routes/launch-page'),
  dao: () => import('@/features/marketing/routes/dao-page'),
  unauthorized: () => import('@/features/marketing/routes/unauthorized-page'),
  businessUpgrade: () => import('@/features/marketing/routes/business-upgrade-page'),
};

const authPage = () => import('@/features/auth/routes/auth-page');

export const publicRoutes: RouteObject[] = [
  screen('/', marketing.landing),
  screen('/auth', authPage),
  screen('/login', authPage),
  screen('/signup', authPage),
  screen('/business-auth', authPage),
  screen('/influencer-signup', authPage),
  screen('/auth/callback', () => import('@/features/auth/routes/auth-callback-page')),
  screen('/check-email', () => import('@/features/auth/routes/check-email-page')),
  screen('/forgot-password', () => import('@/features/auth/routes/forgot-password-page')),
  screen('/reset-password', () => import('@/features/auth/routes/reset-password-page')),
  screen('/unauthorized', marketing.unauthorized),
  screen('/business-upgrade', marketing.businessUpgrade),
  screen('/launch', marketing.launch),
  screen('/dao', marketing.dao),
  screen('/general-tagging', marketing.generalTagging),
  screen('/nft-tagging', marketing.nftTagging),
  screen('/mywill-tagging', marketing.mywillTagging),
  screen('/business-tagging', marketing.businessTagging),
  screen('/privacy-policy', () => import('@/features/marketing/routes/privacy-policy-page')),
  screen('/terms-of-service', () => import('@/features/marketing/routes/terms-of-service-page')),
  screen('/cookie-policy', () => import('@/features/marketing/routes/cookie-policy-page')),
  screen('/gdpr-compliance', () => import('@/features/marketing/routes/gdpr-compliance-page')),
  screen('/data-processing-agreement', () => import('@/features/marketing/routes/data-processing-agreement-page')),
  screen('/support', () => import('@/features/marketing/routes/support-page')),
  screen('/faq', () => import('@/features/marketing/routes/faq-page')),
  screen('/about-us', () => import('@/features/marketing/routes/about-us-page')),
  screen('/careers', () => import('@/features/marketing/routes/careers-page')),
  screen('/documentation', () => import('@/features/marketing/routes/documentation-page')),
  screen('/public-assets', () => import('@/features/assets/routes/public-assets-page')),
  screen('/public-assets/:id', () => import('@/features/assets/routes/public-asset-page')),
  screen('/verify/:serialNumber', () => import('@/features/assets/routes/verify-page')),
];

/** Signed in, any role. /news is listed as public in SPEC §2 but wrapped in the guard, so it needs sign-in. */
export const signedInRoutes: RouteObject[] = [
  screen('/dashboard', () => import('./routes/dashboard-page')),
  screen('/news', () => import('@/features/news/routes/news-page')),
  screen('/tag', () => import('@/features/assets/routes/tag-page')),
  screen('/assets', () => import('@/features/assets/routes/assets-page')),
  screen('/assets/:id', () => import('@/features/assets/routes/asset-detail-page')),
  screen('/wallet', () => import('@/features/wallet/routes/wallet-page')),
  screen('/profile', () => import('@/features/account/routes/profile-page')),
  screen('/settings', () => import('@/features/account/routes/settings-page')),
  screen('/nok', () => import('@/features/nok/routes/nok-page')),
  screen('/referrals', () => import('@/features/referrals/routes/referrals-page')),
];

export const businessRoutes: RouteObject[] = [
  screen('/business-dashboard', () => import('@/features/business/routes/business-dashboard-page')),
];

export const adminRoutes: RouteObject[] = [
  screen('/admin-influencer-dashboard', () => import('@/features/admin/routes/admin-dashboard-page')),
  screen('/bug-reports', () => import('@/features/bug-reports/routes/bug-reports-page')),
  screen('/news-management', () => import('@/features/news/routes/news-management-page')),
  screen('/admin', () => import('@/features/panels/routes/admin-panel-page')),
];

export const moderationRoutes: RouteObject[] = [
  screen('/moderator', () => import('@/features/panels/routes/moderator-panel-page')),
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    ErrorBoundary: RouteErrorView,
    children: [
      ...publicRoutes,
      { element: <RouteGuard />, children: signedInRoutes },
      { element: <RouteGuard business />, children: businessRoutes },
      { element: <RouteGuard adminOnly />, children: adminRoutes },
      { element: <RouteGuard moderation />, children: moderationRoutes },
      { path: '/influencer-referrals', element: <Navigate to="/referrals" replace /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
