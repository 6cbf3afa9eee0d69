// PostgREST's error shape {code, message, details, hint} and the SQLSTATE → HTTP table of
// SUPABASE-PROTOCOL §B.7. Every failure in rest/ ends up as a RestError before it is written, so a
// database error never reaches the client as SQL text or a stack trace.
import { isPgError } from '@tagledger/db';
import { dbRefusal } from '../shared/db-refusals.js';

export interface RestErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const parseError = (what: string, value: string, details: string) =>
  new RestError(400, 'PGRST100', `"failed to parse ${what} (${value})" (line 1, column 1)`, details);

export const notImplemented = (what: string) => new RestError(400, 'PGRST127', 'Feature not implemented', what);

/**
 * HTTP status for a SQLSTATE (§B.7). `anon` decides 42501 (401 for anon, 403 otherwise). The
 * refusals our functions raise on purpose (shared/db-refusals.ts: P0002 → 404, 55000 → 409) come
 * first, where PostgREST would answer 500.
 */
export function statusForSqlState(code: string, message: string, anon: boolean): number {
  const refusal = dbRefusal(code);
  if (refusal) return refusal.status;
  if (code === '42501') return anon ? 401 : 403;
  if (code === '21000') return /requires a WHERE clause$/.test(message) ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17' || code === '53400' || code === '57014') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  const ptMatch = /^PT(\d{3})$/.exec(code);
  if (ptMatch) return Number(ptMatch[1]);
  const two = code.slice(0, 2);
  if (two === '08' || two === '53') return 503;
  if (['0L', '0P', '28'].includes(two)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(two)) return 500;
  if (two === 'P0') return 500;
  return 400;
}

/** Turns anything thrown while serving a request into a RestError. */
export function toRestError(err: unknown, anon: boolean): RestError {
  if (err instanceof RestError) return err;
  if (isPgError(err) && err.code) {
    const code = err.code;
    // RAISE sqlstate 'PGRST' with a JSON message/detail gives the function full control.
    if (code === 'PGRST') {
      try {
        const body = JSON.parse(err.message) as Partial<RestErrorBody>;
        const extra = err.detail
          ? (JSON.parse(err.detail) as { status?: number; headers?: Record<string, string> })
          : {};
        return new RestError(
          extra.status ?? 400,
          String(body.code ?? 'PGRST'),
          String(body.message ?? ''),
          body.details ?? null,
          body.hint ?? null,
          extra.headers ?? {},
        );
      } catch {
        return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error');
      }
    }
    const status = statusForSqlState(code, err.message, anon);
    if (status >= 500) {
      // Internal failures keep their SQLSTATE but not their text (it can quote SQL).
      return new RestError(status, code, 'Internal server error');
    }
    return new RestError(status, code, err.message, err.detail ?? null, err.hint ?? null);
  }
  return new RestError(500, 'PGRST000', 'Internal server error');
}
