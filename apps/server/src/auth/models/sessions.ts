// auth.sessions, auth.refresh_tokens and auth.mfa_amr_claims data access.
import crypto from 'node:crypto';
import type { Queryable } from '@tagledger/db';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string;
  factor_id: string | null;
  not_after: Date | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  /** Seconds since the row was last updated (revocation time for revoked tokens). */
  age_seconds: number;
}

export function newRefreshTokenValue(): string {
  // 192 bits of entropy, URL-safe; clients treat it as opaque.
  return crypto.randomBytes(24).toString('base64url');
}

export async function insertSession(
  tx: Queryable,
  s: { userId: string; aal: string; factorId?: string | null; userAgent?: string; ip?: string },
): Promise<SessionRow> {
  const id = crypto.randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, aal, factor_id, user_agent, ip) values ($1, $2, $3, $4, $5, $6)`,
    [id, s.userId, s.aal, s.factorId ?? null, s.userAgent ?? null, s.ip ?? null],
  );
  return { id, user_id: s.userId, aal: s.aal, factor_id: s.factorId ?? null, not_after: null };
}

export async function findSession(tx: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await tx.query<SessionRow>(
    `select id, user_id, aal, factor_id, not_after from auth.sessions where id = $1`,
    [id],
  );
  return rows[0];
}

export async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** The session's authentication methods, newest first, as the JWT's amr claim. */
export async function amrClaims(tx: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await tx.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::int as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows;
}

export async function insertRefreshToken(
  tx: Queryable,
  t: { userId: string; sessionId: string; parent: string | null },
): Promise<string> {
  const token = newRefreshTokenValue();
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
    token,
    t.userId,
    t.sessionId,
    t.parent,
  ]);
  return token;
}

/** Loads a refresh token and locks it, so concurrent refreshes of one token serialise. */
export async function loadRefreshTokenForUpdate(tx: Queryable, token: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id::text, token, user_id, session_id, parent, revoked,
            extract(epoch from (now() - updated_at))::float8 as age_seconds
       from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return rows[0];
}

/** The session's newest live (unrevoked) token, if any. */
export async function activeRefreshToken(tx: Queryable, sessionId: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  );
  return rows[0]?.token;
}

export async function revokeRefreshToken(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [id]);
}

export async function revokeSessionTokens(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`,
    [sessionId],
  );
}

export async function touchSession(
  tx: Queryable,
  sessionId: string,
  userAgent: string | undefined,
  ip: string | undefined,
): Promise<void> {
  await tx.query(
    `update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = coalesce($2, user_agent), ip = coalesce($3, ip) where id = $1`,
    [sessionId, userAgent ?? null, ip ?? null],
  );
}

export async function deleteSessions(
  tx: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  currentSessionId: string | undefined,
): Promise<void> {
  if (scope === 'global') await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
  else if (scope === 'local')
    await tx.query(`delete from auth.sessions where user_id = $1 and id = $2`, [userId, currentSessionId ?? null]);
  else
    await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [
      userId,
      currentSessionId ?? null,
    ]);
}

export async function auditLog(
  tx: Queryable,
  action: string,
  actorId: string | null,
  ip: string,
  traits: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(`insert into auth.audit_log_entries (payload, ip_address) values ($1, $2)`, [
    JSON.stringify({ action, actor_id: actorId, traits }),
    ip.slice(0, 64),
  ]);
}
