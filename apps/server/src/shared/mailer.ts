// Outgoing mail. With SMTP_URL set, mail goes over SMTP (nodemailer); otherwise each message is
// written to DATA_DIR/outbox as JSON and logged, so the product works with zero set-up.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The main link in the message, logged in outbox mode so a developer can follow it. */
  link?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo });
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(m) {
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.json`;
      fs.writeFileSync(path.join(opts.outboxDir, name), JSON.stringify({ from: opts.from, ...m }, null, 2));
      opts.log.info({ to: m.to, subject: m.subject, link: m.link, outbox: name }, 'mail written to outbox');
    },
    close: () => undefined,
  };
}
