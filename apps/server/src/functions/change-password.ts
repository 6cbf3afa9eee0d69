// POST /functions/v1/change-password (issue 5, Profile): change the password only after the
// current one is proven. The auth API's PUT /user accepts a new password from any live session;
// this function adds the re-authentication the Profile screen promises, on the server, so a
// stolen session alone cannot lock the owner out. Body {current_password, new_password}.
// Same rules as the auth service: strength policy, not the same password, aal2 when the user has
// two-factor authentication, and every other session of the user ends.
import { z } from 'zod';
import { hashPassword } from '../auth/services/password.js';
import { passwordWeakness, MAX_PASSWORD_BYTES } from '../auth/services/password-policy.js';
import type { FunctionRequest } from '@tagledger/functions-api';
import { FunctionError } from './errors.js';
import { requireCurrentPassword } from './require-current-password.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

export const CHANGE_PASSWORD_RATE_LIMIT = { limit: 5, windowSeconds: 900 };

const bodySchema = z.object({
  current_password: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(1000),
  new_password: z.string({ error: 'Enter a new password' }).min(1, 'Enter a new password').max(1000),
});

export const changePassword: ServerFunction<'change-password'> = {
  name: 'change-password',
  verifyJwt: true,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'No valid session');
    if (!(await ctx.rateLimiter.hit(`change-password:user:${userId}`, CHANGE_PASSWORD_RATE_LIMIT))) {
      throw new FunctionError(429, 'Too many attempts. Please try again in a few minutes.');
    }
    const parsed = bodySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new FunctionError(400, parsed.error.issues[0]!.message);
    // The schema's output must be a request of the functions' contract.
    const body = parsed.data satisfies FunctionRequest<'change-password'>;
    const { current_password: current, new_password: next } = body;

    await requireCurrentPassword({ ctx }, userId, current);
    if (Buffer.byteLength(next, 'utf8') > MAX_PASSWORD_BYTES) {
      throw new FunctionError(400, `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`, {
        code: 'validation_failed',
      });
    }
    const { rows } = await ctx.db.query<{ email: string | null }>('select email from auth.users where id = $1', [
      userId,
    ]);
    const weak = passwordWeakness(next, rows[0]?.email, ctx.config.passwordMinLength);
    if (weak) {
      // The auth API's weak_password details, so one client-side mapping serves both.
      throw new FunctionError(422, weak.message, { code: 'weak_password', weak_password: { reasons: weak.reasons } });
    }
    if (next === current) {
      throw new FunctionError(422, 'New password should be different from the old password.', {
        code: 'same_password',
      });
    }

    const hash = await hashPassword(next);
    const sessionId = typeof principal.claims.session_id === 'string' ? principal.claims.session_id : null;
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `update auth.users set encrypted_password = $2, recovery_token = null, reauthentication_token = null, updated_at = now()
          where id = $1`,
        [userId, hash],
      );
      // A new password ends every other session (their refresh tokens go with them).
      await tx.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [
        userId,
        sessionId,
      ]);
    });
    return { updated: true };
  },
};
