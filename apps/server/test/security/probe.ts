// What each API makes of one bearer token: the security suites call every API with the same
// token and compare the four answers at once, so a hole in any one of them shows.
import { registerFunction } from '../../src/functions/routes.js';

/** A function that requires a verified JWT and says whom it was called by. */
export const WHOAMI = 'security-whoami';

export function registerWhoami(): () => void {
  return registerFunction({
    name: WHOAMI,
    verifyJwt: true,
    async handler({ principal }) {
      return { role: principal.role, userId: principal.userId ?? null };
    },
  });
}

export interface ApiAnswers {
  rest: string;
  storage: string;
  functions: string;
  auth: string;
}

/** "ok…" for a 200, else "<status> <the body's error field>". */
async function answer(
  res: Response,
  ok: (body: Record<string, unknown>) => string,
  errorField = 'code',
): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 200) return ok(body);
  return `${res.status} ${String(body[errorField])}`;
}

/**
 * Calls /rest/v1, /storage/v1, /functions/v1 and /auth/v1/user with `token` as the bearer
 * (and `apiKey` as the API key). 200 answers read "ok" (functions: "ok <role> <userId>").
 */
export async function probe(url: string, apiKey: string, token: string): Promise<ApiAnswers> {
  const headers = { apikey: apiKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' };
  const [rest, storage, functions, auth] = await Promise.all([
    fetch(`${url}/rest/v1/user_profiles?select=id&limit=1`, { headers }),
    fetch(`${url}/storage/v1/bucket`, { headers }),
    fetch(`${url}/functions/v1/${WHOAMI}`, { method: 'POST', headers }),
    fetch(`${url}/auth/v1/user`, { headers }),
  ]);
  return {
    rest: await answer(rest, () => 'ok'),
    storage: await answer(storage, () => 'ok'),
    functions: await answer(functions, (b) => `ok ${String(b.role)} ${String(b.userId)}`, 'message'),
    auth: await answer(auth, () => 'ok'),
  };
}

/** The answers to a token that verifies but whose session has ended (or whose user is banned). */
export function refusedBecause(authCode: 'session_not_found' | 'user_banned' | 'user_not_found'): ApiAnswers {
  return { rest: '401 PGRST303', storage: '400 AccessDenied', functions: '401 Invalid JWT', auth: `403 ${authCode}` };
}

export function allowedFor(userId: string): ApiAnswers {
  return { rest: 'ok', storage: 'ok', functions: `ok authenticated ${userId}`, auth: 'ok' };
}
