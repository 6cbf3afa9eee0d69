// What every service plugin receives: the validated config and the shared infrastructure.
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Keys } from './keys.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limit.js';

export interface AppContext {
  config: Config;
  db: Db;
  keys: Keys;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}
