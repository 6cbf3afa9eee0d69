// One-time tokens, link building and PKCE flow states (SUPABASE-PROTOCOL §A.5, §A.7); the
// redirect allow list is in redirect.ts.
import crypto from 'node:crypto';
import type { Queryable } from '@tagledger/db';
import type { AppContext } from '../../shared/context.js';
import { AuthError, errors } from '../errors.js';

/** E-mail one-time tokens are valid this long after they were sent. */
export const OTP_EXPIRY_SECONDS = 3600;
/** Minimum gap between two mails of the same kind to one user. */
export const MAIL_FREQUENCY_SECONDS = 60;
/** A PKCE code must be exchanged within this long after it was issued. */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

export function newOtpCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** The value stored in a token slot and placed in links: hex(SHA-224(email + code)). */
export function otpHash(emailOrPhone: string, code: string): string {
  return crypto
    .createHash('sha224')
    .update(emailOrPhone + code)
    .digest('hex');
}

/** A freshly minted e-mail token: the code for humans, the stored hash (pkce_-prefixed for PKCE). */
export function mintEmailToken(email: string, pkce: boolean): { code: string; stored: string } {
  const code = newOtpCode();
  const hash = otpHash(email, code);
  return { code, stored: pkce ? `pkce_${hash}` : hash };
}

export type MailSlot =
  'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at' | 'reauthentication_sent_at';

/**
 * Claims the right to mail this user now: sets the slot's *_sent_at unless a mail of that kind
 * went out less than MAIL_FREQUENCY_SECONDS ago (atomic, so parallel requests cannot both win).
 */
export async function claimMailSlot(ctx: AppContext, tx: Queryable, userId: string, slot: MailSlot): Promise<void> {
  const gap = ctx.config.rateLimitsEnabled ? MAIL_FREQUENCY_SECONDS : 0;
  const { rows } = await tx.query<{ claimed: boolean; wait: number }>(
    `with claim as (
       update auth.users set ${slot} = now()
        where id = $1 and (${slot} is null or ${slot} <= now() - make_interval(secs => $2::float8))
        returning true as claimed)
     select coalesce((select claimed from claim), false) as claimed,
            coalesce(ceil($2::float8 - extract(epoch from now() - (select ${slot} from auth.users where id = $1))), 0)::int as wait`,
    [userId, gap],
  );
  const r = rows[0]!;
  if (!r.claimed) throw errors.mailFrequency(Math.max(1, r.wait));
}

// ---- links ----

/** Adds query parameters, keeping the URL's own query and fragment. */
export function withQuery(raw: string, params: Record<string, string>): string {
  const url = new URL(raw);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Go's url.QueryEscape: everything but A–Z a–z 0–9 - _ . ~ is percent-encoded, spaces as '+'. */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The GET /verify link of magic-link, invite and e-mail-change mails and of generate_link.
 * Like GoTrue, redirect_to is left as it is unless it contains '&', '=' or '#' (then it would
 * break the link's own query and is escaped), so a plain URL stays readable.
 */
export function verifyActionLink(publicUrl: string, tokenHash: string, type: string, redirectTo: string): string {
  const redirect = /[&=#]/.test(redirectTo) ? queryEscape(redirectTo) : redirectTo;
  return `${publicUrl}/auth/v1/verify?token=${queryEscape(tokenHash)}&type=${queryEscape(type)}&redirect_to=${redirect}`;
}

/** Puts params into the fragment, keys sorted like Go's url.Values.Encode. */
export function withFragment(raw: string, params: Record<string, string>): string {
  const url = new URL(raw);
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]!] as [string, string]);
  url.hash = new URLSearchParams(sorted).toString();
  return url.toString();
}

// ---- PKCE ----

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** Validates code_challenge/code_challenge_method: both or neither. */
export function parsePkce(body: Record<string, unknown>): PkceParams | undefined {
  const challenge = typeof body.code_challenge === 'string' && body.code_challenge ? body.code_challenge : undefined;
  const methodRaw =
    typeof body.code_challenge_method === 'string' && body.code_challenge_method
      ? body.code_challenge_method
      : undefined;
  if (!challenge && !methodRaw) return undefined;
  if (!challenge || !methodRaw) throw errors.validation('PKCE flow requires code_challenge_method and code_challenge');
  const method = methodRaw.toLowerCase();
  if (method !== 's256' && method !== 'plain')
    throw errors.validation(`code challenge method not supported: ${methodRaw}`);
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw errors.validation('code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method };
}

export async function createFlowState(
  tx: Queryable,
  f: { userId: string; pkce: PkceParams; authenticationMethod: string },
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
     values ($1, $2, $3, $4, $5)`,
    [f.userId, crypto.randomUUID(), f.pkce.method, f.pkce.challenge, f.authenticationMethod],
  );
  // Housekeeping: abandoned flow states go after a day.
  await tx.query(`delete from auth.flow_state where created_at < now() - interval '24 hours'`);
}

/** For GET /verify with a pkce_ token: stamps the latest flow state and returns its auth code. */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  authenticationMethod: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, authenticationMethod],
  );
  return rows[0]?.auth_code;
}

function verifierMatches(flow: { code_challenge: string; code_challenge_method: string }, verifier: string): boolean {
  const expected =
    flow.code_challenge_method === 's256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.code_challenge);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** grant_type=pkce: checks the flow state and consumes it; returns the user id and amr method. */
export async function consumeFlowState(
  tx: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: string }> {
  const { rows } = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            coalesce(auth_code_issued_at, created_at) < now() - make_interval(secs => $2::float8) as expired
       from auth.flow_state where auth_code = $1 for update`,
    [authCode, FLOW_STATE_EXPIRY_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id)
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (!verifierMatches(flow, verifier)) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
