// Small shared pieces of the auth suites.

/** Server start-up runs every migration; on a loaded machine that can take a while. */
export const STARTUP_TIMEOUT = 180_000;

let counter = 0;
/** An e-mail address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;
}
