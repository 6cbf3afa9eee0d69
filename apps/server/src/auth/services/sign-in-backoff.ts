// Password sign-in backoff (security issue, hole 7). Failures are counted per (client address,
// e-mail) and per address in private.sign_in_failures, never per e-mail alone: a per-e-mail
// budget let anyone lock the owner out by failing 30 times from anywhere. Now
//   - an (address, e-mail) pair gets FREE_FAILURES tries, then waits 30 s, 1, 2, 4 … minutes (at
//     most MAX_BACKOFF_SECONDS) before each further attempt — right or wrong, so the wait cannot
//     be used to test guesses;
//   - an address with more than MAX_FAILURES_PER_IP failures across all e-mails in the window
//     (password spraying) is refused for every e-mail until its failures age out;
//   - the owner signing in from an address that has not been failing is never refused.
// A successful sign-in clears the pair's count. RATE_LIMITS=off turns this off with the limits.
import type { AppContext } from '../../shared/context.js';
import { AuthError } from '../errors.js';

export const FREE_FAILURES = 4;
/** The first wait; each further failure doubles it. */
export const FIRST_BACKOFF_SECONDS = 30;
export const MAX_BACKOFF_SECONDS = 15 * 60;
/** Failures older than this are forgotten (the pair starts again with free tries). */
export const FAILURE_WINDOW_SECONDS = 60 * 60;
export const MAX_FAILURES_PER_IP = 100;

function tooMany(seconds: number): AuthError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AuthError(429, 'over_request_rate_limit', `Too many failed sign-in attempts. Please try again in ${wait} seconds.`, {
    retry_after: wait,
  });
}

/** Throws 429 over_request_rate_limit while this address must wait (for this e-mail or for all). */
export async function assertSignInAllowed(ctx: AppContext, ip: string, email: string): Promise<void> {
  if (!ctx.config.rateLimitsEnabled) return;
  const { rows } = await ctx.db.query<{ pair_wait: number | null; ip_failures: number; ip_wait: number | null }>(
    `select (select extract(epoch from blocked_until - now())::float8 from private.sign_in_failures
              where ip = $1 and email = $2 and blocked_until > now()) as pair_wait,
            coalesce(sum(failures), 0)::int as ip_failures,
            extract(epoch from min(last_failure_at) + make_interval(secs => $3::float8) - now())::float8 as ip_wait
       from private.sign_in_failures
      where ip = $1 and last_failure_at > now() - make_interval(secs => $3::float8)`,
    [ip, email, FAILURE_WINDOW_SECONDS],
  );
  const r = rows[0]!;
  if (r.pair_wait !== null) throw tooMany(r.pair_wait);
  if (r.ip_failures >= MAX_FAILURES_PER_IP) throw tooMany(r.ip_wait ?? FAILURE_WINDOW_SECONDS);
}

let lastSweep = 0;

/** Counts one failure of this pair and sets its backoff once the free tries are used up. */
export async function recordSignInFailure(ctx: AppContext, ip: string, email: string): Promise<void> {
  if (!ctx.config.rateLimitsEnabled) return;
  await ctx.db.query(
    `insert into private.sign_in_failures as f (ip, email, failures) values ($1, $2, 1)
     on conflict (ip, email) do update set
       failures = case when f.last_failure_at < now() - make_interval(secs => $3::float8) then 1 else f.failures + 1 end,
       last_failure_at = now()`,
    [ip, email, FAILURE_WINDOW_SECONDS],
  );
  await ctx.db.query(
    `update private.sign_in_failures
        set blocked_until = now() + make_interval(secs => least($5::float8 * power(2, failures - $3 - 1), $4::float8))
      where ip = $1 and email = $2 and failures > $3`,
    [ip, email, FREE_FAILURES, MAX_BACKOFF_SECONDS, FIRST_BACKOFF_SECONDS],
  );
  const now = Date.now();
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    await ctx.db.query(`delete from private.sign_in_failures where last_failure_at < now() - interval '1 day'`);
  }
}

/** The pair's failures are forgotten after a correct password. */
export async function clearSignInFailures(ctx: AppContext, ip: string, email: string): Promise<void> {
  if (!ctx.config.rateLimitsEnabled) return;
  await ctx.db.query('delete from private.sign_in_failures where ip = $1 and email = $2', [ip, email]);
}
