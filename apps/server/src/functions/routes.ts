// /functions/v1/:name[/…] — the server-functions gateway (SUPABASE-PROTOCOL Part C).
// For each request, in order: find the function (404 NOT_FOUND), verify the JWT when the function
// asks for it (401 before any body is read) together with the two-factor rule (403
// insufficient_aal), read the body within the function's own limit, decode
// it by content type, run the handler, and send its return value as JSON. A FunctionError a handler
// throws becomes its status and {error, code, …}; anything else is a 500 without details. CORS preflights are
// answered by the app-wide cors plugin before routing reaches this code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { bearerToken, IdentifyError, roleIdentity, type Identity as Principal } from '../shared/identify.js';
import { FunctionError, functionErrorFromDb } from './errors.js';
import { serverFunctions } from './registry.js';
import { INSUFFICIENT_AAL, twoFactorSatisfied } from './two-factor.js';
import type { ServerFunction } from './types.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Functions added at run time; only tests use this (to exercise the gateway without shipping fakes). */
const registered = new Map<string, ServerFunction>();

export function registerFunction(fn: ServerFunction): () => void {
  registered.set(fn.name, fn);
  return () => registered.delete(fn.name);
}

function findFunction(name: string): ServerFunction | undefined {
  return registered.get(name) ?? serverFunctions.find((f) => f.name === name);
}

class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.error ?? 'error'));
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    serverFunction?: ServerFunction;
    functionPrincipal?: Principal;
    functionRawBody?: Buffer;
  }
}

/**
 * The caller by the shared identify(). A function that verifies JWTs refuses any failure with the
 * gateway's 401; one that does not treats a missing or failed token as an anonymous caller.
 */
async function resolveCaller(ctx: AppContext, req: FastifyRequest, verifyJwt: boolean): Promise<Principal> {
  if (!bearerToken(req)) {
    if (verifyJwt) throw new GatewayError(401, { code: 401, message: 'Missing authorization header' });
    return roleIdentity('anon');
  }
  try {
    return await ctx.identifier.identify(req);
  } catch (err) {
    if (!(err instanceof IdentifyError)) throw err;
    if (verifyJwt) throw new GatewayError(401, { code: 401, message: 'Invalid JWT' });
    return roleIdentity('anon');
  }
}

/** Reads the body stream, failing with 413 as soon as it passes the limit. */
function readLimited(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Keep reading (and discarding) so the client sees the 413 instead of a reset; a body
        // far beyond the limit is cut off instead.
        stream.removeAllListeners('data');
        let extra = 0;
        stream.on('data', (more: Buffer) => {
          extra += more.length;
          if (extra > 4 * limit + 1024 * 1024) (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
        });
        stream.resume();
        return fail(new GatewayError(413, { error: 'Payload too large' }));
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', fail);
  });
}

/** Decodes the body the way a handler wants it; malformed JSON or forms are a 400. */
async function decodeBody(raw: Buffer, contentType: string): Promise<unknown> {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  try {
    if (type === 'application/json' || type.endsWith('+json'))
      return raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    if (type.startsWith('text/')) return raw.toString('utf8');
    if (type === 'application/x-www-form-urlencoded')
      return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    if (type === 'multipart/form-data')
      return await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new GatewayError(400, {
      error: type === 'multipart/form-data' ? 'Invalid multipart body' : 'Invalid JSON body',
    });
  }
  return raw;
}

function errorStatus(err: unknown): number | undefined {
  const e = err as { statusCode?: unknown; status?: unknown };
  const s = typeof e?.statusCode === 'number' ? e.statusCode : typeof e?.status === 'number' ? e.status : undefined;
  return s !== undefined && s >= 400 && s < 500 ? s : undefined;
}

/** Any error under /functions/v1 (gateway refusals, a function's 4xx, the framework's own). */
export function sendAnyFunctionsError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof GatewayError) return reply.status(err.statusCode).send(err.body);
  if (err instanceof FunctionError) return reply.status(err.statusCode).type('application/json').send(err.body);
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Invalid request path' });
  }
  // A refusal the database raised on purpose (a missing or foreign id, a state that forbids the
  // action) that the function let through: the caller's fault, answered and logged as such.
  const refused = functionErrorFromDb(err);
  if (refused) {
    req.log.info(
      { fn: req.serverFunction?.name, sqlstate: (err as { code?: string }).code, status: refused.statusCode },
      'server function refused by the database',
    );
    return reply.status(refused.statusCode).type('application/json').send(refused.body);
  }
  const status = errorStatus(err);
  if (status) return reply.status(status).send({ error: (err as Error).message });
  req.log.error({ err, fn: req.serverFunction?.name }, 'server function failed');
  return reply.status(500).send({ error: 'Internal error' });
}

export async function functionsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.setErrorHandler((err, req, reply) => sendAnyFunctionsError(req, reply, err));

  // Bodies are read by our own parser so each function's limit applies even without Content-Length.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    const limit = req.serverFunction?.bodyLimit ?? DEFAULT_BODY_LIMIT;
    if (req.serverFunction?.streamBody) {
      // A streaming function reads the body itself, as it arrives, and stops at its limit. A body
      // announced as larger is refused here, before the function runs (read and dropped for a clean 413).
      const declared = Number(req.headers['content-length']);
      if (!(Number.isFinite(declared) && declared > limit)) return done(null, payload);
      readLimited(payload, limit).then(
        () => done(new GatewayError(413, { error: 'Payload too large' }), undefined),
        (err: Error) => done(err, undefined),
      );
      return;
    }
    readLimited(payload, limit)
      .then(
        async (raw) => {
          req.functionRawBody = raw;
          done(null, await decodeBody(raw, req.headers['content-type'] ?? ''));
        },
        (err: Error) => done(err, undefined),
      )
      .catch((err: Error) => done(err, undefined));
  });

  // Runs before the body is read: unknown names and missing/invalid JWTs never cost a read.
  app.addHook('onRequest', async (req) => {
    const name = (req.params as { name?: string }).name ?? '';
    const fn = findFunction(name);
    if (!fn) throw new GatewayError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    req.serverFunction = fn;
    req.functionPrincipal = await resolveCaller(ctx, req, fn.verifyJwt);
    // Functions that need a signed-in caller touch that user's data: a user with a verified
    // factor must have entered a code (aal2). Public functions (verifyJwt false) stay open.
    if (fn.verifyJwt && !(await twoFactorSatisfied(ctx, req.functionPrincipal))) {
      throw new GatewayError(403, { ...INSUFFICIENT_AAL });
    }
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const fn = req.serverFunction!;
    const result = await fn.handler({
      ctx,
      principal: req.functionPrincipal!,
      req,
      reply,
      rawBody: req.functionRawBody,
    });
    if (reply.sent || result === reply) return reply;
    if (result === undefined) return reply.status(204).send();
    return reply.type('application/json').send(JSON.stringify(result));
  };

  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  app.route({ method: methods, url: '/:name', handler });
  // Sub-paths belong to the function (it routes them itself via req.params['*']).
  app.route({ method: methods, url: '/:name/*', handler });
}
