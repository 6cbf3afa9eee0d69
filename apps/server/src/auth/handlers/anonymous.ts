// signInAnonymously(): POST /signup with neither e-mail nor phone (GoTrue's anonymous provider).
// Off unless ENABLE_ANONYMOUS_SIGNINS; refused like any sign-up when DISABLE_SIGNUP is set. The
// account is role `authenticated` with is_anonymous = true in the row and in every access token;
// the database withholds what needs a real account (tokens, assets, referrals) until an e-mail is
// linked with updateUser({ email }) and confirmed, which clears is_anonymous.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { AuthError, errors } from '../errors.js';
import { rateLimit, requestMeta } from '../guards.js';
import { auditLog } from '../models/sessions.js';
import { insertAnonymousUser } from '../models/users.js';
import { issueSession, type SessionResponse } from '../services/token-service.js';

/** Anonymous accounts cost nothing to make, so each address may create only a few per hour. */
const ANONYMOUS_PER_IP_PER_HOUR = 30;

export async function signupAnonymously(
  ctx: AppContext,
  req: FastifyRequest,
  data: Record<string, unknown>,
): Promise<SessionResponse> {
  if (!ctx.config.anonymousSigninsEnabled)
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (ctx.config.disableSignup) throw errors.signupDisabled();
  const meta = requestMeta(req);
  await rateLimit(ctx, `anonymous:ip:${meta.ip}`, ANONYMOUS_PER_IP_PER_HOUR, 3600);
  return ctx.db.transaction(async (tx) => {
    const user = await insertAnonymousUser(tx, data);
    await auditLog(tx, 'user_signedup', user.id, meta.ip, { provider: 'anonymous' });
    return issueSession(ctx, tx, user, 'anonymous', meta);
  });
}
