// Re-authentication shared by the account functions that change or end the account
// (change-password, delete-account): the caller proves the current password. (A user with a
// verified two-factor factor has already been asked for an aal2 session by the functions gateway,
// two-factor.ts, so a stolen aal1 session or a stolen password alone is not enough.) Answers
// {error, code} itself when the check fails.
import type { FastifyReply } from 'fastify';
import { verifyPassword } from '../auth/services/password.js';
import type { FunctionCall } from './types.js';

export function fail(reply: FastifyReply, status: number, error: string, code?: string): FastifyReply {
  return reply.code(status).type('application/json').send(code ? { error, code } : { error });
}

/**
 * True when the caller passed; false when the refusal (404 or 400) has been sent. A boolean,
 * not the reply: a FastifyReply is thenable, so an async function cannot hand it back intact.
 */
export async function requireCurrentPassword(
  { ctx, reply }: Pick<FunctionCall, 'ctx' | 'reply'>,
  userId: string,
  password: string,
): Promise<boolean> {
  const { rows } = await ctx.db.query<{ encrypted_password: string | null }>(
    'select u.encrypted_password from auth.users u where u.id = $1 and u.deleted_at is null',
    [userId],
  );
  const user = rows[0];
  if (!user) {
    fail(reply, 404, 'User not found');
    return false;
  }
  if (!(await verifyPassword(user.encrypted_password, password)).ok) {
    fail(reply, 400, 'Current password is incorrect', 'invalid_credentials');
    return false;
  }
  return true;
}
