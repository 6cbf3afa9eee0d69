// Outgoing mail goes through a database outbox (private.mail_outbox): send() only records the
// message, and a delivery loop in every server claims due messages and hands them to the transport —
// SMTP (SMTP_URL) or, with zero set-up, JSON files in DATA_DIR/outbox with the link logged.
// A message that fails is retried with doubling delays (MAIL_RETRY_BASE_SECONDS, …) until
// MAIL_MAX_ATTEMPTS, then marked failed for the admin dashboard. Claims are one UPDATE over rows
// picked with FOR UPDATE SKIP LOCKED plus a lease, so several servers never send the same message
// twice, and a server that dies mid-send leaves its claim to expire for another to retry.
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '@tagledger/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The main link in the message, logged in outbox mode so a developer can follow it. */
  link?: string;
  replyTo?: string;
}

export interface MailOutboxCounts {
  pending: number;
  failed: number;
}

export interface Mailer {
  /**
   * Queues the message in the database; it is delivered (and retried) in the background. With tx,
   * it is queued inside that transaction (it exists only if the transaction commits; the
   * background loop or a later deliverDue() picks it up).
   */
  send(message: MailMessage, options?: { tx?: Queryable }): Promise<void>;
  /** Delivers every message that is due now (the background loop calls it; tests may too). */
  deliverDue(): Promise<void>;
  counts(): Promise<MailOutboxCounts>;
  /** Stops the loop and waits for a delivery in progress (before the database closes). */
  close(): Promise<void>;
}

export interface MailRetry {
  /** Delay before the second attempt; each later one doubles it (capped at six hours). */
  baseMs: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
}

interface Transport {
  deliver(m: MailMessage): Promise<void>;
  close(): void;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  reply_to: string | null;
  link: string | null;
  attempts: number;
}

/** How long a claim lasts: longer than the transport's own timeouts, so a live sender keeps it. */
const CLAIM_LEASE_SECONDS = 120;
const BATCH = 20;
const MAX_DELAY_MS = 6 * 3600 * 1000;

function smtpTransport(smtpUrl: string, from: string, log: FastifyBaseLogger): Transport {
  // Required here, so a server without SMTP (mail to the outbox folder) never loads nodemailer (0110).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  // Bounded waits: an SMTP server that hangs must not hold a claim past its lease.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async deliver(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo });
      log.info({ to: m.to, subject: m.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function fileTransport(outboxDir: string, from: string, log: FastifyBaseLogger): Transport {
  return {
    async deliver(m) {
      fs.mkdirSync(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.json`;
      fs.writeFileSync(path.join(outboxDir, name), JSON.stringify({ from, ...m }, null, 2));
      log.info({ to: m.to, subject: m.subject, link: m.link, outbox: name }, 'mail written to outbox');
    },
    close: () => undefined,
  };
}

export function retryDelayMs(retry: MailRetry, attempts: number): number {
  return Math.min(retry.baseMs * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_MS);
}

export function createMailer(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  retry: MailRetry;
}): Mailer {
  const { db, log, retry } = opts;
  const transport = opts.smtpUrl
    ? smtpTransport(opts.smtpUrl, opts.from, log)
    : fileTransport(opts.outboxDir, opts.from, log);

  async function claimDue(): Promise<OutboxRow[]> {
    const { rows } = await db.query<OutboxRow>(
      `update private.mail_outbox m
          set attempts = m.attempts + 1, locked_until = now() + make_interval(secs => $2)
        where m.id in (select id from private.mail_outbox
                        where status = 'pending' and next_attempt_at <= now()
                          and (locked_until is null or locked_until < now())
                        order by next_attempt_at, id
                        limit $1
                        for update skip locked)
        returning m.id::text, m.to_address, m.subject, m.body_text, m.body_html, m.reply_to, m.link, m.attempts`,
      [BATCH, CLAIM_LEASE_SECONDS],
    );
    return rows;
  }

  async function deliverOne(row: OutboxRow): Promise<void> {
    try {
      await transport.deliver({
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        ...(row.link ? { link: row.link } : {}),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= retry.maxAttempts;
      await db.query(
        `update private.mail_outbox
            set locked_until = null, last_error = left($2, 500),
                status = case when $3 then 'failed' else 'pending' end,
                failed_at = case when $3 then now() end,
                next_attempt_at = now() + make_interval(secs => $4)
          where id = $1`,
        [row.id, reason, giveUp, retryDelayMs(retry, row.attempts) / 1000],
      );
      log.warn(
        { to: row.to_address, subject: row.subject, attempts: row.attempts, err: reason },
        giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      return;
    }
    // Delivered: the body (with its links) is not kept.
    await db.query('delete from private.mail_outbox where id = $1', [row.id]);
  }

  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      for (let batch = await claimDue(); batch.length; batch = closed ? [] : await claimDue()) {
        for (const row of batch) await deliverOne(row);
      }
    } while (again && !closed);
  }

  function deliverDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'mail delivery loop failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  // Messages come due later (retries) or were queued by another server: look now and then.
  const pollMs = Math.min(Math.max(retry.baseMs, 1000), 5000);
  const timer = setInterval(() => void deliverDue(), pollMs);
  timer.unref();

  return {
    async send(m, options) {
      await (options?.tx ?? db).query(
        `insert into private.mail_outbox (to_address, subject, body_text, body_html, reply_to, link)
         values ($1, $2, $3, $4, $5, $6)`,
        [m.to, m.subject, m.text, m.html, m.replyTo ?? null, m.link ?? null],
      );
      if (!closed && !options?.tx) void deliverDue();
    },
    deliverDue,
    async counts() {
      const { rows } = await db.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from private.mail_outbox group by status`,
      );
      const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
      return { pending: n('pending'), failed: n('failed') };
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
