// A start-up failure the operator can fix: its message is the one line printed to stderr before the
// process exits non-zero (no stack trace, because the cause is the environment, not the code).
// Each message says what is wrong and what to do about it.
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** Node's system-error code (ENOENT, EACCES, ECONNREFUSED…), if the error has one. */
export function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
