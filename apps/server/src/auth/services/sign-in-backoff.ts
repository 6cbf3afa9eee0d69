// Password sign-in backoff (security issue, hole 7). Failures are counted per (client address,
// e-mail) and per address in private.sign_in_failures, never per e-mail alone: a per-e-mail
// budget let anyone lock the owner out by failing 30 times from anywhere. Now
//   - an (address, e-mail) pair gets FREE_FAILURES tries, then waits 30 s, 1, 2, 4 … minutes (at
//     most MAX_BACKOFF_SECONDS) before each further attempt — right or wrong, so the wait cannot
//     be used to test guesses;
//   - an address with more than MAX_FAILURES_PER_IP failures across all e-mails in the window
//     (password spraying) is refused for every e-mail until its failures age out;
//   - the owner signing in from an address that has not been failing is never refused.
// Every attempt is counted before the password is checked; a correct one clears the pair's count.
// RATE_LIMITS=off turns this off with the other limits.
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
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Too many failed sign-in attempts. Please try again in ${wait} seconds.`,
    {
      retry_after: wait,
    },
  );
}

/**
 * Counts this attempt before the password is checked, or throws 429 over_request_rate_limit when
 * the address must wait (for this e-mail or for all). Counting first, in one atomic statement,
 * means parallel guesses cannot all slip through before the first failure is written: the row
 * lock orders them and the attempt that uses up the free tries sets the wait for the rest.
 * A correct password then forgets the pair (forgetSignInFailures).
 */
export async function claimSignInAttempt(ctx: AppContext, ip: string, email: string): Promise<void> {
  if (!ctx.config.rateLimitsEnabled) return;
  const { rows: spray } = await ctx.db.query<{ ip_failures: number; ip_wait: number | null }>(
    `select coalesce(sum(failures), 0)::int as ip_failures,
            extract(epoch from min(last_failure_at) + make_interval(secs => $2::float8) - now())::float8 as ip_wait
       from private.sign_in_failures
      where ip = $1 and last_failure_at > now() - make_interval(secs => $2::float8)`,
    [ip, FAILURE_WINDOW_SECONDS],
  );
  if (spray[0]!.ip_failures >= MAX_FAILURES_PER_IP) throw tooMany(spray[0]!.ip_wait ?? FAILURE_WINDOW_SECONDS);

  // The pair's count including this attempt (a stale count starts again at 1); no row comes back
  // while the pair is waiting.
  const { rows } = await ctx.db.query(
    `insert into private.sign_in_failures as f (ip, email, failures) values ($1, $2, 1)
     on conflict (ip, email) do update set
       failures = case when f.last_failure_at < now() - make_interval(secs => $3::float8) then 1 else f.failures + 1 end,
       last_failure_at = now(),
       blocked_until = case
         when (case when f.last_failure_at < now() - make_interval(secs => $3::float8) then 1 else f.failures + 1 end) > $4
         then now() + make_interval(secs => least(
           $5::float8 * power(2, (case when f.last_failure_at < now() - make_interval(secs => $3::float8) then 1 else f.failures + 1 end) - $4 - 1),
           $6::float8))
         end
     where f.blocked_until is null or f.blocked_until <= now()
     returning 1`,
    [ip, email, FAILURE_WINDOW_SECONDS, FREE_FAILURES, FIRST_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS],
  );
  if (rows.length) {
    await sweep(ctx);
    return;
  }
  const { rows: blocked } = await ctx.db.query<{ wait: number | null }>(
    `select extract(epoch from blocked_until - now())::float8 as wait from private.sign_in_failures where ip = $1 and email = $2`,
    [ip, email],
  );
  throw tooMany(blocked[0]?.wait ?? 1);
}

let lastSweep = 0;

/** Forgets failures older than a day, at most once a minute per process. */
async function sweep(ctx: AppContext): Promise<void> {
  const now = Date.now();
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  await ctx.db.query(`delete from private.sign_in_failures where last_failure_at < now() - interval '1 day'`);
}

/** The pair's count is forgotten after a correct password. */
export async function forgetSignInFailures(ctx: AppContext, ip: string, email: string): Promise<void> {
  if (!ctx.config.rateLimitsEnabled) return;
  await ctx.db.query('delete from private.sign_in_failures where ip = $1 and email = $2', [ip, email]);
}
