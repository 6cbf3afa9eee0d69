// Hole 6: the contact-owner relay cannot be abused. Each test performs the attack against the real
// server and a real SMTP sink: a brand-looking sender name, relaying before the address is
// confirmed, replaying or outliving the confirmation link, one sender spending everyone's budget,
// a blocked sender writing again, and spoofed X-Forwarded-For headers.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { relayedSubject } from '../../src/contact/mail.js';
import { startMailSink, type MailSink, type ReceivedMail } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';

describe.each(drivers)('contact-owner relay on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  let owner: TestUser;
  let otherOwner: TestUser;
  let moderator: TestUser;
  let assetId: string;
  let otherAssetId: string;
  const run = crypto.randomBytes(3).toString('hex');
  const addr = (name: string) => `${name}-${run}@example.test`;

  async function call(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/functions/v1/contact-owner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address.toLowerCase()));

  /** Sends a message and returns the token from the confirmation mail. */
  async function request(
    senderEmail: string,
    opts: { senderName?: string; message?: string; asset?: string; headers?: Record<string, string> } = {},
  ) {
    const sent = await call(
      {
        action: 'send',
        assetId: opts.asset ?? assetId,
        senderEmail,
        senderName: opts.senderName,
        message: opts.message ?? 'I found your bike near the station',
      },
      opts.headers,
    );
    expect(sent).toEqual({ status: 200, json: { status: 'confirmation_sent' } });
    const mail = await sink.nextMail(senderEmail);
    const token = new URL(mail.links[0]!).searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { token: token!, mail };
  }

  /** The relayed mail carrying `text` (once every queued mail has been handed to SMTP). */
  const relayedMailWith = async (to: string, text: string) => {
    await server.ctx.mailer.deliverDue();
    const found = mailsTo(to).filter((m) => m.text.includes(text));
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  const confirm = (token: string) => call({ action: 'confirm', token });

  async function messagesOf(user: TestUser) {
    const { data, error } = await user.client
      .from('asset_messages')
      .select('id, message, sender_name')
      .order('created_at');
    expect(error).toBeNull();
    return data!;
  }

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { SMTP_URL: sink.smtpUrl } });
    owner = await createTestUser(server, { email: addr('owner') });
    otherOwner = await createTestUser(server, { email: addr('other-owner') });
    moderator = await createTestUser(server, { email: addr('moderator'), role: 'moderator' });
    const insert = `insert into public.assets (owner_id, submission_id, kind, title, serial_number) values ($1, gen_random_uuid(), 'general', $2, $3) returning id`;
    assetId = (await server.ctx.db.query<{ id: string }>(insert, [owner.id, 'Road bike', `SN-${run}`])).rows[0]!.id;
    otherAssetId = (await server.ctx.db.query<{ id: string }>(insert, [otherOwner.id, 'Camera', `CAM-${run}`])).rows[0]!
      .id;
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });
  // Every scenario starts with fresh budgets (all callers here share 127.0.0.1).
  beforeEach(async () => {
    await server.ctx.db.query('delete from private.rate_limits');
  });

  it('relays nothing before the sender confirms, and the confirmation mail carries none of their text', async () => {
    const before = mailsTo(owner.email).length;
    const { mail } = await request(addr('finder'), { senderName: 'Finn', message: 'Unconfirmed hello' });
    expect(mail.subject).toBe('[TagLedger] Confirm your e-mail address to send your message');
    expect(mail.text).not.toContain('Unconfirmed hello');
    expect(mail.text).not.toContain('Finn');
    expect(mail.links[0]).toMatch(/\/contact\/confirm\?token=/);
    await server.ctx.mailer.deliverDue();
    expect(mailsTo(owner.email).length).toBe(before);
    expect((await messagesOf(owner)).map((m) => m.message)).not.toContain('Unconfirmed hello');

    // The pending message is out of reach of every API caller but the service role.
    const anon = await server.anonClient().from('contact_requests').select('*');
    expect(anon.error).not.toBeNull();
    const signedIn = await owner.client.from('contact_requests').select('*');
    expect(signedIn.error).not.toBeNull();
    const { rows } = await server.ctx.db.query<{ token_hash: string }>(
      'select token_hash from public.contact_requests where message = $1',
      ['Unconfirmed hello'],
    );
    expect(rows).toHaveLength(1);
    expect(mail.text).not.toContain(rows[0]!.token_hash);
  });

  it('never puts a brand-looking name in From or Subject and quotes it defanged in the body', async () => {
    const sender = addr('phisher');
    const name = 'PayPal Security\u202e <https://paypal.com/verify>\r\nBcc: x@example.test «';
    const { token } = await request(sender, { senderName: name, message: 'Your account is locked' });
    expect(await confirm(token)).toEqual({ status: 200, json: { status: 'sent' } });
    const relayed = await relayedMailWith(owner.email, 'Your account is locked');

    expect(header(relayed, 'From')).toBe(server.config.mailFrom);
    expect(header(relayed, 'From')).not.toMatch(/paypal/i);
    expect(relayed.subject).toBe(relayedSubject('TagLedger'));
    expect(header(relayed, 'Reply-To')).toBe(sender);
    expect(header(relayed, 'Bcc')).toBe('');
    expect(relayed.to).toEqual([owner.email]);
    expect(relayed.text).toContain(
      'A visitor who gave the name «PayPal Security paypal[.]com/verify Bcc: x@example[.]test» and confirmed their e-mail address',
    );
    expect(relayed.text).toContain('Your account is locked');
    expect(relayed.links.some((l) => /paypal/i.test(l))).toBe(false);
    expect(relayed.html).not.toMatch(/href="[^"]*paypal/i);
    expect(relayed.text).not.toContain('\u202e');
    expect(relayed.links).toEqual(
      expect.arrayContaining([
        `${server.url}/assets/${assetId}#messages`,
        expect.stringMatching(new RegExp(`^${server.url}/contact/block\\?message=[0-9a-f-]{36}$`)),
        expect.stringMatching(new RegExp(`^${server.url}/contact/report\\?message=[0-9a-f-]{36}$`)),
      ]),
    );
    const stored = (await messagesOf(owner)).find((m) => m.message === 'Your account is locked');
    expect(stored?.sender_name).toBe('PayPal Security paypal[.]com/verify Bcc: x@example[.]test');
  });

  it('relays once per link: a second open says already sent, an unknown or malformed link is refused, an expired one says so', async () => {
    const { token } = await request(addr('twice'), { message: 'Only once please' });
    expect((await confirm(token)).json).toEqual({ status: 'sent' });
    expect((await confirm(token)).json).toEqual({ status: 'already_sent' });
    expect((await messagesOf(owner)).filter((m) => m.message === 'Only once please')).toHaveLength(1);
    await server.ctx.mailer.deliverDue();
    expect(mailsTo(owner.email).filter((m) => m.text.includes('Only once please'))).toHaveLength(1);

    expect(await confirm(crypto.randomBytes(32).toString('base64url'))).toMatchObject({
      status: 404,
      json: { code: 'invalid_token' },
    });
    expect(await confirm('not-a-token')).toMatchObject({ status: 400, json: { code: 'invalid' } });
    expect(await call({ action: 'confirm' })).toMatchObject({ status: 400, json: { code: 'invalid' } });

    const late = await request(addr('late'), { message: 'Too late' });
    await server.ctx.db.query(
      `update public.contact_requests set expires_at = now() - interval '1 minute' where message = 'Too late'`,
    );
    const expired = await confirm(late.token);
    expect(expired).toMatchObject({ status: 410, json: { code: 'expired' } });
    expect(expired.json.error).toMatch(/expired/);
    expect((await messagesOf(owner)).map((m) => m.message)).not.toContain('Too late');
  });

  it('counts relays per confirmed sender: an abuser spending their budget does not refuse another finder', async () => {
    // Plus-addresses and capitals are the same sender.
    const variants = ['', '+1', '+2'].map((tag, i) => `${i === 2 ? 'ABUSER' : 'abuser'}-${run}${tag}@example.test`);
    for (const v of variants) {
      const { token } = await request(v, { message: `spam from ${v}` });
      expect((await confirm(token)).json).toEqual({ status: 'sent' });
    }
    const over = await request(`abuser-${run}+3@example.test`, { message: 'one too many' });
    const refused = await confirm(over.token);
    expect(refused).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
    expect((await messagesOf(owner)).map((m) => m.message)).not.toContain('one too many');

    const finder = await request(addr('real-finder'), { message: 'I really found it' });
    expect((await confirm(finder.token)).json).toEqual({ status: 'sent' });
    expect((await messagesOf(owner)).map((m) => m.message)).toContain('I really found it');
  });

  it('silently drops messages from a sender the owner blocked, and relays again after unblocking', async () => {
    const sender = addr('pest');
    const first = await request(sender, { senderName: 'Pest', message: 'first message' });
    await confirm(first.token);
    const relayed = await relayedMailWith(owner.email, 'first message');
    const blockLink = relayed.links.find((l) => l.includes('/contact/block'))!;
    const messageId = new URL(blockLink).searchParams.get('message')!;

    // Only the owner of the message can block its sender.
    const stranger = await otherOwner.client.rpc('block_contact_sender', { p_message_id: messageId });
    expect(stranger.error).not.toBeNull();
    const anonBlock = await server.anonClient().rpc('block_contact_sender', { p_message_id: messageId });
    expect(anonBlock.error).not.toBeNull();
    const blocked = await owner.client.rpc('block_contact_sender', { p_message_id: messageId });
    expect(blocked.error).toBeNull();

    const list = await owner.client.from('contact_blocked_senders').select('id, sender_name, asset_title');
    expect(list.data).toEqual([expect.objectContaining({ sender_name: 'Pest', asset_title: 'Road bike' })]);
    expect((await owner.client.from('contact_blocked_senders').select('sender_key')).error).not.toBeNull();

    const mailsBefore = mailsTo(owner.email).length;
    const again = await request(`pest-${run}+again@example.test`, { message: 'blocked message' });
    expect(await confirm(again.token)).toEqual({ status: 200, json: { status: 'sent' } });
    await server.ctx.mailer.deliverDue();
    expect(mailsTo(owner.email).length).toBe(mailsBefore);
    expect((await messagesOf(owner)).map((m) => m.message)).not.toContain('blocked message');

    // The block is the owner's alone: the same sender still reaches another owner.
    const elsewhere = await request(sender, { asset: otherAssetId, message: 'to another owner' });
    expect((await confirm(elsewhere.token)).json).toEqual({ status: 'sent' });
    expect((await messagesOf(otherOwner)).map((m) => m.message)).toContain('to another owner');

    const unblocked = await owner.client
      .from('contact_blocked_senders')
      .delete()
      .eq('id', list.data![0]!.id)
      .select('id');
    expect(unblocked.data).toHaveLength(1);
    const after = await request(sender, { message: 'after unblock' });
    expect((await confirm(after.token)).json).toEqual({ status: 'sent' });
    expect((await messagesOf(owner)).map((m) => m.message)).toContain('after unblock');
  });

  it('lets the owner report abuse for moderators, which also blocks the sender', async () => {
    const sender = addr('scammer');
    const { token } = await request(sender, { senderName: 'Scam', message: 'send me money' });
    await confirm(token);
    const relayed = await relayedMailWith(owner.email, 'send me money');
    const messageId = new URL(relayed.links.find((l) => l.includes('/contact/report'))!).searchParams.get('message')!;

    expect(
      (await otherOwner.client.rpc('report_contact_abuse', { p_message_id: messageId, p_reason: 'x' })).error,
    ).not.toBeNull();
    const report = await owner.client.rpc('report_contact_abuse', {
      p_message_id: messageId,
      p_reason: 'Asks for money',
    });
    expect(report.error).toBeNull();

    const own = await owner.client.from('contact_abuse_reports').select('id, message, reason, status, sender_name');
    expect(own.data).toEqual([
      { id: report.data, message: 'send me money', reason: 'Asks for money', status: 'open', sender_name: 'Scam' },
    ]);
    expect((await otherOwner.client.from('contact_abuse_reports').select('id')).data).toEqual([]);
    expect((await moderator.client.from('contact_abuse_reports').select('id')).data).toEqual([{ id: report.data }]);
    expect((await moderator.client.from('contact_abuse_reports').select('sender_key')).error).not.toBeNull();

    const again = await request(sender, { message: 'more scam' });
    expect((await confirm(again.token)).json).toEqual({ status: 'sent' });
    expect((await messagesOf(owner)).map((m) => m.message)).not.toContain('more scam');
  });

  it('limits confirmation mails per address even when X-Forwarded-For changes on every request', async () => {
    const victim = addr('mailbomb-victim');
    for (let i = 0; i < 5; i++) await request(victim, { headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` } });
    const refused = await call(
      { action: 'send', assetId, senderEmail: `Mailbomb-Victim-${run}+again@example.test`, message: 'again' },
      { 'X-Forwarded-For': '198.51.100.77' },
    );
    expect(refused).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
    await server.ctx.mailer.deliverDue();
    expect(mailsTo(victim)).toHaveLength(5);
  });

  it('limits confirmation mails per client IP across addresses', async () => {
    for (let i = 0; i < 10; i++) await request(addr(`ip-${i}`));
    const refused = await call({ action: 'send', assetId, senderEmail: addr('ip-10'), message: 'hello' });
    expect(refused).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
    await server.ctx.mailer.deliverDue();
    expect(mailsTo(addr('ip-10'))).toHaveLength(0);
  });

  it('answers bad input with 4xx in the API error shape', async () => {
    expect(await call({ action: 'send', assetId, senderEmail: 'not-an-email', message: 'hi' })).toMatchObject({
      status: 400,
      json: { code: 'invalid' },
    });
    expect(await call({ action: 'send', assetId, senderEmail: addr('x'), message: ' ' })).toMatchObject({
      status: 400,
      json: { code: 'invalid' },
    });
    expect(
      await call({ action: 'send', assetId, senderEmail: addr('x'), senderName: 'n'.repeat(101), message: 'hi' }),
    ).toMatchObject({ status: 400 });
    expect(
      await call({ action: 'send', assetId: crypto.randomUUID(), senderEmail: addr('x'), message: 'hi' }),
    ).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect(await call({ action: 'nope' })).toMatchObject({ status: 400, json: { code: 'invalid' } });
  });
});
