// The one route guard (SPEC §6). `decideAccess` is the pure rule set; <RouteGuard> applies it as a
// layout route. The UI only hides; the database decides what a user may actually read or change.
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { profileKnown, useAuth, type AuthState } from '@/lib/auth';
import { type Role } from '@/lib/profile';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export interface GuardRequirement {
  /** Only admins (admin-influencer equals admin). */
  adminOnly?: boolean;
  /** Moderators or admins. */
  moderation?: boolean;
  /** Users with the business flag. */
  business?: boolean;
  /** This exact role. */
  role?: Role;
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'loading'; text: string }
  | { kind: 'redirect'; to: typeof paths.auth | typeof paths.unauthorized | typeof paths.businessUpgrade };

type GuardState = Pick<AuthState, 'user' | 'profile' | 'loading' | 'initialized'>;

export function decideAccess(auth: GuardState, req: GuardRequirement): AccessDecision {
  // A token refresh sets `loading` while a user is already shown; keep the screen mounted then.
  if (!auth.initialized || (auth.loading && !auth.user)) return { kind: 'loading', text: i18n._('Loading...') };
  if (!auth.user) return { kind: 'redirect', to: paths.auth };
  const needsProfile = Boolean(req.adminOnly || req.moderation || req.business || req.role);
  // The same words as before the session was known: the status a restricted screen shows while its
  // user, then its profile, is read is one, which neither changes nor moves (CLS, issue 29).
  if (needsProfile && !profileKnown(auth)) return { kind: 'loading', text: i18n._('Loading...') };
  // A missing profile (or one that timed out) means the standard role and no flags.
  const role: Role = auth.profile?.role ?? 'standard';
  if (req.adminOnly && role !== 'admin') return { kind: 'redirect', to: paths.unauthorized };
  if (req.moderation && role !== 'moderator' && role !== 'admin') return { kind: 'redirect', to: paths.unauthorized };
  if (req.business && auth.profile?.is_business_user !== true) return { kind: 'redirect', to: paths.businessUpgrade };
  if (req.role && role !== req.role) return { kind: 'redirect', to: paths.unauthorized };
  return { kind: 'allow' };
}

/** Where the sign-in screen sends the user back to (set by the guard's redirect). */
export interface ReturnToState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function LoadingScreen({ text, fullHeight = false }: { text?: string; fullHeight?: boolean }) {
  text ??= i18n._('Loading...');
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 ${fullHeight ? 'min-h-[calc(100vh-4rem)]' : 'min-h-[50vh]'}`}
    >
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-blue-600 border-t-transparent"
      />
      <p className="text-sm text-slate-600">{text}</p>
    </div>
  );
}

export function RouteGuard(props: GuardRequirement) {
  const auth = useAuth();
  const location = useLocation();
  const decision = decideAccess(auth, props);
  if (decision.kind === 'loading') return <LoadingScreen text={decision.text} />;
  if (decision.kind === 'redirect') {
    const state: ReturnToState | undefined =
      decision.to === paths.auth
        ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
        : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}
