// The one error a server function throws to refuse a call. The gateway (routes.ts) sends it as
// {error: message, ...details} with its status; details carry the machine-readable `code` and any
// extra fields a client needs (e.g. the server's quote on a price change). Anything else a handler
// throws is a 500 without details.
import { isPgError } from '@tagledger/db';
import type { FunctionErrorBody } from '@tagledger/functions-api';
import type { z } from 'zod';
import { dbRefusal } from '../shared/db-refusals.js';

export class FunctionError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Omit<FunctionErrorBody, 'error'> = {},
  ) {
    super(message);
  }

  get body(): FunctionErrorBody {
    return { error: this.message, ...this.details };
  }
}

/**
 * A function's input (body, query or parameters) checked against its schema; a refusal is a 400
 * with the schema's first message and code `invalid`. No input reads as an empty one.
 */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  return parseOr400(schema, input ?? {}, 'invalid');
}

/**
 * The payment functions' body (create-checkout-session, create-payment, cancel-checkout,
 * refund-purchase): the same check, but their refusal's code is `invalid_request`, which the wallet
 * reads, and a missing body is refused as it is.
 */
export function parsePaymentBody<T>(schema: z.ZodType<T>, body: unknown): T {
  return parseOr400(schema, body, 'invalid_request');
}

function parseOr400<T>(schema: z.ZodType<T>, input: unknown, code: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new FunctionError(400, parsed.error.issues[0]?.message ?? 'Invalid request', { code });
  return parsed.data;
}

/** SQLSTATEs the database functions raise on purpose (custom ones in the PT class, as PostgREST reads them). */
const INSUFFICIENT_TOKENS = 'PT402';
const PRICE_CHANGED = 'PT409';
const INVALID_INPUT = new Set(['22023', '22P02', '22001', '22003', '22007', '22008', '23514', '23502']);

/**
 * A database refusal as the FunctionError the caller should see, by SQLSTATE alone (never by
 * message text); undefined for anything unexpected, which stays a 500. The gateway applies it to
 * whatever a function lets through (routes.ts), so a function need not catch refusals itself.
 */
export function functionErrorFromDb(err: unknown): FunctionError | undefined {
  if (!isPgError(err) || !err.code) return undefined;
  if (err.code === INSUFFICIENT_TOKENS) {
    return new FunctionError(402, 'Insufficient balance. Top up your wallet to register this asset.', {
      code: 'insufficient_tokens',
      wallet: '/wallet',
    });
  }
  if (err.code === PRICE_CHANGED) {
    return new FunctionError(409, err.message, { code: 'price_changed', quote: quoteFromDetail(err.detail) });
  }
  // Any other PT4xx: the refusal status the function chose, as PostgREST reads it.
  const pt = /^PT(4\d\d)$/.exec(err.code);
  if (pt) return new FunctionError(Number(pt[1]), err.message);
  if (err.code === 'P0001') return new FunctionError(400, err.message);
  const refusal = dbRefusal(err.code);
  if (refusal) return new FunctionError(refusal.status, err.message, { code: refusal.code });
  if (err.code === '42501') return new FunctionError(403, err.message, { code: 'forbidden' });
  if (INVALID_INPUT.has(err.code)) return new FunctionError(400, err.message, { code: 'invalid' });
  return undefined;
}

/** The server's price, which private.register_asset puts in the error's DETAIL as JSON. */
function quoteFromDetail(detail: string | undefined): unknown {
  if (!detail) return null;
  try {
    return JSON.parse(detail);
  } catch {
    return null;
  }
}
