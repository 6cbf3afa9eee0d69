// Sessions, access tokens and refresh-token rotation (SUPABASE-PROTOCOL §A.3, §A.6).
// Everything lives in the database so several server processes can share one PostgreSQL.
import type { Queryable } from '@tagledger/db';
import type { AppContext } from '../../shared/context.js';
import { AuthError, errors } from '../errors.js';
import { findUserById, touchIdentitySignIn, updateUser, userJson, type UserRow } from '../models/users.js';
import {
  activeRefreshToken,
  addAmrClaim,
  amrClaims,
  auditLog,
  findSession,
  insertRefreshToken,
  insertSession,
  loadRefreshTokenForUpdate,
  revokeRefreshToken,
  revokeSessionTokens,
  touchSession,
  type SessionRow,
} from '../models/sessions.js';

export const ACCESS_TOKEN_SECONDS = 3600;
/** A revoked token presented again within this many seconds is a lost response, not theft. */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

async function accessToken(ctx: AppContext, tx: Queryable, user: UserRow, session: SessionRow) {
  const iat = Math.floor(Date.now() / 1000);
  const amr = await amrClaims(tx, session.id);
  const token = await ctx.keys.signAccessToken(
    {
      iss: ctx.keys.issuer,
      aud: user.aud,
      iat,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal: session.aal,
      amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ACCESS_TOKEN_SECONDS,
  );
  return { token, expiresAt: iat + ACCESS_TOKEN_SECONDS };
}

export async function sessionResponse(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionResponse> {
  const { token, expiresAt } = await accessToken(ctx, tx, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

/** A sign-in: new session with its first refresh token; records last_sign_in_at. */
export async function issueSession(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<SessionResponse> {
  const session = await insertSession(tx, { userId: user.id, aal: 'aal1', userAgent: meta.userAgent, ip: meta.ip });
  await addAmrClaim(tx, session.id, method);
  const refresh = await insertRefreshToken(tx, { userId: user.id, sessionId: session.id, parent: null });
  await updateUser(tx, user.id, {}, ['last_sign_in_at = now()']);
  await touchIdentitySignIn(tx, user.id);
  await auditLog(tx, 'login', user.id, meta.ip, { method });
  const fresh = (await findUserById(tx, user.id))!;
  return sessionResponse(ctx, tx, fresh, session, refresh);
}

/**
 * grant_type=refresh_token with rotation. A live token is revoked and replaced by a child. A
 * revoked token presented within the reuse interval gets the session's current live token back
 * (the client lost our previous answer); any later reuse revokes the whole session family.
 */
export async function refreshGrant(
  ctx: AppContext,
  tx: Queryable,
  presented: string,
  meta: RequestMeta,
): Promise<SessionResponse | AuthError> {
  const row = await loadRefreshTokenForUpdate(tx, presented);
  if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const session = await findSession(tx, row.session_id);
  if (!session) throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');
  const user = await findUserById(tx, row.user_id);
  if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (user.is_banned) throw errors.banned();

  const next = row.revoked ? await reuseAnswer(tx, row) : await rotate(tx, row);
  // Returned, not thrown: the family revocation must commit together with the refusal.
  if (next instanceof AuthError) return next;
  await touchSession(tx, session.id, meta.userAgent, meta.ip);
  return sessionResponse(ctx, tx, user, session, next);
}

async function rotate(
  tx: Queryable,
  row: { id: string; token: string; user_id: string; session_id: string },
): Promise<string> {
  await revokeRefreshToken(tx, row.id);
  return insertRefreshToken(tx, { userId: row.user_id, sessionId: row.session_id, parent: row.token });
}

/** Either the current live token (inside the window) or reuse detection. */
async function reuseAnswer(
  tx: Queryable,
  row: { age_seconds: number; session_id: string },
): Promise<string | AuthError> {
  if (row.age_seconds <= REFRESH_REUSE_INTERVAL_SECONDS) {
    const current = await activeRefreshToken(tx, row.session_id);
    if (current) return current;
  }
  await revokeSessionTokens(tx, row.session_id);
  return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
}
