// What every service plugin receives: the validated config and the shared infrastructure.
import type { Config } from '../config/index.js';
import type { Db } from '@tagledger/db';
import type { Identifier } from './identify.js';
import type { Keys } from './keys.js';
import type { Mailer } from './mailer.js';
import type { JobQueue } from '../jobs/queue.js';
import type { RateLimiter } from './rate-limit.js';

export interface AppContext {
  config: Config;
  db: Db;
  keys: Keys;
  /** Who is calling: every API identifies its caller through this (identify.ts). */
  identifier: Identifier;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The durable job queue (timers, mails): started with the app, stopped gracefully on close. */
  jobs: JobQueue;
}
