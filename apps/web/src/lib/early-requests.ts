// A returning user's first requests, sent before the app has started (issue 29, decision 0177). Under a
// phone's CPU the app takes about a second to load, render and read its stored session before it asks
// for anything; the page's entry script (boot.ts, app/first-requests.ts) can ask at once, with the
// session supabase-js stored, for what the first screen will ask: the profile and the screen's data.
// Each answer is kept here under its question and the token it was asked with. The app takes it once,
// when it asks the very same question with the very same token (call-function.ts, the auth provider);
// any other question, another token, or an answer not taken in time goes to the server as before.
import { appConfig } from './app-config';
import { functionRequest } from './function-request';
import { authStorageKey } from './supabase-ready';

export interface StoredSession {
  accessToken: string;
  userId: string;
}

/**
 * A token that expires within supabase-js's refresh margin (90 s) is not used: the client renews it
 * as it starts, and the app's requests would carry another token than the early ones.
 */
const REFRESH_MARGIN_MS = 90_000;
/** An answer the app has not taken by then is dropped: what the app asks later, it asks the server. */
const KEEP_MS = 20_000;

function claim(jwt: string, name: string): unknown {
  const payload = jwt.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  return (JSON.parse(json) as Record<string, unknown>)[name];
}

/**
 * The session supabase-js stored in this browser, if the app will use it as it is: not about to
 * expire, and not waiting for a second factor (a user with a verified factor signed in at aal1 gives
 * the code first; the server would refuse their data anyway). Null in every other case.
 */
export function readStoredSession(now = Date.now()): StoredSession | null {
  // Without an inlined configuration (vite dev) the API's address is not known yet.
  if (!appConfig.anonKey) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(authStorageKey(appConfig.supabaseUrl)) ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown; factors?: { status?: unknown }[] | null };
    } | null;
    const token = stored?.access_token;
    const userId = stored?.user?.id;
    if (typeof token !== 'string' || typeof userId !== 'string' || typeof stored?.expires_at !== 'number') return null;
    if (stored.expires_at * 1000 - REFRESH_MARGIN_MS <= now) return null;
    const secondFactor = (stored.user?.factors ?? []).some((f) => f?.status === 'verified');
    if (secondFactor && claim(token, 'aal') !== 'aal2') return null;
    return { accessToken: token, userId };
  } catch {
    return null; // no storage, or not a session supabase-js wrote: the app reads it and decides
  }
}

interface EarlyAnswer {
  token: string;
  answer: Promise<unknown>;
  askedAt: number;
}

const answers = new Map<string, EarlyAnswer>();

/** Keeps `answer` as the one to the question `key` asked with `token`. */
export function keepEarly<T>(key: string, token: string, answer: Promise<T>): Promise<T> {
  // A failure is the taker's to handle; one never taken must not be reported as unhandled.
  answer.catch(() => undefined);
  answers.set(key, { token, answer, askedAt: performance.now() });
  return answer;
}

/** The early answer to `key` asked with `token`, once; null when there is none to use. */
export function takeEarly<T>(key: string, token: string | undefined): Promise<T> | null {
  const early = answers.get(key);
  if (!early) return null;
  answers.delete(key);
  if (early.token !== token || performance.now() - early.askedAt > KEEP_MS) return null;
  return early.answer as Promise<T>;
}

/** The question of a server function call: its name and its body, as callFunction sends them. */
export const callKey = (name: string, body: unknown): string => `call ${name} ${JSON.stringify(body ?? {})}`;

/** Sends a server function call now, with the stored session's token, and keeps its answer. */
export function callEarly(session: StoredSession, name: string, body: unknown): Promise<Response> {
  return keepEarly(
    callKey(name, body),
    session.accessToken,
    fetch(...functionRequest(name, body, session.accessToken)),
  );
}
