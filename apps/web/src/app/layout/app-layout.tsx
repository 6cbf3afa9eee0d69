// The layout around every screen: header, footer, toasts, scroll reset, the bug-report button for
// signed-in users, and the landing page's ?ref capture.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { deferredComponent } from '@/lib/deferred-component';
import { rememberReferralCode, rememberSignupFrom } from '@/lib/signup-context';
import { Footer } from './footer';
import { Header } from './header';
import { USE_CASE_LANDINGS } from './use-case-landings';

// Loaded after the first render (lib/deferred-component.tsx). sonner shows toasts raised before its
// Toaster mounted, so a screen that toasts on arrival does not wait for it.
const Toaster = deferredComponent(() => import('sonner').then((m) => m.Toaster));
const BugReportButton = deferredComponent(() =>
  Promise.all([import('@/features/report-bug/components/bug-report-button'), import('@/lib/query-boundary')]).then(
    ([m, boundary]) => boundary.withQueryClient(m.BugReportButton),
  ),
);

/**
 * Toasts sit top-right (SPEC §2) but below the sticky header (h-16): at sonner's default offset a
 * toast covered the balance chip and the profile menu for its 4 seconds.
 */
const TOAST_OFFSET = { top: 'calc(4rem + 12px)', right: 16 };

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
      <Toaster
        position="top-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        duration={4000}
        richColors
        closeButton
      />
      {user && <BugReportButton />}
    </div>
  );
}
