// Re-authentication shared by the account functions that change or end the account
// (change-password, delete-account): the caller proves the current password. (A user with a
// verified two-factor factor has already been asked for an aal2 session by the functions gateway,
// two-factor.ts, so a stolen aal1 session or a stolen password alone is not enough.)
import { verifyPassword } from '../auth/services/password.js';
import { FunctionError } from './errors.js';
import type { FunctionCall } from './types.js';

/** Resolves when the caller passed; throws the refusal (404 or 400) otherwise. */
export async function requireCurrentPassword(
  { ctx }: Pick<FunctionCall, 'ctx'>,
  userId: string,
  password: string,
): Promise<void> {
  const { rows } = await ctx.db.query<{ encrypted_password: string | null }>(
    'select u.encrypted_password from auth.users u where u.id = $1 and u.deleted_at is null',
    [userId],
  );
  const user = rows[0];
  if (!user) throw new FunctionError(404, 'User not found');
  if (!(await verifyPassword(user.encrypted_password, password)).ok) {
    throw new FunctionError(400, 'Current password is incorrect', { code: 'invalid_credentials' });
  }
}
