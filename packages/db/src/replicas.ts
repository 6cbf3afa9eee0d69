// Which connection pool a read goes to when DATABASE_READ_URL names read replicas: the replicas
// take turns, except for a user who wrote in the last few seconds or signed in (a token issued in
// that window): their reads stay on the primary, so they see what they just did (read-your-writes)
// while the replica replays it. A replica that cannot be reached is left out for a few seconds and
// the read goes to the primary instead.
import type { RequestContext } from './request-context.js';

/** Users remembered at once; past it, expired entries are dropped, then (if still full) all. */
const MAX_WRITERS = 100_000;
/** How long a replica that failed to answer is left out. */
export const REPLICA_RETRY_MS = 5000;

export class ReadRouter<P> {
  private turn = 0;
  /** userId → until when (ms) their reads stay on the primary. */
  private readonly writers = new Map<string, number>();
  private readonly downUntil: number[];

  constructor(
    readonly primary: P,
    readonly replicas: readonly P[],
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.downUntil = replicas.map(() => 0);
  }

  noteWriteBy(userId: string): void {
    if (this.replicas.length === 0 || !userId) return;
    const now = this.now();
    if (this.writers.size >= MAX_WRITERS && !this.writers.has(userId)) {
      for (const [id, until] of this.writers) if (until <= now) this.writers.delete(id);
      if (this.writers.size >= MAX_WRITERS) this.writers.clear();
    }
    this.writers.set(userId, now + this.windowMs);
  }

  /** True while this caller's reads must go to the primary. */
  mustReadPrimary(claims: RequestContext['claims']): boolean {
    const sub = claims.sub;
    if (typeof sub !== 'string' || !sub) return false;
    const now = this.now();
    const until = this.writers.get(sub);
    if (until !== undefined) {
      if (until > now) return true;
      this.writers.delete(sub);
    }
    // A fresh session (sign-up, sign-in, a refresh): what created it was just written.
    const iat = claims.iat;
    return typeof iat === 'number' && iat * 1000 + this.windowMs > now;
  }

  /** The pool a read for this caller goes to (a request's claims, or none for public reads). */
  pick(claims?: RequestContext['claims']): P {
    if (this.replicas.length === 0 || (claims && this.mustReadPrimary(claims))) return this.primary;
    const now = this.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const index = this.turn++ % this.replicas.length;
      if (this.downUntil[index]! <= now) return this.replicas[index]!;
    }
    return this.primary;
  }

  /** A replica failed to answer: left out for REPLICA_RETRY_MS. */
  markDown(replica: P): void {
    const index = this.replicas.indexOf(replica);
    if (index >= 0) this.downUntil[index] = this.now() + REPLICA_RETRY_MS;
  }
}

/**
 * Errors after which the same read is sent to the primary: the replica is unreachable or going
 * away (no SQLSTATE, class 08, 57P01–57P03, 53300), or it cancelled the read to replay a change
 * that conflicts with it (40001).
 */
export function isReplicaUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || code === '40001';
}
