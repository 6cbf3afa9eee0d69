// Composition root: the router, the one auth provider, and the routes. The query cache is
// provided per screen (lib/query-boundary) so it stays out of the landing page's initial bundle.
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { useI18n } from '@/lib/i18n/use-i18n';
import { ErrorBoundary } from './route-error';
import { AppRoutes } from './router';

function AuthWithNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AuthProvider
      onUserChanged={() => {
        // The previous user's cached data must never show to the next one.
        void import('@/lib/query-client').then((m) => m.queryClient.clear());
      }}
      onSignedOut={() => navigate('/', { replace: true })}
    >
      {children}
    </AuthProvider>
  );
}

function BrowserRouting({ children }: { children: ReactNode }) {
  // Navigations are urgent updates (no startTransition), so sign-out's "go to /" and "clear the user"
  // render together; as a transition, the guard of the old page could still see the cleared user
  // first and redirect to /auth. A screen whose chunk is still loading shows its Suspense fallback.
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
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
