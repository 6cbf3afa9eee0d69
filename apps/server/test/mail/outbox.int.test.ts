// Mail that is never lost: messages wait in the database while SMTP is down, are retried with
// growing delays and delivered once it is back; after the last attempt they are marked failed and
// only admins see them (without their bodies) and may queue them again. Two servers on one
// database deliver each message once.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { startMailSink } from '@tagledger/test-kit/mail-sink';
import { createTestUser } from '../helpers/users.js';
import { uniqueEmail } from '../helpers/auth-test.js';
import { retryDelayMs } from '../../src/shared/mailer.js';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
}
const outboxRows = (server: TestServer, to: string) =>
  server.ctx.db
    .query<Row>('select status, attempts, last_error from private.mail_outbox where to_address = $1', [to])
    .then((r) => r.rows);

describe('mail retry delays', () => {
  it('double from the base and stop growing at six hours', () => {
    const retry = { baseMs: 30_000, maxAttempts: 12 };
    expect([1, 2, 3, 4].map((a) => retryDelayMs(retry, a))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(retry, 30)).toBe(6 * 3600 * 1000);
  });
});

describe.each(drivers)('mail outbox on %s', (driver) => {
  let port: number;
  let server: TestServer;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({
      driver,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_SECONDS: '0.2', MAIL_MAX_ATTEMPTS: '4' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a sign-up mail while SMTP is down and delivers it when SMTP is back', async () => {
    const email = uniqueEmail('outbox');
    const { error } = await server.anonClient().auth.signUp({ email, password: 'a long Passphrase 42!' });
    expect(error).toBeNull();
    const [failing] = await until('a failed attempt', async () => {
      const rows = await outboxRows(server, email);
      return rows[0] && rows[0].attempts >= 1 && rows[0].last_error ? rows : undefined;
    });
    expect(failing).toMatchObject({ status: 'pending' });

    const sink = await startMailSink(port);
    try {
      const mail = await sink.nextMail(email, 20_000);
      expect(mail.subject).toMatch(/confirm/i);
      // Delivered mail is not kept (its body holds the confirmation link).
      await until('the row to go', async () => ((await outboxRows(server, email)).length === 0 ? true : undefined));
      expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });

  it('marks a mail failed after the last attempt; only admins see it, without its body, and may retry it', async () => {
    const email = uniqueEmail('never');
    await server.ctx.mailer.send({
      to: email,
      subject: 'Hello there',
      text: 'secret link',
      html: '<p>secret link</p>',
    });
    const [failed] = await until('the mail to fail for good', async () => {
      const rows = await outboxRows(server, email);
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(failed).toMatchObject({ status: 'failed', attempts: 4 });
    expect(await server.ctx.mailer.counts()).toMatchObject({ failed: expect.any(Number) });

    const admin = await createTestUser(server, { role: 'admin' });
    const { data, error } = await admin.client.rpc('admin_failed_mails', { p_limit: 10 });
    expect(error).toBeNull();
    const mine = (data as Record<string, unknown>[]).find((m) => m.to_address === email);
    expect(mine).toMatchObject({ subject: 'Hello there', attempts: 4 });
    expect(Object.keys(mine!).sort()).toEqual(
      ['attempts', 'created_at', 'failed_at', 'id', 'last_error', 'subject', 'to_address'].sort(),
    );

    const user = await createTestUser(server);
    const denied = await user.client.rpc('admin_failed_mails', { p_limit: 10 });
    expect(denied.error).toMatchObject({ code: '42501' });
    const deniedRetry = await user.client.rpc('admin_retry_mail', { p_id: mine!.id });
    expect(deniedRetry.error).toMatchObject({ code: '42501' });
    const anon = await server.anonClient().rpc('admin_failed_mails', { p_limit: 10 });
    expect(anon.error).not.toBeNull();
    // The table itself is not reachable through the Data API.
    const direct = await admin.client
      .schema('private' as 'public')
      .from('mail_outbox')
      .select('*');
    expect(direct.error).not.toBeNull();

    const sink = await startMailSink(port);
    try {
      const retried = await admin.client.rpc('admin_retry_mail', { p_id: mine!.id });
      expect(retried).toMatchObject({ error: null, data: true });
      const mail = await sink.nextMail(email, 20_000);
      expect(mail.subject).toBe('Hello there');
      expect((await admin.client.rpc('admin_retry_mail', { p_id: mine!.id })).data).toBe(false);
    } finally {
      await sink.close();
    }
  });
});

describe.each(drivers.filter((d) => d === 'pg'))('mail outbox shared by two servers on %s', () => {
  it('delivers each queued message once', async () => {
    const sink = await startMailSink();
    const first = await startTestServer({ driver: 'pg', env: { SMTP_URL: sink.smtpUrl } });
    const second = await startTestServer({
      env: { SMTP_URL: sink.smtpUrl },
      overrides: { databaseUrl: first.config.databaseUrl },
    });
    try {
      const addresses = Array.from({ length: 30 }, (_, i) => uniqueEmail(`twice-${i}`));
      // Queue without waking either loop, then let both servers race for the same rows.
      await Promise.all(
        addresses.map((to) =>
          first.ctx.db.query(
            `insert into private.mail_outbox (to_address, subject, body_text, body_html) values ($1, 'Race', 'x', '<p>x</p>')`,
            [to],
          ),
        ),
      );
      await Promise.all([first.ctx.mailer.deliverDue(), second.ctx.mailer.deliverDue()]);
      await until('all mail', async () =>
        sink.messages.filter((m) => m.subject === 'Race').length >= 30 ? true : undefined,
      );
      const received = sink.messages.filter((m) => m.subject === 'Race').flatMap((m) => m.to);
      expect(received.sort()).toEqual(addresses.map((a) => a.toLowerCase()).sort());
    } finally {
      await second.close();
      await first.close();
      await sink.close();
    }
  });
});
