// The gateway step every API shares (SUPABASE-PROTOCOL §1.2): require an API key, then resolve
// who is calling from the bearer token (a user access token or an API key JWT).
import type { FastifyRequest } from 'fastify';
import type { DbRole } from '../db/request-context.js';
import { JwtError, type JwtClaims, type Keys } from './keys.js';

export interface Principal {
  role: DbRole;
  claims: JwtClaims;
  /** The user id (sub) for user tokens; undefined for API keys. */
  userId: string | undefined;
  /** The raw bearer token, when one was sent. */
  token: string | undefined;
}

export type ApiKeyCheck = { ok: true; role: DbRole } | { ok: false; status: 401; body: { message: string; hint?: string } };

export async function checkApiKey(req: FastifyRequest, keys: Keys): Promise<ApiKeyCheck> {
  const query = req.query as Record<string, unknown> | undefined;
  const header = req.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? (typeof query?.apikey === 'string' ? query.apikey : undefined);
  if (!key) {
    return {
      ok: false,
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    };
  }
  const invalid = {
    ok: false as const,
    status: 401 as const,
    body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
  };
  try {
    const claims = await keys.verify(key);
    if (claims.role === 'anon' || claims.role === 'service_role' || claims.role === 'authenticated') {
      return { ok: true, role: claims.role };
    }
    return invalid;
  } catch {
    return invalid;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s*(.*)$/i.exec(h);
  return m ? (m[1] ?? '').trim() : undefined;
}

/**
 * Resolves the principal from the Authorization header. No header → the API key's role.
 * Throws JwtError when a bearer token is present but invalid or expired.
 */
export async function resolvePrincipal(req: FastifyRequest, keys: Keys, apiKeyRole: DbRole): Promise<Principal> {
  const token = bearerToken(req);
  if (token === undefined) {
    return { role: apiKeyRole, claims: { role: apiKeyRole }, userId: undefined, token: undefined };
  }
  const claims = await keys.verify(token);
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw new JwtError(`role "${role}" does not exist`, 'claims');
  }
  return { role, claims, userId: typeof claims.sub === 'string' ? claims.sub : undefined, token };
}
