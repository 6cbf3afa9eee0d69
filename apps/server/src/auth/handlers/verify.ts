// POST /verify (token or token_hash → session) and GET /verify (the e-mail link → 303), §A.4.4.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '@tagledger/db';
import type { AppContext } from '../../shared/context.js';
import { AuthError, errors } from '../errors.js';
import { bodyOf, queryParam, rateLimit, requestMeta, str, validateEmail, validatePhone } from '../guards.js';
import { findUserByEmail, findUserById, findUserByTokenSlot, updateUser, type UserRow } from '../models/users.js';
import { issueAuthCode, OTP_EXPIRY_SECONDS, otpHash, withFragment, withQuery } from '../services/otp.js';
import { resolveRedirect } from '../services/redirect.js';
import { issueSession, type SessionResponse } from '../services/token-service.js';
import { applyEmailChange, confirmEmail } from '../services/user-service.js';

const EMAIL_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
type EmailType = (typeof EMAIL_TYPES)[number];

const FLOW_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

export const EMAIL_CHANGE_HALF_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Slot = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';
type SentAt = 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';

/** Which token slots a verification type may match, and the type each slot resolves to. */
function slotsFor(type: EmailType): { slot: Slot; sentAt: SentAt; resolved: string }[] {
  switch (type) {
    case 'signup':
    case 'invite':
      return [{ slot: 'confirmation_token', sentAt: 'confirmation_sent_at', resolved: type }];
    case 'magiclink':
    case 'recovery':
      return [{ slot: 'recovery_token', sentAt: 'recovery_sent_at', resolved: type }];
    case 'email':
      return [
        { slot: 'confirmation_token', sentAt: 'confirmation_sent_at', resolved: 'signup' },
        { slot: 'recovery_token', sentAt: 'recovery_sent_at', resolved: 'magiclink' },
      ];
    case 'email_change':
      return [
        { slot: 'email_change_token_new', sentAt: 'email_change_sent_at', resolved: 'email_change' },
        { slot: 'email_change_token_current', sentAt: 'email_change_sent_at', resolved: 'email_change' },
      ];
  }
}

function fresh(user: UserRow, sentAt: SentAt): boolean {
  const t = user[sentAt]?.getTime();
  return t !== undefined && Date.now() - t <= OTP_EXPIRY_SECONDS * 1000;
}

function sameHash(stored: string | null, hash: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored.replace(/^pkce_/, ''));
  const b = Buffer.from(hash);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

interface Verified {
  user: UserRow;
  /** The type after resolving `email`. */
  type: string;
  /** Set for the first half of a secure e-mail change. */
  halfway?: boolean;
}

/** Finds the user for a token hash or (email, code) and applies the verification's effects. */
async function verifyAndApply(
  tx: Queryable,
  type: EmailType,
  by: { tokenHash: string } | { email: string; code: string },
): Promise<Verified> {
  const isHash = 'tokenHash' in by;
  let match: { user: UserRow; slot: Slot; resolved: string } | undefined;
  for (const s of slotsFor(type)) {
    let user: UserRow | undefined;
    if (isHash) {
      user = await findUserByTokenSlot(tx, s.slot, by.tokenHash);
    } else {
      // The new address of an e-mail change is not the account's address yet.
      user =
        s.slot === 'email_change_token_new'
          ? await findUserByPendingEmail(tx, by.email)
          : await findUserByEmail(tx, by.email, { forUpdate: true });
      if (user && !sameHash(user[s.slot], otpHash(by.email, by.code))) user = undefined;
    }
    if (user && fresh(user, s.sentAt)) {
      match = { user, slot: s.slot, resolved: s.resolved };
      break;
    }
  }
  if (!match) throw errors.otpExpired(isHash);
  const { user, slot, resolved } = match;
  if (user.is_banned) throw errors.banned(403);

  if (resolved === 'email_change') {
    await updateUser(tx, user.id, { [slot]: null });
    const other = slot === 'email_change_token_new' ? user.email_change_token_current : user.email_change_token_new;
    if (other && user.email_change_confirm_status === 0) {
      await updateUser(tx, user.id, { email_change_confirm_status: 1 });
      return { user, type: resolved, halfway: true };
    }
    return { user: await applyEmailChange(tx, user), type: resolved };
  }
  await updateUser(tx, user.id, { [slot]: null });
  return { user: await confirmEmail(tx, user), type: resolved };
}

