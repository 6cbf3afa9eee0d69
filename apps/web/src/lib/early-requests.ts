// A returning user's first requests, sent before the app has started (issue 29, decision 0177). Under a
// phone's CPU the app takes about a second to load, render and read its stored session before it asks
// for anything; the page's entry script (boot.ts, app/first-requests.ts) can ask at once, with the
// session supabase-js stored, for what the first screen will ask: the profile and the screen's data.
// Each answer is kept here under its question and the token it was asked with. The app takes it once,
// when it asks the very same question with the very same token (call-function.ts, the auth provider);
// any other question, another token, or an answer not taken in time goes to the server as before.
import { functionRequest } from './function-request';
import type { Session } from '@supabase/supabase-js';

/** An answer the app has not taken by then is dropped: what the app asks later, it asks the server. */
const KEEP_MS = 20_000;

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
export function callEarly(session: Session, name: string, body: unknown): Promise<Response> {
  return keepEarly(
    callKey(name, body),
    session.access_token,
    fetch(...functionRequest(name, body, session.access_token)),
  );
}
