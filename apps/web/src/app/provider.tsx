// Composition root: the router, the one auth provider, and the routes. The query cache is
// provided per screen (lib/query-boundary) so it stays out of the landing page's initial bundle.
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { useI18n } from '@/lib/i18n/use-i18n';
import { ErrorBoundary } from './route-error';
import { AppRoutes } from './router';
import { prefetchScreenData } from './screens';

function AuthWithNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AuthProvider
      onUserChanged={() => {
        // The previous user's cached data must never show to the next one.
        void import('@/lib/query-client').then((m) => m.queryClient.clear());
      }}
      onSignedOut={() => navigate('/', { replace: true })}
      // The first screen's data, asked for while the profile is read (issue 29).
      onStoredSession={(userId) => void prefetchScreenData(window.location.pathname, userId)}
    >
      {children}
    </AuthProvider>
  );
}

function BrowserRouting({ children }: { children: ReactNode }) {
  // Navigations are transitions: a click's task ends, and the browser paints its feedback (the pending
  // bar, router.tsx), before the next screen renders, in slices that let it paint again (INP, issue 29).
  // The screen on show stays until the next one is ready. Sign-out clears the user inside the same
  // transition as its "go to /" (lib/auth.tsx), so the old page's guard never sees the cleared user alone.
  return <BrowserRouter useTransitions>{children}</BrowserRouter>;
}

/** `Router` is the browser's history; the build-time render (src/prerender.tsx) passes a static one. */
export function AppProvider({ Router = BrowserRouting }: { Router?: ComponentType<{ children: ReactNode }> }) {
  // Components read messages from the Lingui instance as they render; a new language remounts the
  // screens under the auth state, so every text, date and number is rendered again in it.
  const { locale } = useI18n();
  return (
    <Router>
      <ErrorBoundary>
        <AuthWithNavigation>
          <AppRoutes key={locale} />
        </AuthWithNavigation>
      </ErrorBoundary>
    </Router>
  );
}
