// Waits for a PostgreSQL at start-up. A database that is still starting (refused connections, DNS
// not there yet, "the database system is starting up") is retried with backoff until the deadline;
// a wrong password or a missing database is not, because waiting cannot fix it. Either way the
// failure is one DbStartupError line naming the server (never the password) and what to do.
import pg from 'pg';
import { DbStartupError, errnoCode } from './startup-error.js';

export interface ConnectWait {
  /** How long to keep retrying a database that is not reachable yet; 0 means a single attempt. */
  timeoutMs: number;
  /** Told before each retry, so the operator sees that the server is waiting and why. */
  onRetry?: (info: { target: string; reason: string; retryInMs: number }) => void;
}

/** SQLSTATE or errno codes of a database that may answer later. */
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** host:port/database of a connection string, for messages; credentials are never shown. */
export function describeTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || ''}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

function reasonOf(err: unknown): string {
  const code = errnoCode(err);
  const message = err instanceof Error ? err.message : String(err);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

function isTransient(err: unknown): boolean {
  const code = errnoCode(err);
  if (code && TRANSIENT.has(code)) return true;
  // node-postgres reports its own connect timeout and early hang-ups without a code.
  return /timeout|terminated unexpectedly|Connection terminated/i.test(err instanceof Error ? err.message : '');
}

const PER_ATTEMPT_TIMEOUT_MS = 5000;

async function tryOnce(connectionString: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: Math.max(500, timeoutMs) });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function waitForDatabase(connectionString: string, wait: ConnectWait): Promise<void> {
  const target = describeTarget(connectionString);
  const started = Date.now();
  const deadline = started + wait.timeoutMs;
  let delay = 250;
  for (;;) {
    try {
      await tryOnce(connectionString, Math.min(PER_ATTEMPT_TIMEOUT_MS, Math.max(0, deadline - Date.now())));
      return;
    } catch (err) {
      const reason = reasonOf(err);
      if (!isTransient(err)) {
        throw new DbStartupError(
          `The database at ${target} refused the connection (${reason}); fix DATABASE_URL (user, password, database name, TLS settings)`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const waited = Math.round((Date.now() - started) / 1000);
        throw new DbStartupError(
          `Cannot reach the database at ${target} after ${waited} s (${reason}); start PostgreSQL or fix DATABASE_URL`,
        );
      }
      const retryInMs = Math.min(delay, left);
      wait.onRetry?.({ target, reason, retryInMs });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
      delay = Math.min(delay * 2, 4000);
    }
  }
}
