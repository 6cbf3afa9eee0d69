// POST /token?grant_type=password|refresh_token|pkce (+ the disabled grants), §A.4.2.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { AuthError, OAuthError, errors } from '../errors.js';
import { bodyOf, queryParam, rateLimit, requestMeta, str } from '../guards.js';
import { findUserByEmail, findUserById, normalizeEmail, updateUser } from '../models/users.js';
import { hashPassword, verifyPassword } from '../services/password.js';
import { passwordWeakness } from '../services/password-policy.js';
import { consumeFlowState } from '../services/otp.js';
import { idTokenGrant } from './settings.js';
import { claimSignInAttempt, forgetSignInFailures } from '../services/sign-in-backoff.js';
import { issueSession, refreshGrant, type SessionResponse } from '../services/token-service.js';

export async function token(ctx: AppContext, req: FastifyRequest): Promise<SessionResponse> {
  const grant = queryParam(req, 'grant_type');
  const meta = requestMeta(req);
  if (grant !== 'web3') await rateLimit(ctx, `token:ip:${meta.ip}`, 150);
  switch (grant) {
    case 'password':
      return passwordGrant(ctx, req);
    case 'refresh_token':
      return refreshTokenGrant(ctx, req);
    case 'pkce':
      return pkceGrant(ctx, req);
    case 'id_token':
      return idTokenGrant(bodyOf(req));
    case 'web3':
      throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(ctx: AppContext, req: FastifyRequest): Promise<SessionResponse> {
  const body = bodyOf(req);
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password') ?? '';
  if (email && phone) throw errors.validation('Only an email address or phone number should be provided on login.');
  if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw errors.validation('missing email or phone');
  // Backoff per (address, e-mail) and per address, never per e-mail alone (hole 7).
  const { ip } = requestMeta(req);
  const normalized = normalizeEmail(email);
  await claimSignInAttempt(ctx, ip, normalized);

  const user = await findUserByEmail(ctx.db, email);
  // One message for an unknown address, a user without password and a wrong password.
  const check = await verifyPassword(user?.encrypted_password ?? null, password);
  if (!user || !check.ok) throw errors.invalidCredentials();
  await forgetSignInFailures(ctx, ip, normalized);
  if (user.is_banned) throw errors.banned();
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  const upgraded = check.rehash ? await hashPassword(password) : undefined;

  const session = await ctx.db.transaction(async (tx) => {
    if (upgraded) await updateUser(tx, user.id, { encrypted_password: upgraded });
    return issueSession(ctx, tx, user, 'password', requestMeta(req));
  });
  // A correct password that no longer meets the policy (e.g. imported) signs in, with a warning.
  const weak = passwordWeakness(password, user.email, ctx.config.passwordMinLength);
  return weak ? { ...session, weak_password: weak } : session;
}

async function refreshTokenGrant(ctx: AppContext, req: FastifyRequest): Promise<SessionResponse> {
  const presented = str(bodyOf(req), 'refresh_token');
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  if (presented.length < 12 || presented.length > 255) throw errors.validation('Refresh token is not valid');
  const result = await ctx.db.transaction((tx) => refreshGrant(ctx, tx, presented, requestMeta(req)));
  if (result instanceof AuthError) throw result;
  return result;
}

async function pkceGrant(ctx: AppContext, req: FastifyRequest): Promise<SessionResponse> {
  const body = bodyOf(req);
  const authCode = str(body, 'auth_code');
  const verifier = str(body, 'code_verifier');
  if (!authCode || !verifier)
    throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
  return ctx.db.transaction(async (tx) => {
    const flow = await consumeFlowState(tx, authCode, verifier);
    const user = await findUserById(tx, flow.userId);
    if (!user) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (user.is_banned) throw errors.banned();
    return issueSession(ctx, tx, user, flow.method, requestMeta(req));
  });
}
