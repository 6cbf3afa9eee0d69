// POST /functions/v1/admin-ban-user {user_id, banned, reason?} — bans or unbans an account from
// the admin dashboard. The browser holds no service key, so this runs on the server: it calls
// public.admin_set_ban() in the caller's own request context, so the admin check happens in SQL
// against the real caller; the SQL function sets auth.users.banned_until, ends the user's
// sessions (their refresh tokens go with them) and writes the audit row.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import type { FunctionRequest } from '@tagledger/functions-api';
import { FunctionError } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({
  user_id: z.string().uuid('user_id must be a user id'),
  banned: z.boolean({ error: 'banned must be true or false' }),
  reason: z.string().trim().max(300, 'The reason must be at most 300 characters').optional(),
});

/** SQLSTATE of the admin functions → HTTP status of this function's answer. */
const STATUS_BY_SQLSTATE: Record<string, number> = { '42501': 403, P0002: 404, P0001: 409, '22023': 400 };

export const adminBanUser: ServerFunction<'admin-ban-user'> = {
  name: 'admin-ban-user',
  verifyJwt: true,
  bodyLimit: 4 * 1024,
  async handler({ ctx, principal, req }) {
    if (principal.role !== 'authenticated' || !principal.userId) {
      throw new FunctionError(401, 'No valid session');
    }
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) {
      throw new FunctionError(400, parsed.error.issues[0]?.message ?? 'Invalid request');
    }
    // The schema's output must be a request of the functions' contract.
    const body = parsed.data satisfies FunctionRequest<'admin-ban-user'>;
    const { user_id, banned, reason } = body;
    try {
      const result = await withRequestContext(
        ctx.db,
        { role: 'authenticated', claims: principal.claims as Record<string, unknown> },
        async (tx) =>
          (
            await tx.query<{ r: { id: string; banned_until: string | null } }>(
              'select public.admin_set_ban($1, $2, $3) as r',
              [user_id, banned, reason ?? null],
            )
          ).rows[0]!.r,
      );
      return result;
    } catch (err) {
      const code = (err as { code?: string }).code;
      const status = code ? STATUS_BY_SQLSTATE[code] : undefined;
      if (status) throw new FunctionError(status, (err as Error).message);
      throw err;
    }
  },
};
