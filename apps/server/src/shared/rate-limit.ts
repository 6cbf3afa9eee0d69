// Fixed-window rate limiting backed by private.rate_limits, so the limit is shared by every
// server process. Callers pick a key (e.g. `token:ip:1.2.3.4`) and a budget per window.
import type { Db } from '@tagledger/db';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit; true when the hit is within the budget. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
}

export function createRateLimiter(db: Db, enabled: boolean): RateLimiter {
  let lastSweep = 0;
  return {
    async hit(key, rule) {
      if (!enabled) return true;
      const { rows } = await db.query<{ hits: number }>(
        `insert into private.rate_limits (key, window_start, hits)
         values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
         on conflict (key, window_start) do update set hits = private.rate_limits.hits + 1
         returning hits`,
        [key, rule.windowSeconds],
      );
      const now = Date.now();
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        await db.query(`delete from private.rate_limits where window_start < now() - interval '1 day'`);
      }
      return (rows[0]?.hits ?? 0) <= rule.limit;
    },
  };
}
