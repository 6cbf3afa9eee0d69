// Request guards and small input helpers shared by the handlers.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { IdentifyError, type Identity } from '../shared/identify.js';
import { clientIp } from '../shared/http.js';
import type { JwtClaims } from '../shared/keys.js';
import { AuthError, errors } from './errors.js';
import { findUserById, type UserRow } from './models/users.js';
import { findSession, type SessionRow } from './models/sessions.js';
import type { RequestMeta } from './services/token-service.js';

export function requestMeta(req: FastifyRequest): RequestMeta {
  const ua = req.headers['user-agent'];
  return { ip: clientIp(req), userAgent: typeof ua === 'string' ? ua.slice(0, 500) : undefined };
}

/** The JSON body as an object (an empty body is {}); anything else is a validation error. */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw errors.validation('Request body must be a JSON object');
  return b as Record<string, unknown>;
}

/** A string field; null/absent → undefined; any other type → 400. */
export function str(obj: Record<string, unknown>, key: string): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw errors.validation(`${key} must be a string`);
  return v;
}

/** Metadata travels inside every access token, so it is kept small. */
const MAX_METADATA_BYTES = 16 * 1024;

/** A JSON object field (metadata); null/absent → undefined; over 16 KiB → 400. */
export function objField(obj: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw errors.validation(`${key} must be an object`);
  if (Buffer.byteLength(JSON.stringify(v)) > MAX_METADATA_BYTES)
    throw errors.validation(`${key} is too large (at most 16 KiB)`);
  return v as Record<string, unknown>;
}

export function queryParam(req: FastifyRequest, key: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[key];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
}

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export function validateEmail(email: string | undefined): string {
  if (!email) throw errors.validation('An email address is required');
  const e = email.trim().toLowerCase();
  if (e.length > 255 || !EMAIL_RE.test(e)) {
    throw new AuthError(400, 'validation_failed', `Unable to validate email address: invalid format`);
  }
  return e;
}

/** Counts one hit against a per-IP or per-e-mail budget; over budget → 429. */
/**
 * GoTrue's phone check: without a leading `+` and spaces, E.164 digits (country code first, at most
 * 15). Phone sign-ins are off here, but a malformed number is answered as GoTrue answers it first.
 */
export function validatePhone(phone: string | undefined): string {
  const digits = (phone ?? '').replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw errors.validation('Invalid phone number format (E.164 required)');
  return digits;
}

export async function rateLimit(ctx: AppContext, key: string, limit: number, windowSeconds = 300): Promise<void> {
  if (!(await ctx.rateLimiter.hit(`auth:${key}`, { limit, windowSeconds }))) throw errors.rateLimited();
}

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow;
}

/** GoTrue's words for a failed identification (SUPABASE-PROTOCOL §A.4, "user"). */
function guardError(err: IdentifyError): AuthError {
  switch (err.failure) {
    case 'no_token':
      return new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    case 'user_not_found':
    case 'session_not_found':
      return new AuthError(403, err.failure, err.message);
    case 'user_banned':
      return errors.banned(403);
    case 'missing_sub':
    case 'invalid_sub':
      return new AuthError(403, 'bad_jwt', err.message);
    default:
      return new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${err.message}`);
  }
}

/** identify() for the auth service: a bearer token is required, and the session is read now. */
async function identifyBearer(ctx: AppContext, req: FastifyRequest): Promise<Identity> {
  try {
    return await ctx.identifier.identify(req, { fresh: true });
  } catch (err) {
    throw err instanceof IdentifyError ? guardError(err) : err;
  }
}

/** The "user" guard of §A.4: a valid access token whose user and session still exist. */
export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<Authenticated> {
  const identity = await identifyBearer(ctx, req);
  if (!identity.userId || !identity.sessionId) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  // identify() has just confirmed both exist; the handlers need the rows themselves.
  const user = await findUserById(ctx.db, identity.userId);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const session = await findSession(ctx.db, identity.sessionId);
  if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims: identity.claims, user, session };
}

/** The "admin" guard: a bearer JWT whose role is service_role. */
export async function requireAdmin(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const identity = await identifyBearer(ctx, req);
  if (identity.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
}
