// The read router's choices (replicas.ts), on a clock the test moves: which pool a read goes to,
// read-your-writes by user and by a fresh session, a replica left out after it failed, and which
// errors send a read back to the primary.
import { describe, expect, it } from 'vitest';
import { isReplicaUnavailable, ReadRouter, REPLICA_RETRY_MS } from '../src/replicas.js';

function router(replicas: string[], windowMs = 5000) {
  const clock = { now: 1_000_000_000 };
  return { clock, r: new ReadRouter('primary', replicas, windowMs, () => clock.now) };
}

const settled = { sub: 'u1', iat: 1_000_000 - 3600, role: 'authenticated' };

describe('ReadRouter', () => {
  it('sends every read to the primary without replicas, and never remembers writers then', () => {
    const { r } = router([]);
    r.noteWriteBy('u1');
    expect(r.pick(settled)).toBe('primary');
    expect(r.pick()).toBe('primary');
    expect(r.mustReadPrimary(settled)).toBe(false);
  });

  it('takes the replicas in turn for anonymous and settled callers', () => {
    const { r } = router(['a', 'b']);
    expect([r.pick(), r.pick({ role: 'anon' }), r.pick(settled), r.pick()]).toEqual(['a', 'b', 'a', 'b']);
  });

  it('keeps a writer on the primary for the window, and only that writer', () => {
    const { r, clock } = router(['a'], 5000);
    r.noteWriteBy('u1');
    expect(r.pick(settled)).toBe('primary');
    expect(r.pick({ ...settled, sub: 'u2' })).toBe('a');
    expect(r.pick()).toBe('a');
    clock.now += 4999;
    expect(r.pick(settled)).toBe('primary');
    clock.now += 1;
    expect(r.pick(settled)).toBe('a');
  });

  it('keeps a session issued within the window on the primary', () => {
    const { r, clock } = router(['a'], 5000);
    const fresh = { sub: 'u3', iat: clock.now / 1000 - 2, role: 'authenticated' };
    expect(r.pick(fresh)).toBe('primary');
    clock.now += 3000;
    expect(r.pick(fresh)).toBe('a');
  });

  it('leaves a failed replica out for a while, and the primary answers when none is left', () => {
    const { r, clock } = router(['a', 'b']);
    r.markDown('a');
    expect([r.pick(), r.pick(), r.pick()]).toEqual(['b', 'b', 'b']);
    r.markDown('b');
    expect(r.pick()).toBe('primary');
    clock.now += REPLICA_RETRY_MS;
    expect(new Set([r.pick(), r.pick()])).toEqual(new Set(['a', 'b']));
  });
});

describe('isReplicaUnavailable', () => {
  it('retries on the primary when the replica is unreachable, going away or in a replay conflict', () => {
    for (const code of ['ECONNREFUSED', undefined, '08006', '57P01', '57P03', '53300', '40001']) {
      expect(isReplicaUnavailable(Object.assign(new Error('x'), { code })), String(code)).toBe(true);
    }
  });

  it('does not retry errors of the request itself', () => {
    for (const code of ['42501', '42P01', '22P02', 'PT402', '25006']) {
      expect(isReplicaUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
  });
});
