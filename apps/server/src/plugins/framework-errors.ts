// Errors Fastify raises before any route or plugin is chosen (an undecodable URL, an over-long
// path parameter) cannot reach a plugin's error handler; the constructor's frameworkErrors hook
// sends them here, and each API prefix answers in its own shape. Everything else keeps the
// app-wide handler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAnyAuthError } from '../auth/errors.js';
import { sendAnyRestError } from '../rest/routes.js';
import { sendAnyStorageError } from '../storage/errors.js';
import { sendAnyFunctionsError } from '../functions/routes.js';

const BY_PREFIX: [string, (req: FastifyRequest, reply: FastifyReply, err: unknown) => FastifyReply][] = [
  ['/auth/v1/', sendAnyAuthError],
  ['/rest/v1/', sendAnyRestError],
  ['/storage/v1/', sendAnyStorageError],
  ['/functions/v1/', sendAnyFunctionsError],
];

export function sendFrameworkError(
  err: Error & { statusCode?: number; code?: string },
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const url = req.raw.url ?? '';
  const api = BY_PREFIX.find(([prefix]) => url.startsWith(prefix) || `${url}/` === prefix);
  if (api) return api[1](req, reply, err);
  return reply.status(err.statusCode ?? 400).send({ code: 'bad_request', message: err.message });
}
