// One error shape for everything the UI shows: supabase-js auth errors, PostgREST errors,
// function errors and plain exceptions all become an AppError with a human message.
export class AppError extends Error {
  readonly code?: string;
  readonly status?: number;
  readonly details?: string;

  constructor(message: string, opts: { code?: string; status?: number; details?: string } = {}) {
    super(message);
    this.name = 'AppError';
    if (opts.code !== undefined) this.code = opts.code;
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.details !== undefined) this.details = opts.details;
  }
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  details?: unknown;
  error_description?: unknown;
  msg?: unknown;
}

export function toAppError(err: unknown, fallback = 'Something went wrong. Please try again.'): AppError {
  if (err instanceof AppError) return err;
  if (err && typeof err === 'object') {
    const e = err as ErrorLike;
    const message = [e.message, e.error_description, e.msg].find((m) => typeof m === 'string' && m.length > 0) as
      | string
      | undefined;
    const opts: { code?: string; status?: number; details?: string } = {};
    if (typeof e.code === 'string') opts.code = e.code;
    if (typeof e.status === 'number') opts.status = e.status;
    if (typeof e.details === 'string') opts.details = e.details;
    return new AppError(message ?? fallback, opts);
  }
  if (typeof err === 'string' && err) return new AppError(err);
  return new AppError(fallback);
}

/** Returns data or throws the error as an AppError — for supabase-js `{ data, error }` results. */
export function unwrap<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw toAppError(result.error);
  return result.data;
}
