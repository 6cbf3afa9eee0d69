// The layout around every screen: header, footer, toasts, scroll reset, the bug-report button for
// signed-in users, and the landing page's ?ref capture.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { rememberReferralCode, rememberSignupFrom } from '@/lib/signup-context';
import { markToasterReady } from '@/lib/toaster-ready';
import { Footer } from './footer';
import { Header } from './header';
import { USE_CASE_LANDINGS } from './use-case-landings';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
const BugReportButton = lazy(() =>
  Promise.all([import('@/features/report-bug/components/bug-report-button'), import('@/lib/query-boundary')]).then(
    ([m, boundary]) => ({ default: boundary.withQueryClient(m.BugReportButton) }),
  ),
);

/**
 * Toasts sit top-right (SPEC §2) but below the sticky header (h-16): at sonner's default offset a
 * toast covered the balance chip and the profile menu for its 4 seconds.
 */
const TOAST_OFFSET = { top: 'calc(4rem + 12px)', right: 16 };

/** Rendered right after the Toaster: its effect runs once the Toaster's subscription exists. */
function ToasterMounted() {
  useEffect(() => markToasterReady(), []);
  return null;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** SPEC §2: a ?ref on the landing is only logged; we also keep it for the sign-up form. */
function LandingContext() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const ref = new URLSearchParams(search).get('ref');
    if (pathname === '/' && ref) {
      console.info('Referral code detected on landing:', ref);
      rememberReferralCode(ref);
    }
    // Remember which use-case landing the visitor came from; sign-up passes it on as `from`.
    if (USE_CASE_LANDINGS.includes(pathname)) rememberSignupFrom(pathname.slice(1));
  }, [pathname, search]);
  return null;
}

export function AppLayout() {
  const { user } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <LandingContext />
      <Header />
      {/* At least a screen tall: the footer starts below the first screen, so a screen that fills in after
          its data arrives never pushes a visible footer down (issue 29: CLS 0.15–0.58 on signed-in screens). */}
      <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
        <Outlet />
      </main>
      <Footer roomForBugButton={Boolean(user)} userId={user?.id ?? null} />
      <Suspense fallback={null}>
        <Toaster
          position="top-right"
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_OFFSET}
          duration={4000}
          richColors
          closeButton
        />
        <ToasterMounted />
      </Suspense>
      {user && (
        <Suspense fallback={null}>
          <BugReportButton />
        </Suspense>
      )}
    </div>
  );
}
