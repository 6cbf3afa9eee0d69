// Who is calling /storage/v1 (D.1): the bearer JWT, or the API key when no Authorization header
// is sent (the gateway's identity rule, §1.2), identified by the shared identify(). Any failure —
// missing, bad or expired token, unknown key, a signed-URL token (no role), an ended session or
// a banned user — is AccessDenied, as Storage answers.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { IdentifyError } from '../shared/identify.js';
import { headerMap } from '../shared/http.js';
import type { Caller } from './engine.js';
import { errors } from './errors.js';

export async function callerFrom(req: FastifyRequest, ctx: AppContext): Promise<Caller> {
  let identity;
  try {
    identity = await ctx.identifier.identify(req, { apiKeyAsToken: true });
  } catch (err) {
    if (!(err instanceof IdentifyError)) throw err;
    throw errors.accessDenied(
      err.failure === 'invalid_role' ? 'Invalid JWT: role claim missing or unknown' : err.message,
    );
  }
  const { authorization: _a, apikey: _k, cookie: _c, ...headers } = headerMap(req);
  return {
    role: identity.role,
    claims: identity.claims,
    request: { method: req.method, path: req.url.split('?')[0] ?? '', headers },
  };
}
