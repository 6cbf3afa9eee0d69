// /rest/v1 — PostgREST-compatible data API (SUPABASE-PROTOCOL Part B). Thin: gateway checks (API
// key, JWT → role), body decoding, then handleRestRequest; the schema cache is built at start.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { IdentifyError, type Identity } from '../shared/identify.js';
import { headerMap } from '../shared/http.js';
import { RestError } from './errors.js';
import { errorResponse, handleRestRequest } from './pipeline.js';
import { getSchemaCache } from './schema-cache/index.js';
import { startSchemaListener } from './schema-cache/listen.js';
import type { RestResponse } from './response/build-response.js';

export { reloadSchemaCache } from './schema-cache/index.js';

/**
 * Security headers for JSON API answers, fixed at start. helmet's global hook rebuilds its
 * middleware on every request, which cost ~6% of data-API throughput; for JSON these static
 * headers say everything that matters (no sniffing, nothing to frame or execute).
 */
const API_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
};

function send(reply: FastifyReply, res: RestResponse): FastifyReply {
  reply.status(res.status).headers(API_SECURITY_HEADERS).headers(res.headers);
  return res.body === undefined ? reply.send() : reply.send(res.body);
}

const API_KEY_HINTS: Partial<Record<IdentifyError['failure'], string>> = {
  no_api_key: 'No `apikey` request header or url param was found.',
  invalid_api_key: 'Double check your Supabase `anon` or `service_role` API key.',
};

/** A failed identification in PostgREST's words: 401 with PGRST301/PGRST303 and WWW-Authenticate. */
function identifyError(err: IdentifyError): RestError {
  if (/^role ".*" does not exist$/.test(err.message)) return new RestError(401, '22023', err.message);
  // Bad signature, unknown key, malformed → PGRST301; a token that verified but whose claims no
  // longer hold (expired, session ended, user banned or gone) → PGRST303.
  const jwtReason = err.jwt?.reason;
  const code =
    err.failure === 'invalid_jwt' && jwtReason !== 'expired' && jwtReason !== 'claims' ? 'PGRST301' : 'PGRST303';
  return new RestError(401, code, err.message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"`,
  });
}

/** Decodes the body by Content-Type; bad JSON → PGRST102 rather than Fastify's own error shape. */
function decodeBody(req: FastifyRequest): unknown {
  const raw = req.body;
  if (raw === undefined || raw === null) return undefined;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
  if (text.trim() === '') return undefined;
  const type = (req.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  if (type === 'application/json' || type.endsWith('+json') || type === 'text/plain' || type === '') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
  }
  throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${type}`);
}

/**
 * Any error under /rest/v1 that did not come out of the pipeline — the framework's own (body
 * limit, bad URL) or an unexpected throw — as a PostgREST error body, never Fastify's shape.
 */
export function sendAnyRestError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof RestError) return send(reply, errorResponse(err));
  const fe = err as { code?: string; statusCode?: number; message?: string };
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
    return send(reply, errorResponse(new RestError(413, 'PGRST102', 'Request body too large')));
  }
  if (fe.code === 'FST_ERR_BAD_URL' || fe.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, errorResponse(new RestError(400, 'PGRST100', 'Invalid request path')));
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return send(reply, errorResponse(new RestError(fe.statusCode, 'PGRST102', fe.message ?? 'Invalid request')));
  }
  req.log.error({ err }, 'rest request failed');
  return send(reply, errorResponse(new RestError(500, 'XX000', 'Internal server error')));
}

export async function restRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  // Build the cache now (migrations already ran) so the first request does not pay for it.
  await getSchemaCache(ctx.db);
  const stopListener = await startSchemaListener(ctx.db);
  app.addHook('onClose', () => stopListener());

  app.setErrorHandler((err, req, reply) => sendAnyRestError(req, reply, err));

  // Take every body as text: this plugin decodes it and answers errors in PostgREST's shape.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    let principal: Identity;
    try {
      const apiKeyRole = await ctx.identifier.apiKeyRole(req);
      principal = await ctx.identifier.identify(req, { fallbackRole: apiKeyRole });
    } catch (err) {
      if (!(err instanceof IdentifyError)) throw err;
      const hint = API_KEY_HINTS[err.failure];
      // The gateway's own answer (not PostgREST's) when the API key is missing or wrong.
      if (hint) return reply.status(401).headers(API_SECURITY_HEADERS).send({ message: err.message, hint });
      return send(reply, errorResponse(identifyError(err)));
    }
    let body: unknown;
    try {
      body = decodeBody(req);
    } catch (err) {
      if (err instanceof RestError) return send(reply, errorResponse(err));
      throw err;
    }
    const url = req.raw.url ?? '';
    const q = url.indexOf('?');
    const path = `/${(req.params as { '*'?: string })['*'] ?? ''}`;
    const res = await handleRestRequest(
      {
        db: ctx.db,
        txEnd: ctx.config.restTxEnd,
        planOptions: { aggregates: ctx.config.restAggregatesEnabled, maxRows: ctx.config.restMaxRows },
        parseOptions: { schemas: ctx.config.restSchemas, planEnabled: ctx.config.restPlanEnabled },
        extraSearchPath: ctx.config.restExtraSearchPath,
        onInternalError: (err) => req.log.error({ err }, 'rest request failed'),
        onRefusal: (e) => req.log.info({ sqlstate: e.code, status: e.status }, 'rest request refused by the database'),
      },
      { method: req.method, path, queryString: q >= 0 ? url.slice(q + 1) : '', headers: req.headers, body },
      { role: principal.role, claims: principal.claims, method: req.method, path, headers: headerMap(req) },
    );
    return send(reply, res);
  };

  // helmet's per-route switch; API_SECURITY_HEADERS replace its headers on these routes.
  const methods: ('GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE')[] = [
    'GET',
    'HEAD',
    'POST',
    'PATCH',
    'PUT',
    'DELETE',
  ];
  app.route({ method: methods, url: '/*', exposeHeadRoute: false, helmet: false, handler });
  app.route({ method: methods, url: '/', exposeHeadRoute: false, helmet: false, handler });
}
