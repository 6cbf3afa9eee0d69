// Small shared pieces of the auth suites.

/** Server start-up runs every migration; on a loaded machine that can take a while. */
export const STARTUP_TIMEOUT = 180_000;

let counter = 0;
/** An e-mail address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;
}

/**
 * The limiter counts in fixed 300-s windows; a burst that straddles a window edge would be
 * split in two. Start bursts away from the edge (waits only in the last 20 s of a window).
 */
export async function awayFromWindowEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 300;
  if (into > 280) await new Promise((r) => setTimeout(r, (301 - into) * 1000));
}
