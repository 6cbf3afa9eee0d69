// The two-factor rule for server functions (security issue, hole 5). Functions act as the service
// role on the caller's behalf, so row-level security cannot stop an aal1 session of a user who has
// a verified factor: the gateway asks the database's own rule, private.aal_satisfied_by()
// (migration 20261123000900), before any handler that needs a signed-in caller runs.
import type { AppContext } from '../shared/context.js';
import type { Identity } from '../shared/identify.js';

export const INSUFFICIENT_AAL = {
  error: 'Enter a code from your authenticator app first',
  code: 'insufficient_aal',
} as const;

/** True unless the caller is a user with a verified factor whose token is not aal2. */
export async function twoFactorSatisfied(ctx: AppContext, caller: Identity): Promise<boolean> {
  if (caller.role !== 'authenticated' || !caller.userId) return true;
  const { rows } = await ctx.db.query<{ ok: boolean }>('select private.aal_satisfied_by($1::uuid, $2) as ok', [
    caller.userId,
    caller.aal ?? null,
  ]);
  return rows[0]?.ok === true;
}
