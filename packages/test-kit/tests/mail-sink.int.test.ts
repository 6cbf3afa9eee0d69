// The SMTP sink other suites rely on: a message sent by nodemailer over real SMTP comes back
// with its subject, both bodies, its links (long, query-heavy URLs intact) and its code.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';

describe('mail sink', () => {
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('receives a multipart message and extracts links and the code', async () => {
    const link = `http://127.0.0.1:1234/auth/callback?ref=ABC&from=general-tagging&token_hash=pkce_${'a'.repeat(56)}&type=signup`;
    const transport = nodemailer.createTransport(sink.smtpUrl);
    const waiting = sink.nextMail('Someone@Example.test');
    await transport.sendMail({
      from: 'TagLedger <no-reply@localhost>',
      to: 'someone@example.test',
      subject: 'Confirm your TagLedger account – ünïcode',
      text: `Follow this link:\n${link}\n\nOr enter the code 123456.`,
      html: `<p><a href="${link.replace(/&/g, '&amp;')}">Confirm</a> code 123456</p>`,
    });
    transport.close();
    const mail = await waiting;
    expect(mail.subject).toBe('Confirm your TagLedger account – ünïcode');
    expect(mail.links).toEqual([link]);
    expect(mail.code).toBe('123456');
    expect(mail.html).toContain('Confirm</a>');
    await expect(sink.nextMail('nobody@example.test', 200)).rejects.toThrow(/no mail/);
  });
});
