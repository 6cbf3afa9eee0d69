// MFA with TOTP factors (§A.11): enroll (secret, otpauth URI, SVG QR code), challenge, verify
// (→ aal2 session with amr totp and a replaced refresh token), unenroll.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { isPgError } from '@tagledger/db';
import { AuthError } from '../errors.js';
import { authenticate, bodyOf, rateLimit, requestMeta, str, type Authenticated } from '../guards.js';
import { findUserById } from '../models/users.js';
import { addAmrClaim, findSession, insertRefreshToken, revokeSessionTokens } from '../models/sessions.js';
import { newTotpSecret, verifyTotp } from '../services/totp.js';
import { sessionResponse } from '../services/token-service.js';
import { isUuid } from '../../shared/uuid.js';

const MAX_FACTORS = 10;
const CHALLENGE_SECONDS = 300;

async function authenticatedUser(ctx: AppContext, req: FastifyRequest): Promise<Authenticated> {
  const auth = await authenticate(ctx, req);
  if (auth.user.is_anonymous) throw new AuthError(403, 'no_authorization', 'Anonymous users cannot use MFA');
  return auth;
}

interface FactorRow {
  id: string;
  user_id: string;
  status: string;
  factor_type: string;
  secret: string | null;
  friendly_name: string | null;
}

async function loadFactor(ctx: AppContext, req: FastifyRequest, userId: string): Promise<FactorRow> {
  const id = (req.params as Record<string, string>).factorId ?? '';
  const { rows } = isUuid(id)
    ? await ctx.db.query<FactorRow>(
        `select id, user_id, status, factor_type, secret, friendly_name from auth.mfa_factors where id = $1 and user_id = $2`,
        [id.toLowerCase(), userId],
      )
    : { rows: [] };
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

export async function enroll(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user, session } = await authenticatedUser(ctx, req);
  const body = bodyOf(req);
  const type = str(body, 'factor_type');
  if (type !== 'totp') {
    throw new AuthError(
      422,
      type === 'phone' ? 'phone_provider_disabled' : 'validation_failed',
      'Only TOTP factors are supported',
    );
  }
  const friendlyName = str(body, 'friendly_name') || null;
  const issuer = str(body, 'issuer') || ctx.config.appName;
  const { rows: existing } = await ctx.db.query<{ status: string }>(
    `select status from auth.mfa_factors where user_id = $1`,
    [user.id],
  );
  if (existing.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  if (existing.length >= MAX_FACTORS) {
    throw new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  const secret = newTotpSecret();
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(user.email ?? user.id)}`;
  const uri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
  let id: string;
  try {
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, secret) values ($1, $2, 'totp', $3) returning id`,
      [user.id, friendlyName, secret],
    );
    id = rows[0]!.id;
  } catch (err) {
    if (isPgError(err) && err.code === '23505') {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    throw err;
  }
  // qrcode loads with the first enrolment, not with the server (decision 0110).
  const { totpQrSvg } = await import('../services/totp-qr.js');
  const qr = await totpQrSvg(uri);
  return { id, type: 'totp', friendly_name: friendlyName ?? '', totp: { qr_code: qr, secret, uri } };
}

export async function challenge(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user } = await authenticatedUser(ctx, req);
  await rateLimit(ctx, `mfa:user:${user.id}`, 15, 60);
  const factor = await loadFactor(ctx, req, user.id);
  const { rows } = await ctx.db.query<{ id: string; expires_at: number }>(
    `with c as (insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2) returning id, created_at)
     select id, floor(extract(epoch from created_at))::int + $3::int as expires_at from c`,
    [factor.id, requestMeta(req).ip, CHALLENGE_SECONDS],
  );
  await ctx.db.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
  // Housekeeping: challenges are useless after five minutes; keep a day for auditing.
  await ctx.db.query(`delete from auth.mfa_challenges where created_at < now() - interval '24 hours'`);
  return { id: rows[0]!.id, type: 'totp', expires_at: rows[0]!.expires_at };
}

export async function verifyFactor(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user, session } = await authenticatedUser(ctx, req);
  await rateLimit(ctx, `mfa:user:${user.id}`, 15, 60);
  const factor = await loadFactor(ctx, req, user.id);
  const body = bodyOf(req);
  const challengeId = str(body, 'challenge_id') ?? '';
  const code = str(body, 'code') ?? '';
  if (!isUuid(challengeId)) throw new AuthError(404, 'mfa_factor_not_found', 'Challenge not found');

  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; expired: boolean; verified_at: Date | null }>(
      `select id, created_at < now() - make_interval(secs => $3::float8) as expired, verified_at
         from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
      [challengeId.toLowerCase(), factor.id, CHALLENGE_SECONDS],
    );
    const ch = rows[0];
    if (!ch) throw new AuthError(404, 'mfa_factor_not_found', 'Challenge not found');
    if (ch.expired || ch.verified_at) {
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${ch.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (!factor.secret || !verifyTotp(factor.secret, code)) {
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [ch.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
      session.id,
      factor.id,
    ]);
    await addAmrClaim(tx, session.id, 'totp');
    // The old refresh token must not keep producing aal1 tokens for this now-aal2 session.
    await revokeSessionTokens(tx, session.id);
    const refresh = await insertRefreshToken(tx, { userId: user.id, sessionId: session.id, parent: null });
    const freshUser = (await findUserById(tx, user.id))!;
    return sessionResponse(ctx, tx, freshUser, (await findSession(tx, session.id))!, refresh);
  });
}

export async function unenroll(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  const { user, session } = await authenticatedUser(ctx, req);
  const factor = await loadFactor(ctx, req, user.id);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  return { id: factor.id };
}
