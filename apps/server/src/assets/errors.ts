// Turns database errors raised by the asset functions into clear 4xx answers ({error, code}),
// never a stack trace.
import type { FastifyReply } from 'fastify';
import { isPgError } from '../db/types.js';

export function fail(reply: FastifyReply, status: number, error: string, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.code(status).type('application/json').send({ error, ...extra });
}

/** Maps SQLSTATEs used by the asset SQL functions; returns null for anything unexpected (a real 500). */
export function replyForDbError(reply: FastifyReply, err: unknown): FastifyReply | null {
  if (!isPgError(err)) return null;
  switch (err.code) {
    case 'P0001':
      if (/insufficient tokens/i.test(err.message)) {
        return fail(reply, 402, 'Insufficient balance. Top up your wallet to register this asset.', {
          code: 'insufficient_tokens',
          wallet: '/wallet',
        });
      }
      return fail(reply, 400, err.message);
    case 'PT409': {
      let quote: unknown = null;
      try {
        quote = err.detail ? JSON.parse(err.detail) : null;
      } catch {
        quote = null;
      }
      return fail(reply, 409, err.message, { code: 'price_changed', quote });
    }
    case 'P0002':
      return fail(reply, 404, err.message, { code: 'not_found' });
    case '42501':
      return fail(reply, 403, err.message, { code: 'forbidden' });
    case '22023':
    case '22P02':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '23514':
    case '23502':
      return fail(reply, 400, err.message, { code: 'invalid' });
    default:
      return null;
  }
}
