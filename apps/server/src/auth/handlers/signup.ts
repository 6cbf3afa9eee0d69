// POST /signup (SUPABASE-PROTOCOL §A.4.1).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { isPgError } from '@tagledger/db';
import { AuthError, errors } from '../errors.js';
import { bodyOf, objField, queryParam, rateLimit, requestMeta, str, validateEmail } from '../guards.js';
import { auditLog } from '../models/sessions.js';
import { fakeUserJson, findUserByEmail, findUserById, insertUser, userJson } from '../models/users.js';
import { hashPassword } from '../services/password.js';
import { checkPasswordStrength } from '../services/password-policy.js';
import { parsePkce } from '../services/otp.js';
import { sendConfirmation } from '../services/mail.js';
import { issueSession } from '../services/token-service.js';
import { signupAnonymously } from './anonymous.js';
import { prepareConfirmation, type PendingMail } from '../services/user-service.js';
import { clearSentAt } from './mail-failure.js';

export async function signup(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const body = bodyOf(req);
  const emailRaw = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const data = objField(body, 'data') ?? {};
  if (emailRaw && phone) throw errors.validation('Only an email address or phone number should be provided on signup.');
  if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  // No address and no phone is how signInAnonymously() asks (GoTrue's order of checks).
  if (!emailRaw) return signupAnonymously(ctx, req, data);
  if (ctx.config.disableSignup) throw errors.signupDisabled();
  const meta = requestMeta(req);
  await rateLimit(ctx, `otp:ip:${meta.ip}`, 30);
  const email = validateEmail(emailRaw);
  await rateLimit(ctx, `otp:email:${email}`, 10);
  if (!password) throw errors.validation('Signup requires a valid password');
  checkPasswordStrength(password, email, ctx.config.passwordMinLength);
  const pkce = parsePkce(body);
  const passwordHash = await hashPassword(password);
  const autoconfirm = ctx.config.mailerAutoconfirm;

  type Outcome =
    | { kind: 'fake' }
    | { kind: 'session'; body: unknown }
    | { kind: 'mail'; userId: string; body: unknown; mail: PendingMail };
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      const existing = await findUserByEmail(tx, email, { forUpdate: true });
      if (existing?.email_confirmed_at) {
        if (autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
        return { kind: 'fake' };
      }
      // An unconfirmed account is re-used as it is (no change of password or data): only the mail goes again.
      const user =
        existing ?? (await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: autoconfirm }));
      if (!existing) await auditLog(tx, 'user_signedup', user.id, meta.ip, { provider: 'email' });
      if (autoconfirm) return { kind: 'session', body: await issueSession(ctx, tx, user, 'password', meta) };
      const mail = await prepareConfirmation(ctx, tx, user, pkce);
      return { kind: 'mail', userId: user.id, mail, body: await userJson(tx, (await findUserById(tx, user.id))!) };
    });
  } catch (err) {
    if (isPgError(err) && err.code === '23505')
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw err;
  }
  if (outcome.kind === 'fake') return fakeUserJson(email, data);
  if (outcome.kind === 'session') return outcome.body;
  try {
    await sendConfirmation(ctx, email, outcome.mail.tokenHash, outcome.mail.code, queryParam(req, 'redirect_to'));
  } catch (err) {
    await clearSentAt(ctx, req, outcome.userId, 'confirmation_sent_at', err);
    throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation email');
  }
  return outcome.body;
}
