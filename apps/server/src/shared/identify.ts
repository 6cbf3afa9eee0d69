// Who is calling — worked out here once for every API (ARCHITECTURE, "Who is calling"); each API
// maps an IdentifyError to its own wire error (PostgREST, Storage, the functions gateway, GoTrue).
// A credential counts only when all of these hold:
//   1. it is a JWT signed by one of our keys, named by its `kid` (keys.ts), and not expired;
//   2. its `role` is one of the database roles (DB_ROLES) — signed storage URLs and ledger
//      checkpoint signatures carry none, so they are never credentials for the APIs;
//   3. a user token (it names a `sub`, or its role is authenticated) names a session that is still
//      alive, of a user who still exists and is not banned (session-liveness.ts). API-key JWTs
//      (anon, service_role) name no user and no session and stay valid.
import type { FastifyRequest } from 'fastify';
import { isDbRole, type DbRole } from '@tagledger/db';
import { JwtError, type JwtClaims, type Keys } from './keys.js';
import type { SessionLiveness } from './session-liveness.js';
import { cachingKeys } from './verify-cache.js';
import { isUuid } from './uuid.js';

export interface Identity {
  role: DbRole;
  /** The verified claims; for a request identified by its API key alone, just {role}. */
  claims: JwtClaims;
  /** The user id (sub) for user tokens; undefined for API keys. */
  userId: string | undefined;
  /** The live session a user token belongs to. */
  sessionId: string | undefined;
  /** Authenticator assurance level claimed by a user token (aal1, or aal2 after MFA). */
  aal: 'aal1' | 'aal2' | 'aal3' | undefined;
  /** The raw token the identity came from, when one was sent. */
  token: string | undefined;
}

export type IdentifyFailure =
  | 'no_api_key'
  | 'invalid_api_key'
  | 'no_token'
  | 'invalid_jwt'
  | 'invalid_role'
  | 'missing_sub'
  | 'invalid_sub'
  | 'user_not_found'
  | 'session_not_found'
  | 'user_banned';

export class IdentifyError extends Error {
  constructor(
    readonly failure: IdentifyFailure,
    message: string,
    /** The verification error, for failure 'invalid_jwt'. */
    readonly jwt?: JwtError,
  ) {
    super(message);
  }
}

export interface Identifier {
  /** The role of the request's API key (`apikey` header or `?apikey=`). */
  apiKeyRole(req: FastifyRequest): Promise<DbRole>;
  /**
   * The caller of a request, from its bearer token — or, with `apiKeyAsToken` (Storage), from the
   * `apikey` header when no bearer is sent. With no token at all: `fallbackRole` when given,
   * else IdentifyError 'no_token'. `fresh` skips the session cache (the auth service).
   */
  identify(
    req: FastifyRequest,
    opts?: { fallbackRole?: DbRole; apiKeyAsToken?: boolean; fresh?: boolean },
  ): Promise<Identity>;
  /** The caller a token stands for (steps 1–3 above). */
  identifyToken(token: string, opts?: { fresh?: boolean }): Promise<Identity>;
}

const AAL = new Set(['aal1', 'aal2', 'aal3']);

const SESSION_FAILURES = {
  user_not_found: 'User from sub claim in JWT does not exist',
  session_not_found: 'Session from session_id claim in JWT does not exist',
  user_banned: 'User is banned',
} as const;

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s*(.*)$/i.exec(h);
  return m ? (m[1] ?? '').trim() : undefined;
}

function apiKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers.apikey;
  if (header !== undefined) return Array.isArray(header) ? header[0] : header;
  const query = req.query as Record<string, unknown> | undefined;
  return typeof query?.apikey === 'string' ? query.apikey : undefined;
}

export function roleIdentity(role: DbRole): Identity {
  return { role, claims: { role }, userId: undefined, sessionId: undefined, aal: undefined, token: undefined };
}

export function createIdentifier(keys: Keys, liveness: SessionLiveness): Identifier {
  // The same API key and access token arrive on every request: verify each once until it expires.
  const verifier = cachingKeys(keys);

  async function identifyToken(token: string, opts: { fresh?: boolean } = {}): Promise<Identity> {
    let claims: JwtClaims;
    try {
      claims = await verifier.verify(token);
    } catch (err) {
      if (err instanceof JwtError) throw new IdentifyError('invalid_jwt', err.message, err);
      throw err;
    }
    const role = claims.role;
    if (!isDbRole(role)) {
      throw new IdentifyError(
        'invalid_role',
        typeof role === 'string' ? `role "${role}" does not exist` : 'JWT has no role claim',
      );
    }
    const aal = typeof claims.aal === 'string' && AAL.has(claims.aal) ? (claims.aal as Identity['aal']) : undefined;
    const isUserToken = claims.sub !== undefined || role === 'authenticated';
    if (!isUserToken) return { role, claims, userId: undefined, sessionId: undefined, aal, token };

    const sub = claims.sub;
    if (typeof sub !== 'string' || !sub) throw new IdentifyError('missing_sub', 'invalid claim: missing sub claim');
    if (!isUuid(sub)) throw new IdentifyError('invalid_sub', 'invalid claim: sub claim must be a UUID');
    const sessionId =
      typeof claims.session_id === 'string' && isUuid(claims.session_id) ? claims.session_id : undefined;
    const verdict = sessionId ? await liveness.check(sub, sessionId, opts) : 'session_not_found';
    if (verdict !== 'alive') throw new IdentifyError(verdict, SESSION_FAILURES[verdict]);
    return { role, claims, userId: sub, sessionId, aal, token };
  }

  return {
    identifyToken,

    async apiKeyRole(req) {
      const key = apiKeyOf(req);
      if (!key) throw new IdentifyError('no_api_key', 'No API key found in request');
      try {
        return (await identifyToken(key)).role;
      } catch (err) {
        if (err instanceof IdentifyError) throw new IdentifyError('invalid_api_key', 'Invalid API key');
        throw err;
      }
    },

    async identify(req, opts = {}) {
      const token = bearerToken(req) ?? (opts.apiKeyAsToken ? apiKeyOf(req) : undefined);
      if (token !== undefined) return identifyToken(token, opts);
      if (opts.fallbackRole) return roleIdentity(opts.fallbackRole);
      throw new IdentifyError('no_token', 'Missing authorization header');
    },
  };
}
