// The one auth state of the app (SPEC §4). One provider subscribes to supabase-js auth events;
// every component reads the state through useAuth(). supabase-js is imported dynamically: with a
// stored session at once, otherwise only when a screen needs it (see supabase-ready.ts), so the
// landing page never downloads it for visitors.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { appConfig } from './app-config';
import { forgetLocaleCookie } from './i18n/locales';
import { fetchProfile, type UserProfile } from './profile';
import { readStoredSession } from './stored-session';
import type { SupabaseClient } from './supabase';
import { authStorageKey, whenClientLoads } from './supabase-ready';
import { isHydrating } from './use-hydrated';

export interface AuthState {
  user: User | null;
  session: Session | null;
  profile: UserProfile | null;
  /** True while a sign-in / refresh is fetching the profile. */
  loading: boolean;
  /** False until the stored session (or its absence) is known; the profile may still be loading then. */
  initialized: boolean;
  /** Signed in with a password but a verified TOTP factor still needs its code (aal1 → aal2). */
  mfaPending: boolean;
}

export interface SignOutOptions {
  /**
   * The server has already ended every session (the account was deleted): only this browser's
   * state is cleared. Asking /logout would get GoTrue's 403 user_not_found, which the browser logs
   * as an error for what is the expected end of the flow.
   */
  sessionsEndedByServer?: boolean;
}

export interface AuthContextValue extends AuthState {
  signOut(options?: SignOutOptions): Promise<void>;
  refreshProfile(): Promise<UserProfile | null>;
}

/**
 * Whether what the profile says (name, role, business flag) is known: false while a signed-in user's
 * profile is still being read, so a view that differs by it waits rather than showing a guess and
 * changing (a standard user's links, then an admin's). Null once known means the standard role.
 */
export function profileKnown(auth: Pick<AuthState, 'user' | 'profile' | 'loading' | 'initialized'>): boolean {
  return auth.initialized && !(auth.user && auth.loading && !auth.profile);
}

export const loadSupabase = (): Promise<SupabaseClient> => import('./supabase').then((m) => m.supabase);

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Storage is cleared on sign-out (SPEC §4): no tokens, drafts or referral codes outlive the session,
 * nor the account's language (the next page follows the browser's again, as the app does).
 */
function clearBrowserStorage() {
  forgetLocaleCookie();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    /* storage can be unavailable (privacy mode); nothing to clear then */
  }
}

function hasStoredSession(storageKey: string): boolean {
  try {
    return localStorage.getItem(storageKey) !== null;
  } catch {
    return true; // storage unreadable: let supabase-js decide
  }
}

const SIGNED_OUT: AuthState = {
  user: null,
  session: null,
  profile: null,
  loading: false,
  initialized: true,
  mfaPending: false,
};

/**
 * The state the app starts in. With a session stored in this browser that supabase-js will use as it is
 * (not about to be refreshed, no second factor pending: lib/stored-session.ts), the user is known at the
 * first render, and a signed-in screen renders at once instead of after supabase-js has loaded and
 * reported it (issue 29: one render of the whole app fewer before the screen's data shows). supabase-js
 * still has the last word: its first event confirms that session, or replaces or ends it. A prerendered
 * page being hydrated starts signed out, as it was built.
 */
function startingState(): AuthState {
  const session = isHydrating() ? null : readStoredSession();
  if (!session) return { ...SIGNED_OUT, loading: true, initialized: false };
  return { user: session.user, session, profile: null, loading: true, initialized: true, mfaPending: false };
}

/**
 * A stored session's user is reported once, whichever comes first: the app starting with it
 * (startingState) or supabase-js's first event.
 */
function reportOnce(reported: { current: string | null }, userId: string, report?: (userId: string) => void) {
  if (reported.current === userId) return;
  reported.current = userId;
  report?.(userId);
}

interface AuthProviderProps {
  children: ReactNode;
  /** Called after sign-out finished (successfully or not); the app navigates to '/'. */
  onSignedOut?: () => void;
  /** Called after the cache of the previous user must go (sign-out, user switch). */
  onUserChanged?: () => void;
  /**
   * A stored session was found at page load (and needs no second factor): called before the profile is
   * read, so the screen's data can be asked for at the same time (app/screens.ts, prefetchScreenData).
   */
  onStoredSession?: (userId: string) => void;
}

