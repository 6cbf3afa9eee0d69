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
    // Storage verifies the empty token of a request without credentials and says so in jose's words.
    const message =
      err.failure === 'invalid_role'
        ? 'Invalid JWT: role claim missing or unknown'
        : err.failure === 'no_token'
          ? 'Invalid Compact JWS'
          : err.message;
    throw errors.accessDenied(message);
  }
  const { authorization: _a, apikey: _k, cookie: _c, ...headers } = headerMap(req);
  return {
    role: identity.role,
    claims: identity.claims,
    request: { method: req.method, path: req.url.split('?')[0] ?? '', headers },
  };
}
