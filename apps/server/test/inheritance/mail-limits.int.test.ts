// Invitations and transfer offers mail people who never asked for them (issue 27, item 8), through
// the real server on both drivers: 25 offers or 10 invitations to one outside address used to send
// 25 or 10 mails. Now each kind has budgets per sender, per sender and address, and per address
// (keyed by the account and the address key, which the caller cannot change), and each mail ends
// with a signed link where the recipient stops them — from that sender or from everyone — which
// the database honours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink, type ReceivedMail } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { LEGACY_ENV, addAsset, advance, signUp, type Person } from './family.js';

describe.each(drivers)('limits on invitation and transfer mails on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { ...LEGACY_ENV, SMTP_URL: sink.smtpUrl } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** The mails logged (one event each, each mailed once) for an address. */
  async function loggedMails(address: string, kind: string): Promise<number> {
    const { rows } = await server.ctx.db.query<{ n: string }>(
      `select count(*) as n from public.legacy_events where lower(recipient_email) = lower($1) and kind = $2`,
      [address, kind],
    );
    return Number(rows[0]!.n);
  }

  async function receive(address: string, count: number): Promise<ReceivedMail[]> {
    const mails: ReceivedMail[] = [];
    for (let i = 0; i < count; i++) mails.push(await sink.nextMail(address));
    return mails;
  }

  const offer = (owner: Person, assetId: string, email: string) =>
    owner.client.rpc('offer_asset_transfer', { p_asset: assetId, p_email: email });

  async function invite(owner: Person, email: string) {
    const kin = await owner.client
      .from('next_of_kin')
      .insert({ full_name: 'Someone', relationship: 'Friend', email })
      .select('id')
      .single();
    expect(kin.error).toBeNull();
    return owner.client.rpc('legacy_invite', { p_next_of_kin: kin.data!.id });
  }

  function preferences(body: Record<string, unknown>) {
    return fetch(`${server.url}/functions/v1/mail-preferences`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const optOutToken = (mail: ReceivedMail) =>
    new URL(mail.links.find((l) => l.includes('/mail-preferences'))!).searchParams.get('token')!;

  it('sends 5 of 25 offers of one asset to one outside address, then refuses with 429 mail_limit', async () => {
    const owner = await signUp(server, uniqueEmail('offerer'), { full_name: 'Olivia Owner' });
    const assetId = await addAsset(server, owner.id, 'Bicycle', 'general');
    const outsider = uniqueEmail('outsider');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await offer(owner, assetId, outsider);
      statuses.push(res.status);
      if (res.error) expect(res.error).toMatchObject({ code: 'mail_limit' });
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const mails = await receive(outsider, 5);
    expect(await loggedMails(outsider, 'transfer_offered')).toBe(5);
    // The mail names the asset and its sender, and leads to the offer's own page.
    expect(mails[0]!.text).toContain(`«Olivia Owner» (${owner.email}) wants to transfer the ownership of «Bicycle»`);
    const transfer = (await owner.client.from('asset_transfers').select('id').eq('asset_id', assetId).single()).data!;
    expect(mails[0]!.links).toContain(`${server.config.siteUrl}/transfers/${transfer.id}`);
    // The next day the budget is there again.
    await advance(server, 1.01);
    expect((await offer(owner, assetId, outsider)).error).toBeNull();
  });

  it('sends 3 of 10 invitations to one outside address, and 10 per sender a day whoever they go to', async () => {
    const owner = await signUp(server, uniqueEmail('inviter'), { full_name: 'Olivia Owner' });
    const outsider = uniqueEmail('invitee');
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await invite(owner, outsider));
    expect(results.filter((r) => !r.error)).toHaveLength(3);
    for (const r of results.slice(3)) {
      expect(r.status).toBe(429);
      expect(r.error).toMatchObject({ code: 'mail_limit', details: 'sender' });
    }
    const mails = await receive(outsider, 3);
    expect(await loggedMails(outsider, 'invited')).toBe(3);
    expect(mails[0]!.text).toContain(`«Olivia Owner» (${owner.email}) named you as their next of kin`);
    // Seven more addresses reach the sender's 10 a day; the eleventh is refused.
    for (let i = 0; i < 7; i++) expect((await invite(owner, uniqueEmail('invitee'))).error).toBeNull();
    const eleventh = await invite(owner, uniqueEmail('invitee'));
    expect(eleventh.status).toBe(429);
  });

  it('counts per address across senders, by the address key ("+tag" and case ignored)', async () => {
    const outsider = uniqueEmail('popular');
    const [local, domain] = outsider.split('@') as [string, string];
    for (let i = 0; i < 5; i++) {
      const owner = await signUp(server, uniqueEmail('sender'));
      const to = i % 2 ? `${local}+x${i}@${domain}`.toUpperCase() : outsider;
      expect((await invite(owner, to)).error).toBeNull();
    }
    const sixth = await invite(await signUp(server, uniqueEmail('sender')), outsider);
    expect(sixth.status).toBe(429);
    expect(sixth.error).toMatchObject({ code: 'mail_limit', details: 'recipient' });
  });

  it('stops mails from one sender, or from everyone, with the signed link each mail carries', async () => {
    const olivia = await signUp(server, uniqueEmail('olivia'), { full_name: 'Olivia Owner' });
    const bruno = await signUp(server, uniqueEmail('bruno'), { full_name: 'Bruno Other' });
    const watch = await addAsset(server, olivia.id, 'Watch', 'general');
    const ring = await addAsset(server, bruno.id, 'Ring', 'general');
    const outsider = uniqueEmail('weary');
    expect((await offer(olivia, watch, outsider)).error).toBeNull();
    const first = await sink.nextMail(outsider);
    expect(first.text).toContain('Not expecting this? You can stop e-mails from this person');
    const token = optOutToken(first);

    const described = await preferences({ action: 'describe', token });
    expect(described.status).toBe(200);
    expect(await described.json()).toEqual({
      sender: { name: 'Olivia Owner', email: olivia.email },
      stopped: { sender: false, everyone: false },
    });
    const stop = await preferences({ action: 'set', token, scope: 'sender', stopped: true });
    expect(await stop.json()).toMatchObject({ stopped: { sender: true, everyone: false } });

    // Olivia's next offer and invitation are refused, and nothing is mailed; Bruno still reaches the address.
    const refused = await offer(olivia, watch, outsider);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'recipient_opted_out' });
    expect((await invite(olivia, outsider)).error).toMatchObject({ code: 'recipient_opted_out' });
    expect((await offer(bruno, ring, outsider.toUpperCase())).error).toBeNull();
    const fromBruno = await sink.nextMail(outsider);
    expect(fromBruno.text).toContain('«Bruno Other»');

    // Stopping everyone refuses Bruno too; allowing again lets his offers through.
    await preferences({ action: 'set', token: optOutToken(fromBruno), scope: 'everyone', stopped: true });
    expect((await offer(bruno, ring, outsider)).error).toMatchObject({ code: 'recipient_opted_out' });
    await preferences({ action: 'set', token: optOutToken(fromBruno), scope: 'everyone', stopped: false });
    expect((await offer(bruno, ring, outsider)).error).toBeNull();
    expect((await offer(olivia, watch, outsider)).error).toMatchObject({ code: 'recipient_opted_out' });
    expect(await loggedMails(outsider, 'transfer_offered')).toBe(3);
  });

  it('refuses forged, altered or borrowed tokens at the preferences link', async () => {
    const owner = await signUp(server, uniqueEmail('signer'));
    const assetId = await addAsset(server, owner.id, 'Lamp', 'general');
    const outsider = uniqueEmail('target');
    expect((await offer(owner, assetId, outsider)).error).toBeNull();
    const token = optOutToken(await sink.nextMail(outsider));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...claims, snd: crypto.randomUUID() })).toString('base64url');
    const session = (await owner.client.auth.getSession()).data.session!.access_token;
    for (const bad of [`${header}.${altered}.${signature}`, session, server.anonKey, 'nonsense']) {
      const res = await preferences({ action: 'set', token: bad, scope: 'everyone', stopped: true });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'invalid_token' });
    }
    expect((await preferences({ action: 'set', token, scope: 'nobody', stopped: true })).status).toBe(400);
    // Nothing was stopped by the bad calls.
    expect((await offer(owner, assetId, outsider)).error).toBeNull();
  });
});
