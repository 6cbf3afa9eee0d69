// The contract for server functions (/functions/v1/:name). Each function lives in its own module
// in this folder and is listed in registry.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import type { Identity as Principal } from '../shared/identify.js';

export interface FunctionCall {
  ctx: AppContext;
  /** Who is calling, from the verified bearer token (anon when verifyJwt is false and none was sent). */
  principal: Principal;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * The request body as received (also decoded into req.body: JSON → value, text/* → string,
   * multipart/form-data → FormData, url-encoded → object, anything else → Buffer).
   * Undefined when the request had no body.
   */
  rawBody?: Buffer | undefined;
}

/** Throw from a handler to answer {error: message} with a 4xx status (anything else is a 500). */
export class FunctionError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ServerFunction {
  name: string;
  /**
   * When true (the default on hosted Supabase), a valid JWT is required before the handler runs,
   * and a user with a verified two-factor factor must call with an aal2 session.
   */
  verifyJwt: boolean;
  /** Maximum request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Returns the response body (sent as JSON), or sends through call.reply itself. */
  handler(call: FunctionCall): Promise<unknown>;
}
