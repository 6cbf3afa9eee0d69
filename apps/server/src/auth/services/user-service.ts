// User-level rules shared by several endpoints: sign-up token issuing, metadata merge,
// confirmation effects.
import type { Queryable } from '@tagledger/db';
import type { AppContext } from '../../shared/context.js';
import { isPgError } from '@tagledger/db';
import { AuthError } from '../errors.js';
import {
  ensureEmailIdentity,
  findUserById,
  markEmailIdentityVerified,
  updateUser,
  type UserRow,
} from '../models/users.js';
import { claimMailSlot, createFlowState, mintEmailToken, type PkceParams } from './otp.js';

/** user_metadata update semantics: keys merge, a key set to null is removed. */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface PendingMail {
  code: string;
  tokenHash: string;
}

/** Issues a fresh confirmation token (and PKCE flow state) for an unconfirmed user. */
export async function prepareConfirmation(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  pkce: PkceParams | undefined,
): Promise<PendingMail> {
  await claimMailSlot(ctx, tx, user.id, 'confirmation_sent_at');
  const t = mintEmailToken(user.email ?? '', !!pkce);
  await updateUser(tx, user.id, { confirmation_token: t.stored });
  if (pkce) await createFlowState(tx, { userId: user.id, pkce, authenticationMethod: 'email/signup' });
  return { code: t.code, tokenHash: t.stored };
}

/** Issues a fresh magic-link token (recovery slot) for a confirmed user; also used by recover. */
export async function prepareRecoverySlot(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  pkce: PkceParams | undefined,
  authenticationMethod: 'magiclink' | 'recovery',
): Promise<PendingMail> {
  await claimMailSlot(ctx, tx, user.id, 'recovery_sent_at');
  const t = mintEmailToken(user.email ?? '', !!pkce);
  await updateUser(tx, user.id, { recovery_token: t.stored });
  if (pkce) await createFlowState(tx, { userId: user.id, pkce, authenticationMethod });
  return { code: t.code, tokenHash: t.stored };
}

/** Marks the e-mail confirmed (idempotent) and returns the fresh row. */
export async function confirmEmail(tx: Queryable, user: UserRow): Promise<UserRow> {
  await updateUser(tx, user.id, {}, [
    'email_confirmed_at = coalesce(email_confirmed_at, now())',
    'is_anonymous = false',
  ]);
  await markEmailIdentityVerified(tx, user.id, null);
  return (await findUserById(tx, user.id))!;
}

/** Applies a confirmed e-mail change; the address may have been taken meanwhile. */
export async function applyEmailChange(tx: Queryable, user: UserRow): Promise<UserRow> {
  const email = user.email_change!;
  try {
    await tx.query('savepoint apply_email_change');
    await updateUser(
      tx,
      user.id,
      {
        email,
        email_change: null,
        email_change_token_new: null,
        email_change_token_current: null,
        email_change_confirm_status: 0,
      },
      ['email_confirmed_at = coalesce(email_confirmed_at, now())', 'is_anonymous = false'],
    );
    await tx.query('release savepoint apply_email_change');
  } catch (err) {
    if (isPgError(err) && err.code === '23505') {
      await tx.query('rollback to savepoint apply_email_change');
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    throw err;
  }
  await ensureEmailIdentity(tx, user.id, email);
  await markEmailIdentityVerified(tx, user.id, email);
  return (await findUserById(tx, user.id))!;
}