export function AuthProvider({ children, onSignedOut, onUserChanged, onStoredSession }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(startingState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const seq = useRef(0);
  const activityFor = useRef<string | null>(null);
  /** The user whose stored session was reported to onStoredSession (reportOnce). */
  const storedSessionReported = useRef<string | null>(null);
  const callbacks = useRef({ onSignedOut, onUserChanged, onStoredSession });
  callbacks.current = { onSignedOut, onUserChanged, onStoredSession };

  const handleEvent = useCallback(async (client: SupabaseClient, event: AuthChangeEvent, session: Session | null) => {
    const mine = ++seq.current;
    if (!session?.user) {
      if (stateRef.current.user) callbacks.current.onUserChanged?.();
      // A real sign-out (ours, another tab's, or a dead refresh token) wipes storage; the first
      // "no session" event on page load must not, or it would erase the PKCE verifier and ?ref.
      if (event === 'SIGNED_OUT') clearBrowserStorage();
      // A transition, as navigations and our own sign-out are (app/provider.tsx): supabase-js reports
      // our sign-out too, after signOut() below has started its "go to /" with the cleared user. An
      // urgent "no user" would render first, on the page being left, whose guard would send the
      // visitor to /auth; as a transition on the same state it is entangled with that one and renders with it.
      startTransition(() => setState(SIGNED_OUT));
      return;
    }
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (mine !== seq.current) return;
    if (aal?.currentLevel === 'aal1' && aal.nextLevel === 'aal2') {
      setState({ ...SIGNED_OUT, mfaPending: true });
      return;
    }
    if (event === 'INITIAL_SESSION')
      reportOnce(storedSessionReported, session.user.id, callbacks.current.onStoredSession);
    const previous = stateRef.current;
    const sameUser = previous.user?.id === session.user.id;
    if (!sameUser && previous.user) callbacks.current.onUserChanged?.();
    // supabase-js confirming the very session the app started with (startingState): nothing to render.
    const confirmed =
      event === 'INITIAL_SESSION' && sameUser && previous.session?.access_token === session.access_token;
    // The user is known now, the profile a round trip later: a screen that needs only a signed-in user
    // renders at once (its data was asked for above), and what needs the profile waits for it
    // (route-guard.tsx, profileKnown below). Waiting here held every signed-in screen's first render
    // for that round trip (issue 29).
    if (!confirmed)
      setState({
        user: session.user,
        session,
        profile: sameUser ? previous.profile : null,
        loading: true,
        initialized: true,
        mfaPending: false,
      });
    const profile = await fetchProfile(client, session.user.id);
    if (mine !== seq.current) return;
    setState({ user: session.user, session, profile, loading: false, initialized: true, mfaPending: false });
    if (event === 'SIGNED_IN' && activityFor.current !== session.user.id) {
      activityFor.current = session.user.id;
      const { error } = await client.rpc('update_user_activity');
      if (error) console.warn('update_user_activity failed:', error.message);
    }
  }, []);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const subscribe = (client: SupabaseClient) => {
      if (cancelled || unsubscribe) return;
      const { data } = client.auth.onAuthStateChange((event, session) => {
        // supabase-js holds its auth lock while listeners run; calling it from inside deadlocks.
        setTimeout(() => void handleEvent(client, event, session), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    };
    const stopWaiting = whenClientLoads(subscribe);
    const load = () =>
      loadSupabase().catch((err: unknown) => {
        console.error('Auth could not start:', err);
        if (!cancelled) setState(SIGNED_OUT);
      });

    // The app started with the stored session's user: its screen's data is asked for now, not once
    // supabase-js has loaded and confirmed it.
    const started = stateRef.current.user;
    if (started) reportOnce(storedSessionReported, started.id, callbacks.current.onStoredSession);

    const storageKey = authStorageKey(appConfig.supabaseUrl);
    const onStorage = (e: StorageEvent) => {
      // Another tab signed in: load the client, which reports the new session.
      if (e.key === storageKey && e.newValue) void load();
    };
    if (hasStoredSession(storageKey)) {
      void load();
    } else {
      // No stored session: signed out, known at once, without downloading supabase-js. A screen that
      // needs the client (sign-in, callbacks, data) loads it, and we subscribe then.
      setState(SIGNED_OUT);
      window.addEventListener('storage', onStorage);
    }
    return () => {
      cancelled = true;
      stopWaiting();
      window.removeEventListener('storage', onStorage);
      unsubscribe?.();
    };
  }, [handleEvent]);

  const signOut = useCallback(async (options: SignOutOptions = {}) => {
    try {
      if (!options.sessionsEndedByServer) {
        const client = await loadSupabase();
        const { error } = await client.auth.signOut();
        if (error) console.warn('Sign-out error (signed out locally anyway):', error.message);
      }
    } catch (err) {
      console.warn('Sign-out failed (signed out locally anyway):', err);
    } finally {
      seq.current++;
      activityFor.current = null;
      clearBrowserStorage();
      callbacks.current.onUserChanged?.();
      // One transition for both: the router's navigations are transitions (app/provider.tsx), and an
      // urgent "no user" rendered first would let the signed-in page's guard send the visitor to /auth.
      startTransition(() => {
        setState(SIGNED_OUT);
        callbacks.current.onSignedOut?.();
      });
    }
  }, []);

  const refreshProfile = useCallback(async () => {
    const user = stateRef.current.user;
    if (!user) return null;
    const client = await loadSupabase();
    const profile = await fetchProfile(client, user.id);
    setState((s) => (s.user?.id === user.id ? { ...s, profile } : s));
    return profile;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signOut, refreshProfile }),
    [state, signOut, refreshProfile],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** A fixed auth state, for component tests and stories (no supabase involved). */
export function StaticAuthProvider({ value, children }: { value: Partial<AuthContextValue>; children: ReactNode }) {
  const full: AuthContextValue = {
    ...SIGNED_OUT,
    signOut: async () => {},
    refreshProfile: async () => null,
    ...value,
  };
  return <AuthContext.Provider value={full}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
