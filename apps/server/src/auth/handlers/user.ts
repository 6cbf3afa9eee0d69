// GET /user, PUT /user, POST /logout, GET /reauthenticate (§A.4.7–A.4.9).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { AuthError, errors } from '../errors.js';
import { authenticate, bodyOf, objField, queryParam, rateLimit, requestMeta, str, validateEmail } from '../guards.js';
import { findUserByEmail, findUserById, updateUser, userJson, type UserRow } from '../models/users.js';
import { auditLog, deleteSessions } from '../models/sessions.js';
import { hashPassword, verifyPassword } from '../services/password.js';
import { checkPasswordStrength } from '../services/password-policy.js';
import {
  claimMailSlot,
  createFlowState,
  mintEmailToken,
  newOtpCode,
  otpHash,
  OTP_EXPIRY_SECONDS,
  parsePkce,
} from '../services/otp.js';
import { sendEmailChange, sendReauthentication } from '../services/mail.js';
import { mergeMetadata } from '../services/user-service.js';
import { clearSentAt } from './mail-failure.js';

export async function getUser(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user } = await authenticate(ctx, req);
  return userJson(ctx.db, user);
}

async function hasVerifiedFactor(ctx: AppContext, userId: string): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`,
    [userId],
  );
  return rows.length > 0;
}

interface EmailChangeMail {
  to: string;
  tokenHash: string;
  code: string;
}

export async function updateCurrentUser(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user, session } = await authenticate(ctx, req);
  const body = bodyOf(req);
  const emailRaw = str(body, 'email');
  const password = str(body, 'password');
  const nonce = str(body, 'nonce');
  const data = objField(body, 'data');
  if (body.app_metadata !== undefined && body.app_metadata !== null)
    throw new AuthError(403, 'not_admin', 'User not allowed');
  if (str(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone updates are disabled');
  const newEmail =
    emailRaw !== undefined && emailRaw.trim().toLowerCase() !== (user.email ?? '')
      ? validateEmail(emailRaw)
      : undefined;

  if ((newEmail || password !== undefined) && session.aal !== 'aal2' && (await hasVerifiedFactor(ctx, user.id))) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (newEmail) await rateLimit(ctx, `otp:ip:${requestMeta(req).ip}`, 30);

  let passwordHash: string | undefined;
  if (password !== undefined) {
    // A password needs an address to sign in with: anonymous accounts link an e-mail first.
    if (user.is_anonymous && !user.email) {
      throw new AuthError(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
      );
    }
    // Judged against the address the account will have once this update is through.
    checkPasswordStrength(password, newEmail ?? user.email, ctx.config.passwordMinLength);
    if (user.encrypted_password && (await verifyPassword(user.encrypted_password, password)).ok) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    if (nonce !== undefined) checkNonce(user, nonce);
    passwordHash = await hashPassword(password);
  }
  const pkce = newEmail ? parsePkce(body) : undefined;

  const mails = await ctx.db.transaction(async (tx) => {
    const current = (await findUserById(tx, user.id, { forUpdate: true }))!;
    if (data) await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(current.raw_user_meta_data, data) });
    if (passwordHash) {
      // A new password ends every other session and voids pending one-time tokens.
      await updateUser(tx, user.id, {
        encrypted_password: passwordHash,
        recovery_token: null,
        reauthentication_token: null,
        confirmation_token: null,
        email_change_token_new: null,
        email_change_token_current: null,
      });
      await deleteSessions(tx, user.id, 'others', session.id);
      await auditLog(tx, 'user_updated_password', user.id, requestMeta(req).ip);
    }
    const out: EmailChangeMail[] = [];
    if (newEmail) {
      const taken = await findUserByEmail(tx, newEmail);
      if (taken && taken.id !== user.id) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      await claimMailSlot(ctx, tx, user.id, 'email_change_sent_at');
      const toNew = mintEmailToken(newEmail, !!pkce);
      // Secure e-mail change: a confirmed current address must approve too.
      const secure = !!current.email && !!current.email_confirmed_at;
      const toCurrent = secure ? mintEmailToken(current.email!, !!pkce) : undefined;
      await updateUser(tx, user.id, {
        email_change: newEmail,
        email_change_token_new: toNew.stored,
        email_change_token_current: toCurrent?.stored ?? null,
        email_change_confirm_status: 0,
      });
      if (pkce) await createFlowState(tx, { userId: user.id, pkce, authenticationMethod: 'email_change' });
      out.push({ to: newEmail, tokenHash: toNew.stored, code: toNew.code });
      if (toCurrent) out.push({ to: current.email!, tokenHash: toCurrent.stored, code: toCurrent.code });
    }
    return out;
  });

  try {
    for (const m of mails)
      await sendEmailChange(ctx, m.to, newEmail!, m.tokenHash, m.code, queryParam(req, 'redirect_to'));
  } catch (err) {
    await clearSentAt(ctx, req, user.id, 'email_change_sent_at', err);
    throw new AuthError(500, 'unexpected_failure', 'Error sending change email');
  }
  return userJson(ctx.db, (await findUserById(ctx.db, user.id))!);
}

function checkNonce(user: UserRow, nonce: string): void {
  const sentAt = user.reauthentication_sent_at?.getTime() ?? 0;
  const valid =
    !!user.reauthentication_token &&
    user.reauthentication_token === otpHash(user.email ?? '', nonce) &&
    Date.now() - sentAt <= OTP_EXPIRY_SECONDS * 1000;
  if (!valid) throw new AuthError(422, 'reauthentication_not_valid', 'Requires a valid reauthentication nonce');
}

export async function logout(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const scope = queryParam(req, 'scope') || 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw errors.validation(`Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await authenticate(ctx, req);
  await ctx.db.transaction(async (tx) => {
    await deleteSessions(tx, user.id, scope, session.id);
    await auditLog(tx, 'logout', user.id, requestMeta(req).ip, { scope });
  });
  return reply.status(204).send();
}

export async function reauthenticate(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user } = await authenticate(ctx, req);
  // GoTrue's checks, in its order: an anonymous account has neither address.
  if (!user.email && !user.phone) {
    throw errors.validation('Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email || !user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Email not confirmed');
  const code = newOtpCode();
  await ctx.db.transaction(async (tx) => {
    await claimMailSlot(ctx, tx, user.id, 'reauthentication_sent_at');
    await updateUser(tx, user.id, { reauthentication_token: otpHash(user.email!, code) });
  });
  try {
    await sendReauthentication(ctx, user.email, code);
  } catch (err) {
    await clearSentAt(ctx, req, user.id, 'reauthentication_sent_at', err);
    throw new AuthError(500, 'unexpected_failure', 'Error sending reauthentication email');
  }
  return {};
}

/**
 * DELETE /user/identities/:id (supabase-js unlinkIdentity). Identities come only from e-mail
 * here and manual linking is not offered, so the answer is GoTrue's with manual linking off.
 */
export async function unlinkIdentity(ctx: AppContext, req: FastifyRequest): Promise<never> {
  await authenticate(ctx, req);
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

/** GET /user/identities/authorize (supabase-js linkIdentity): the same answer, for a signed-in caller. */
export async function linkIdentity(ctx: AppContext, req: FastifyRequest): Promise<never> {
  await authenticate(ctx, req);
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}
