// The contract for server functions (/functions/v1/:name). Each function lives in its own module
// in this folder and is listed in registry.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FunctionName, FunctionResponse } from '@tagledger/functions-api';
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

/** What a function answers: its contract's response (@tagledger/functions-api), or the reply it sent itself. */
type Answer<N extends string> = (N extends FunctionName ? FunctionResponse<N> : unknown) | FastifyReply;

export interface ServerFunction<N extends string = string> {
  name: N;
  /**
   * When true (the default on hosted Supabase), a valid JWT is required before the handler runs,
   * and a user with a verified two-factor factor must call with an aal2 session.
   */
  verifyJwt: boolean;
  /** Maximum request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * When true the gateway does not read the body: req.body is the request stream itself, which
   * the handler reads (and limits) as it goes — for uploads too large to hold in memory at once.
   */
  streamBody?: boolean;
  /**
   * Returns the response body (sent as JSON), or sends through call.reply itself. Refuses the
   * call by throwing FunctionError (errors.ts).
   */
  handler(call: FunctionCall): Promise<Answer<N>>;
}
