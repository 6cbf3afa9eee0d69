// POST /recover, POST /resend, POST /otp (§A.4.3, §A.4.5, §A.4.6). Recover and resend answer
// 200 {} whatever the address, so they never reveal whether an account exists.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { AuthError, errors } from '../errors.js';
import { bodyOf, objField, queryParam, rateLimit, requestMeta, str, validateEmail } from '../guards.js';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../models/users.js';
import { hashPassword } from '../services/password.js';
import { claimMailSlot, createFlowState, mintEmailToken, parsePkce } from '../services/otp.js';
import { sendConfirmation, sendEmailChange, sendMagicLink, sendRecovery } from '../services/mail.js';
import { confirmEmail, prepareConfirmation, prepareRecoverySlot, type PendingMail } from '../services/user-service.js';

async function limitMailEndpoint(ctx: AppContext, req: FastifyRequest, email: string): Promise<void> {
  await rateLimit(ctx, `otp:ip:${requestMeta(req).ip}`, 30);
  await rateLimit(ctx, `otp:email:${email}`, 10);
}

/** Sends without surfacing failures or frequency refusals (they would reveal the account). */
async function quietly(req: FastifyRequest, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AuthError && err.errorCode === 'over_email_send_rate_limit') return;
    req.log.error({ err }, 'auth mail not sent');
  }
}

export async function recover(ctx: AppContext, req: FastifyRequest): Promise<Record<string, never>> {
  const body = bodyOf(req);
  const email = validateEmail(str(body, 'email'));
  await limitMailEndpoint(ctx, req, email);
  const pkce = parsePkce(body);
  await quietly(req, async () => {
    const mail = await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email, { forUpdate: true });
      return user ? prepareRecoverySlot(ctx, tx, user, pkce, 'recovery') : undefined;
    });
    if (mail) await sendRecovery(ctx, email, mail.tokenHash, mail.code, queryParam(req, 'redirect_to'));
  });
  return {};
}

export async function resend(ctx: AppContext, req: FastifyRequest): Promise<Record<string, never>> {
  const body = bodyOf(req);
  const type = str(body, 'type');
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (type === 'sms' || type === 'phone_change')
    throw new AuthError(422, 'phone_provider_disabled', 'Phone verification is disabled');
  const email = validateEmail(str(body, 'email'));
  await limitMailEndpoint(ctx, req, email);
  const pkce = parsePkce(body);
  const redirectTo = queryParam(req, 'redirect_to');
  await quietly(req, async () => {
    if (type === 'signup') {
      const mail = await ctx.db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email, { forUpdate: true });
        return user && !user.email_confirmed_at ? prepareConfirmation(ctx, tx, user, pkce) : undefined;
      });
      if (mail) await sendConfirmation(ctx, email, mail.tokenHash, mail.code, redirectTo);
      return;
    }
    const mails = await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email, { forUpdate: true });
      if (!user?.email_change) return [];
      await claimMailSlot(ctx, tx, user.id, 'email_change_sent_at');
      const toNew = mintEmailToken(user.email_change, !!pkce);
      const toCurrent = user.email_change_token_current ? mintEmailToken(user.email!, !!pkce) : undefined;
      await updateUser(tx, user.id, {
        email_change_token_new: toNew.stored,
        email_change_token_current: toCurrent?.stored ?? null,
        email_change_confirm_status: 0,
      });
      if (pkce) await createFlowState(tx, { userId: user.id, pkce, authenticationMethod: 'email_change' });
      return [
        { to: user.email_change, newEmail: user.email_change, ...toNew },
        ...(toCurrent ? [{ to: user.email!, newEmail: user.email_change, ...toCurrent }] : []),
      ];
    });
    for (const m of mails) await sendEmailChange(ctx, m.to, m.newEmail, m.stored, m.code, redirectTo);
  });
  return {};
}

export async function otp(ctx: AppContext, req: FastifyRequest): Promise<Record<string, never>> {
  const body = bodyOf(req);
  if (str(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(str(body, 'email'));
  const data = objField(body, 'data') ?? {};
  const createUser = body.create_user !== false;
  await limitMailEndpoint(ctx, req, email);
  const pkce = parsePkce(body);
  const randomPassword = createUser ? await hashPassword(crypto.randomBytes(32).toString('base64url')) : null;

  const outcome = await ctx.db.transaction(async (tx): Promise<{ kind: 'signup' | 'magiclink'; mail: PendingMail }> => {
    let user: UserRow | undefined = await findUserByEmail(tx, email, { forUpdate: true });
    if (!user) {
      if (!createUser) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      if (ctx.config.disableSignup) throw errors.signupDisabled();
      user = await insertUser(tx, { email, passwordHash: randomPassword, userMetadata: data, confirmed: false });
      if (ctx.config.mailerAutoconfirm) user = await confirmEmail(tx, user);
    }
    // New or unconfirmed addresses get the sign-up confirmation; confirmed ones a magic link.
    if (!user.email_confirmed_at) return { kind: 'signup', mail: await prepareConfirmation(ctx, tx, user, pkce) };
    return { kind: 'magiclink', mail: await prepareRecoverySlot(ctx, tx, user, pkce, 'magiclink') };
  });
  const redirectTo = queryParam(req, 'redirect_to');
  try {
    if (outcome.kind === 'signup')
      await sendConfirmation(ctx, email, outcome.mail.tokenHash, outcome.mail.code, redirectTo);
    else await sendMagicLink(ctx, email, outcome.mail.tokenHash, outcome.mail.code, redirectTo);
  } catch (err) {
    req.log.error({ err }, 'sending magic link failed');
    throw new AuthError(500, 'unexpected_failure', 'Error sending magic link');
  }
  return {};
}
