// The durable job queue on both drivers: two workers on one database share the jobs without
// running one twice; a job enqueued in a transaction exists only if it commits; jobs wait for a
// server that is down; stop() lets a running job finish, and a job fetched while it stops neither
// runs nor reaches the database once the app has closed it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tagledger/db';
import { drivers, openTestDb, type TestDb } from '@tagledger/db/testing';
import { startJobQueue, type JobQueue } from '../../src/jobs/queue.js';

// Failures are expected in the retry case; the tests look at outcomes, not at the log.
const log = { error: () => undefined, warn: () => undefined };

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * Waits until pg-boss holds no job of `name` that is waiting or running: from then on no handler
 * of it can run again, so the runs seen so far are all there will be (instead of sleeping and
 * hoping a duplicate would have shown up by then).
 */
async function settled(q: JobQueue, name: string): Promise<void> {
  await until(async () => {
    const counts = (await q.counts()).find((c) => c.queue === name);
    return !!counts && counts.queued === 0 && counts.active === 0;
  }, `no ${name} job waiting or running`);
}

describe.each(drivers)('job queue (%s)', (driver) => {
  let t: TestDb;
  const queues: JobQueue[] = [];
  const start = async () => {
    const q = await startJobQueue({ db: t.db, log, pollSeconds: 0.5 });
    queues.push(q);
    return q;
  };

  // One database per driver: each test uses queues of its own name and stops its workers after
  // itself, so no job of one test can be seen by another.
  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
  });
  afterAll(async () => {
    await t.close();
  });

  it('two workers on one database run each job exactly once', async () => {
    const a = await start();
    const b = await start();
    const runs: Array<{ n: number; by: string }> = [];
    await a.define<{ n: number }>('count', async ({ n }) => void runs.push({ n, by: 'a' }));
    await b.define<{ n: number }>('count', async ({ n }) => void runs.push({ n, by: 'b' }));
    for (let n = 0; n < 12; n++) await a.send('count', { n });
    await until(() => runs.length >= 12, 'twelve jobs');
    await settled(a, 'count');
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const q = await start();
    const seen: string[] = [];
    await q.define<{ label: string }>('tx-job', async ({ label }) => void seen.push(label));
    await t.db
      .transaction(async (tx) => {
        await q.send('tx-job', { label: 'rolled back' }, { tx });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await t.db.transaction(async (tx) => {
      await q.send('tx-job', { label: 'committed' }, { tx });
    });
    await until(() => seen.includes('committed'), 'the committed job');
    // A rolled-back job that existed would be waiting, running or already seen.
    await settled(q, 'tx-job');
    expect(seen).toEqual(['committed']);
  });

  it('a job sent while no worker runs is done by the next server that starts', async () => {
    const first = await start();
    await first.send('later', { v: 7 });
    await first.stop();
    queues.splice(queues.indexOf(first), 1);
    const second = await start();
    const got: number[] = [];
    await second.define<{ v: number }>('later', async ({ v }) => void got.push(v));
    await until(() => got.length === 1, 'the job after restart');
    expect(got).toEqual([7]);
  });

  it('a failing job is retried until it succeeds', async () => {
    const q = await start();
    let attempts = 0;
    const done: number[] = [];
    await q.define<{ v: number }>('flaky', async ({ v }) => {
      attempts++;
      if (attempts === 1) throw new Error('first attempt fails');
      done.push(v);
    });
    await q.send('flaky', { v: 3 }, { retryLimit: 2 });
    await until(() => done.length === 1, 'the retried job');
    expect(attempts).toBe(2);
  });

  it('stop() waits for a running job to finish', async () => {
    const q = await start();
    let finished = false;
    let started = false;
    await q.define('slow', async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 800));
      finished = true;
    });
    await q.send('slow', {});
    await until(() => started, 'the slow job to start');
    await q.stop();
    queues.splice(queues.indexOf(q), 1);
    expect(finished).toBe(true);
  });

  it('a job fetched while stop() runs is not run and sends nothing to the closed database', async () => {
    // pg-boss's stop() waits only for jobs a worker already holds: a fetch still on its way comes
    // back after stop() has returned, and the app then closes the database. Before the fix the job
    // ran then, and pg-boss reported its outcome without awaiting it: an unhandled rejection
    // ("Cannot use a pool after calling end on the pool") in a later test file of the same process.
    let holding = false;
    let closed = false;
    const afterClose: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let onHeld!: () => void;
    const held = new Promise<void>((r) => (onHeld = r));
    const gated: Db = Object.assign(Object.create(t.db) as Db, {
      async query(text: string, params?: readonly unknown[]) {
        if (holding && /SKIP LOCKED/.test(text) && params?.[0] === 'late') {
          holding = false;
          onHeld();
          await released;
          return t.db.query(text, params); // sent before the close: it completes
        }
        if (closed) {
          afterClose.push(text.trim().slice(0, 80));
          throw new Error('Cannot use a pool after calling end on the pool');
        }
        return t.db.query(text, params);
      },
    });
    const q = await startJobQueue({ db: gated, log, pollSeconds: 0.5 });
    let ran = false;
    await q.define('late', async () => void (ran = true));
    holding = true;
    await held;
    await q.send('late', {});
    await q.stop();
    closed = true; // what the app's onClose does next
    release();
    // The worker gets the job now; give it the time it takes to run it and report (it would be
    // immediate): nothing happens, and nothing is sent to the closed database.
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toBe(false);
    expect(afterClose).toEqual([]);
  });
});
