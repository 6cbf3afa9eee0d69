// Is a user token's session still alive? Access tokens live an hour, but a sign-out, a ban or a
// password change ends the session in the database at once; every API asks this before it
// honours a user token. The answer is one primary-key lookup, remembered per process for a short
// time (SESSION_CHECK_CACHE_SECONDS, at most 10 s) so a busy session costs one query per period
// instead of one per request. The database is the only source of truth, so a revocation made
// through any server is honoured by every server once its remembered answer runs out.
import type { Db } from '@tagledger/db';

export type SessionVerdict = 'alive' | 'user_not_found' | 'session_not_found' | 'user_banned';

export interface SessionLiveness {
  /** The verdict, from the cache unless `fresh` (the auth service reads it now). */
  check(userId: string, sessionId: string, opts?: { fresh?: boolean }): Promise<SessionVerdict>;
}

/** A bound on remembered sessions; past it the cache starts over (each entry is re-read once). */
const MAX_ENTRIES = 20_000;

export function createSessionLiveness(db: Db, cacheSeconds: number): SessionLiveness {
  const cacheMs = cacheSeconds * 1000;
  // The pending or settled answer per user+session; concurrent requests share one query.
  const cache = new Map<string, { verdict: Promise<SessionVerdict>; expiresAt: number }>();

  async function read(userId: string, sessionId: string): Promise<SessionVerdict> {
    const { rows } = await db.query<{ banned: boolean; session_alive: boolean }>(
      `select (u.banned_until is not null and u.banned_until > now()) as banned,
              exists (select 1 from auth.sessions s
                       where s.id = $2 and s.user_id = u.id and (s.not_after is null or s.not_after > now())) as session_alive
         from auth.users u
        where u.id = $1 and u.deleted_at is null`,
      [userId, sessionId],
    );
    const row = rows[0];
    if (!row) return 'user_not_found';
    if (!row.session_alive) return 'session_not_found';
    return row.banned ? 'user_banned' : 'alive';
  }

  return {
    check(userId, sessionId, opts = {}) {
      const key = `${userId}/${sessionId}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (!opts.fresh && hit && now < hit.expiresAt) return hit.verdict;
      const verdict = read(userId, sessionId);
      if (cacheMs > 0) {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        const entry = { verdict, expiresAt: now + cacheMs };
        cache.set(key, entry);
        // A failed lookup (database down) is not remembered.
        verdict.catch(() => {
          if (cache.get(key) === entry) cache.delete(key);
        });
      }
      return verdict;
    },
  };
}
