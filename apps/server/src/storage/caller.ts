// Who is calling /storage/v1 (D.1): Storage verifies the bearer JWT itself. A bad, expired or
// missing token is AccessDenied; with no Authorization header the API key's role is used
// (the gateway's identity rule, §1.2).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { bearerToken } from '../shared/principal.js';
import { headerMap } from '../shared/http.js';
import { JwtError } from '../shared/keys.js';
import type { Caller } from './engine.js';
import { errors } from './errors.js';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export async function callerFrom(req: FastifyRequest, ctx: AppContext): Promise<Caller> {
  const header = req.headers.apikey;
  const token = bearerToken(req) ?? (Array.isArray(header) ? header[0] : header);
  if (token === undefined) throw errors.accessDenied('Missing authorization header');
  let claims: Record<string, unknown>;
  try {
    claims = await ctx.keys.verify(token);
  } catch (err) {
    throw errors.accessDenied(err instanceof JwtError ? err.message : 'Invalid JWT');
  }
  const role = claims.role;
  // Signed-URL tokens carry no role; they are not credentials for the API.
  if (typeof role !== 'string' || !ROLES.has(role)) throw errors.accessDenied('Invalid JWT: role claim missing or unknown');
  const { authorization: _a, apikey: _k, cookie: _c, ...headers } = headerMap(req);
  return { role: role as Caller['role'], claims, request: { method: req.method, path: req.url.split('?')[0] ?? '', headers } };
}