async function findUserByPendingEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.users where lower(email_change) = $1 and deleted_at is null order by email_change_sent_at desc nulls last limit 1`,
    [email],
  );
  return rows[0] ? findUserById(tx, rows[0].id, { forUpdate: true }) : undefined;
}

const PHONE_TYPES = ['sms', 'phone_change'] as const;

/** No SMS is ever sent here, so no phone code can be right: GoTrue's answer to a wrong one. */
function noPhoneCode(): never {
  throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
}

function parseType(raw: string | undefined): EmailType | 'phone' {
  if (!raw) throw errors.validation('Verify requires a verification type');
  if ((PHONE_TYPES as readonly string[]).includes(raw)) return 'phone';
  if (!(EMAIL_TYPES as readonly string[]).includes(raw))
    throw errors.validation(`Unsupported verification type "${raw}"`);
  return raw as EmailType;
}

export async function verifyPost(
  ctx: AppContext,
  req: FastifyRequest,
): Promise<SessionResponse | Record<string, unknown>> {
  const body = bodyOf(req);
  const type = parseType(str(body, 'type'));
  const token = str(body, 'token');
  const tokenHash = str(body, 'token_hash');
  const emailRaw = str(body, 'email');
  const meta = requestMeta(req);
  await rateLimit(ctx, `verify:ip:${meta.ip}`, 30);
  if (!!token === !!tokenHash) throw errors.validation('Verify requires either a token or a token hash');
  if (tokenHash && (emailRaw || str(body, 'phone')))
    throw errors.validation('Only the token_hash and type should be provided');
  // As GoTrue: a phone code is checked for its number's format, then found wrong (phones are never sent codes).
  if (type === 'phone' || str(body, 'phone')) {
    if (!tokenHash) validatePhone(str(body, 'phone'));
    noPhoneCode();
  }
  let by: { tokenHash: string } | { email: string; code: string };
  if (tokenHash) {
    by = { tokenHash };
  } else {
    const email = validateEmail(emailRaw);
    // Six digits are guessable: each address gets a small budget of attempts.
    await rateLimit(ctx, `verify:email:${email}`, 10);
    by = { email, code: token! };
  }
  const result = await ctx.db.transaction(async (tx) => {
    const v = await verifyAndApply(tx, type, by);
    if (v.halfway) return { msg: EMAIL_CHANGE_HALF_MESSAGE, code: '200' };
    return issueSession(ctx, tx, v.user, 'otp', meta);
  });
  return result;
}

function oauthErrorName(status: number): string {
  if (status === 401) return 'unauthorized_client';
  if (status === 403) return 'access_denied';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

export async function verifyGet(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const redirectTo = resolveRedirect(ctx, queryParam(req, 'redirect_to'), ctx.config.siteUrl);
  const tokenHash = queryParam(req, 'token') ?? '';
  const pkce = tokenHash.startsWith('pkce_');
  try {
    const type = parseType(queryParam(req, 'type'));
    if (!tokenHash) throw errors.validation('Verify requires a token');
    if (type === 'phone') noPhoneCode();
    await rateLimit(ctx, `verify:ip:${requestMeta(req).ip}`, 30);
    const location = await ctx.db.transaction(async (tx) => {
      const v = await verifyAndApply(tx, type, { tokenHash });
      if (v.halfway) {
        const msg = { message: EMAIL_CHANGE_HALF_MESSAGE };
        return withFragment(pkce ? withQuery(redirectTo, msg) : redirectTo, { ...msg, sb: '' });
      }
      if (pkce) {
        const code = await issueAuthCode(tx, v.user.id, FLOW_METHOD[v.type] ?? v.type);
        if (!code) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        return withQuery(redirectTo, { code });
      }
      const s = await issueSession(ctx, tx, v.user, 'otp', requestMeta(req));
      return withFragment(redirectTo, {
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        sb: '',
        token_type: 'bearer',
        type: v.type,
      });
    });
    return reply.redirect(location, 303);
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    const params = { error: oauthErrorName(err.status), error_code: err.errorCode, error_description: err.message };
    return reply.redirect(withFragment(pkce ? withQuery(redirectTo, params) : redirectTo, { ...params, sb: '' }), 303);
  }
}
