// The database cannot be used at start-up for a reason the operator can fix (a server that is not
// reachable, wrong credentials, a data folder another process holds). Its message is one line that
// says what is wrong and what to do; the server prints it without a stack trace.
export class DbStartupError extends Error {
  override readonly name = 'DbStartupError';
}

/** Node's system-error code (ENOENT, EACCES, ECONNREFUSED…), if the error has one. */
export function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
