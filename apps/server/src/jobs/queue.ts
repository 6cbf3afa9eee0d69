// The durable job queue: timers and mails that must survive restarts and run exactly once across
// several servers on one database. pg-boss (decision 0090) keeps the jobs in the `pgboss` schema
// and hands each job to one worker (SELECT … FOR UPDATE SKIP LOCKED). The queue starts and stops
// with the app; stop() lets running handlers finish.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '@tagledger/db';
import { sqlExecutor, type SqlExecutor } from './sql-executor.js';

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Tx;
  /** Run no earlier than this many seconds from now (wall-clock; app-time timers use a sweep). */
  startAfterSeconds?: number;
  /** Attempts after the first failure (default 3, with backoff). */
  retryLimit?: number;
}

export interface JobQueue {
  /** Creates the queue if needed and runs handler for each of its jobs on this server. */
  define<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Enqueues a job; resolves with its id. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /** Enqueues the named job on a cron schedule (one schedule per name, kept in the database). */
  every(name: string, cron: string): Promise<void>;
  /** Jobs per queue by state, for metrics: one grouped read of pg-boss's job table. */
  counts(): Promise<QueueCounts[]>;
  /** Stops fetching, waits for running handlers (up to timeoutSeconds), then stops. */
  stop(): Promise<void>;
}

export interface QueueCounts {
  queue: string;
  /** Waiting to run: new, or waiting for their next retry. */
  queued: number;
  active: number;
  /** Out of retries (kept until pg-boss archives them). */
  failed: number;
}

export interface JobQueueOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** How often each worker asks for new jobs (pg-boss's minimum is 0.5 s). */
  pollSeconds: number;
  /** How long stop() waits for running handlers. */
  stopTimeoutSeconds?: number;
}

/**
 * Thrown instead of running a handler once the queue has stopped; the job stays active in the
 * database and pg-boss hands it out again after it expires.
 */
class QueueStopped extends Error {}

export async function startJobQueue(opts: JobQueueOptions): Promise<JobQueue> {
  // pg-boss's stop() waits only for jobs a worker already holds. A worker whose fetch is still on
  // its way when stop() begins gets its jobs after stop() has returned, runs them, and then reports
  // the outcome (complete/fail) without awaiting it: once the app has closed the database that
  // report is an unhandled rejection. From stop() on, such a late handler does not run and pg-boss's
  // own statements do not reach the database; the jobs they would have touched stay active and
  // are handed out again after they expire (at least once, as always with pg-boss).
  let stopped = false;
  const boss = await startBoss(opts, () => stopped);
  const defined = new Set<string>();

  async function ensureQueue(name: string) {
    if (defined.has(name)) return;
    // Two servers starting at once race on createQueue: the loser gets a unique violation or is
    // chosen as a deadlock victim while the winner's transaction is still open. Try again shortly.
    for (let attempt = 1; !(await boss.getQueue(name)); attempt++) {
      try {
        await boss.createQueue(name);
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (attempt >= 5 || !['23505', '40P01'].includes(code)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    defined.add(name);
  }

  return {
    async define(name, handler) {
      await ensureQueue(name);
      await boss.work<never>(name, { pollingIntervalSeconds: opts.pollSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          if (stopped) throw new QueueStopped(`the job queue stopped before job ${job.id} ran`);
          try {
            await handler(job.data, { id: job.id, name: job.name });
          } catch (err) {
            opts.log.warn({ err, job: job.id, queue: name }, 'job failed; pg-boss will retry it');
            throw err;
          }
        }
      });
    },
    async send(name, data, options = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        retryLimit: options.retryLimit ?? 3,
        retryBackoff: true,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.tx ? { db: sqlExecutor(options.tx) } : {}),
      });
      if (!id) throw new Error(`job queue refused a job for ${name}`);
      return id;
    },
    async every(name, cron) {
      await ensureQueue(name);
      // pg-boss keeps one schedule per name and lets one server at a time enqueue from it.
      await boss.schedule(name, cron, {});
    },
    async counts() {
      return jobCounts(opts.db);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: (opts.stopTimeoutSeconds ?? 20) * 1000 });
      stopped = true;
    },
  };
}

function newBoss(opts: JobQueueOptions, isStopped: () => boolean): PgBoss {
  const executor = sqlExecutor(opts.db);
  // After stop(), pg-boss's late statements (see startJobQueue) get no result, which pg-boss 10
  // reads as nothing fetched (`result?.rows || []`) and nothing affected (`result && result.rows`);
  // an empty result would not do, as the completion commands read `rows[0].count`.
  const afterStop = Promise.resolve(null as unknown as Awaited<ReturnType<SqlExecutor['executeSql']>>);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => (isStopped() ? afterStop : executor.executeSql(text, values)) },
    schema: 'pgboss',
    // Keep finished jobs for a week: enough to answer "did that mail go out?".
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  return boss;
}

// Servers started together on a fresh database can both find pg-boss's schema missing and both
// install it; the loser fails with a unique violation (23505) on the catalog. By then the winner has
// installed it, so a new instance (a failed PgBoss cannot be started again) finds it and goes on.
async function startBoss(opts: JobQueueOptions, isStopped: () => boolean): Promise<PgBoss> {
  try {
    return await newBoss(opts, isStopped).start();
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    opts.log.warn({ err }, 'another server installed the job queue at the same time; starting again');
    return await newBoss(opts, isStopped).start();
  }
}

/**
 * Every queue pg-boss knows (so an empty one reads 0 rather than vanishing from the scrape) with
 * its unfinished and failed jobs. Completed jobs move to pgboss.archive, so the job table holds
 * little beyond these states and the count stays cheap.
 */
async function jobCounts(db: Db): Promise<QueueCounts[]> {
  const { rows } = await db.query<QueueCounts>(
    `select q.name as queue,
            count(j.id) filter (where j.state in ('created', 'retry'))::int as queued,
            count(j.id) filter (where j.state = 'active')::int as active,
            count(j.id) filter (where j.state = 'failed')::int as failed
       from pgboss.queue q
       left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
      group by q.name
      order by q.name`,
  );
  return rows;
}
