// /auth/v1 — the GoTrue-compatible auth service. Reads like GoTrue's api.go: each line is a
// path, its guard and its handler. Infrastructure for the whole prefix is set up first:
// JSON parsing (empty body → {}, bad JSON → bad_json), the API-key gateway, and one error
// handler (and a 404 handler) that write every error in the dialect the request asked for (§A.2.3).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { IdentifyError } from '../shared/identify.js';
import {
  API_VERSION_2024,
  AuthError,
  type OAuthError,
  sendAnyAuthError,
  sendAuthError,
  wantsNewDialect,
} from './errors.js';
import { signup } from './handlers/signup.js';
import { token } from './handlers/token.js';
import { getUser, linkIdentity, logout, reauthenticate, unlinkIdentity, updateCurrentUser } from './handlers/user.js';
import { verifyGet, verifyPost } from './handlers/verify.js';
import { otp, recover, resend } from './handlers/recover.js';
import { authorize, callback, health, settings, sso } from './handlers/settings.js';
import {
  createUser,
  deleteUser,
  deleteUserFactor,
  generateLink,
  getUserById,
  invite,
  listUserFactors,
  listUsers,
  updateUserById,
} from './handlers/admin-users.js';
import { challenge, enroll, unenroll, verifyFactor } from './handlers/factors.js';

const MAX_BODY = 1024 * 1024;

/** Routes a browser reaches from an e-mail or a provider: no API key (§1.2). */
function isOpenRoute(req: FastifyRequest): boolean {
  const path = (req.routeOptions.url ?? req.url.split('?')[0] ?? '').replace(/^\/auth\/v1/, '');
  if (path === '/.well-known/jwks.json' || path === '/callback' || path === '/authorize' || path === '/health')
    return true;
  return req.method === 'GET' && path === '/verify';
}

/** Thrown while parsing: a key or string of the body holds U+0000. */
class NulCharacter extends Error {}

/**
 * PostgreSQL's text cannot hold U+0000, so a body carrying it (JSON's "\u0000") would fail in the
 * database as a 500 wherever the string reaches a query (the fuzz test found an e-mail address
 * "\u0000" at sign-in). It is refused while parsing, for every field of every route.
 */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) throw new NulCharacter();
  return value;
}

function parseJson(_req: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void): void {
  if (body.trim() === '') return done(null, {});
  try {
    done(null, JSON.parse(body, refuseNul));
  } catch (err) {
    if (err instanceof NulCharacter)
      return done(new AuthError(400, 'validation_failed', 'Request body must not contain the NUL character (U+0000)'));
    done(new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(err as Error).message}`));
  }
}

export async function authRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY }, parseJson);
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY }, parseJson);

  app.setErrorHandler((err: FastifyError | AuthError | OAuthError, req, reply) => sendAnyAuthError(req, reply, err));
  // Unknown paths and methods: the 404 handler of this prefix also parses bodies with the
  // parsers above, so an empty or malformed body cannot surface as a framework error here.
  app.setNotFoundHandler((req, reply) => sendAuthError(req, reply, new AuthError(404, 'not_found', 'Not Found')));

  app.addHook('onRequest', async (req, reply) => {
    if (wantsNewDialect(req)) reply.header('x-supabase-api-version', API_VERSION_2024);
    if (req.method === 'OPTIONS' || isOpenRoute(req)) return;
    try {
      await ctx.identifier.apiKeyRole(req);
    } catch (err) {
      if (!(err instanceof IdentifyError)) throw err;
      // The gateway's own answer, as hosted Supabase's gateway words it (§1.2).
      const hint =
        err.failure === 'no_api_key'
          ? 'No `apikey` request header or url param was found.'
          : 'Double check your Supabase `anon` or `service_role` API key.';
      return reply.status(401).send({ message: err.message, hint });
    }
  });

  type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const h =
    (fn: (ctx: AppContext, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>): Handler =>
    (req, reply) =>
      fn(ctx, req, reply);

  app.get('/.well-known/jwks.json', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=600').send(ctx.keys.jwks),
  );
  app.get('/health', h(health));
  app.get('/settings', h(settings));

  app.post('/signup', h(signup));
  app.post('/token', h(token));
  app.post('/otp', h(otp));
  app.post('/magiclink', h(otp));
  app.post('/verify', h(verifyPost));
  app.get('/verify', h(verifyGet));
  app.post('/recover', h(recover));
  app.post('/resend', h(resend));
  app.post('/sso', h(sso));
  app.get('/authorize', h(authorize));
  app.get('/callback', h(callback));
  app.post('/callback', h(callback));
  app.get('/user/identities/authorize', h(linkIdentity));
  app.delete('/user/identities/:identityId', h(unlinkIdentity));

  app.get('/user', h(getUser));
  app.put('/user', h(updateCurrentUser));
  app.post('/logout', h(logout));
  app.get('/reauthenticate', h(reauthenticate));

  app.post('/factors', h(enroll));
  app.post('/factors/:factorId/challenge', h(challenge));
  app.post('/factors/:factorId/verify', h(verifyFactor));
  app.delete('/factors/:factorId', h(unenroll));

  app.get('/admin/users', h(listUsers));
  app.post('/admin/users', h(createUser));
  app.get('/admin/users/:id', h(getUserById));
  app.put('/admin/users/:id', h(updateUserById));
  app.delete('/admin/users/:id', h(deleteUser));
  app.get('/admin/users/:id/factors', h(listUserFactors));
  app.delete('/admin/users/:id/factors/:factorId', h(deleteUserFactor));
  app.post('/admin/generate_link', h(generateLink));
  app.post('/invite', h(invite));
}
