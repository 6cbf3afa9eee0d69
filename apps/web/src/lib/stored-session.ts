// The session supabase-js keeps in this browser's localStorage, read without supabase-js: by a returning
// user's page before the app has started (its first requests, early-requests.ts, decision 0177) and by
// the auth provider for its first state (auth.tsx, decision 0182). Both use it only when supabase-js will
// use it as it is; in every other case supabase-js reads it and decides.
import type { Session } from '@supabase/supabase-js';
import { appConfig } from './app-config';
import { authStorageKey } from './supabase-ready';

/**
 * A token that expires within supabase-js's refresh margin (90 s) is not used: the client renews it
 * as it starts, and the app's requests would carry another token than the early ones.
 */
const REFRESH_MARGIN_MS = 90_000;

function claim(jwt: string, name: string): unknown {
  const payload = jwt.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  return (JSON.parse(json) as Record<string, unknown>)[name];
}

/**
 * The session supabase-js stored in this browser, if the app will use it as it is: not about to
 * expire, and not waiting for a second factor (a user with a verified factor signed in at aal1 gives
 * the code first; the server would refuse their data anyway). Null in every other case, and where
 * there is no storage (the build-time render).
 */
export function readStoredSession(now = Date.now()): Session | null {
  // Without an inlined configuration (vite dev) the API's address is not known yet.
  if (!appConfig.anonKey) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(authStorageKey(appConfig.supabaseUrl)) ?? 'null') as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown; factors?: { status?: unknown }[] | null };
    } | null;
    const token = stored?.access_token;
    const userId = stored?.user?.id;
    // What supabase-js itself requires of a stored session before it uses it.
    if (typeof token !== 'string' || typeof stored?.refresh_token !== 'string') return null;
    if (typeof userId !== 'string' || typeof stored.expires_at !== 'number') return null;
    if (stored.expires_at * 1000 - REFRESH_MARGIN_MS <= now) return null;
    const secondFactor = (stored.user?.factors ?? []).some((f) => f?.status === 'verified');
    if (secondFactor && claim(token, 'aal') !== 'aal2') return null;
    return stored as unknown as Session;
  } catch {
    return null; // no storage, or not a session supabase-js wrote: the app reads it and decides
  }
}
