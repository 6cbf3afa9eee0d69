// What the links in an invitation and a transfer offer show, and what answering them does, through
// the real server on both drivers (issue 28, items 6 and 8). The link's holder learns who invited
// them (or offers what), to which address (masked) and in what state — signed in or not; answering
// twice, late, or as someone else is a 4xx with a code, never a 500; the owner sees and cancels the
// transfers they offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { LEGACY_ENV, addAsset, advance, signUp, tokenOf, type Person } from './family.js';

/** What the database's private.mask_email makes of an address: first letters and the last domain part. */
function masked(email: string): string {
  const [local, domain] = email.split('@') as [string, string];
  return `${local[0]}•••@${domain[0]}•••${domain.slice(domain.lastIndexOf('.'))}`;
}

describe.each(drivers)('invitation and transfer links on %s', (driver) => {
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

  async function invited(inviteeEmail: string): Promise<{ owner: Person; token: string; kinId: string }> {
    const owner = await signUp(server, uniqueEmail('owner'), { full_name: 'Olivia Owner' });
    const kin = await owner.client
      .from('next_of_kin')
      .insert({ full_name: 'Kim', relationship: 'Friend', email: inviteeEmail })
      .select('id')
      .single();
    expect((await owner.client.rpc('legacy_invite', { p_next_of_kin: kin.data!.id })).error).toBeNull();
    return { owner, token: tokenOf(await sink.nextMail(inviteeEmail)), kinId: kin.data!.id };
  }

  it('shows a signed-out holder who invited them; the wrong person learns only the masked address', async () => {
    const inviteeEmail = uniqueEmail('invitee');
    const { owner, token } = await invited(inviteeEmail);
    const anon = await server.anonClient().rpc('legacy_invitation', { p_token: token });
    expect(anon.error).toBeNull();
    expect(anon.data).toMatchObject({
      state: 'invited',
      inviter_name: 'Olivia Owner',
      inviter_email: owner.email,
      invited_email: masked(inviteeEmail),
      for_me: null,
    });
    expect(JSON.stringify(anon.data)).not.toContain(inviteeEmail);

    const stranger = await signUp(server, uniqueEmail('stranger'));
    expect((await stranger.client.rpc('legacy_invitation', { p_token: token })).data).toMatchObject({ for_me: false });
    const wrong = await stranger.client.rpc('legacy_answer_invite', { p_token: token, p_accept: true });
    expect(wrong.status).toBe(403);
    expect(wrong.error).toMatchObject({ code: 'invitation_for_another_address', details: masked(inviteeEmail) });

    const bogus = await server.anonClient().rpc('legacy_invitation', { p_token: 'f'.repeat(64) });
    expect(bogus.status).toBe(404);
    expect(bogus.error).toMatchObject({ code: 'invitation_not_found' });
  });

  it('keeps showing a declined or accepted invitation, and answers a second answer with 409', async () => {
    const declinerEmail = uniqueEmail('decliner');
    const { owner, token, kinId } = await invited(declinerEmail);
    const decliner = await signUp(server, declinerEmail);
    expect((await decliner.client.rpc('legacy_invitation', { p_token: token })).data).toMatchObject({ for_me: true });
    expect((await decliner.client.rpc('legacy_answer_invite', { p_token: token, p_accept: false })).error).toBeNull();
    const reopened = await decliner.client.rpc('legacy_invitation', { p_token: token });
    expect(reopened.data).toMatchObject({ state: 'declined', responded_at: expect.any(String) });
    const again = await decliner.client.rpc('legacy_answer_invite', { p_token: token, p_accept: true });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'invitation_answered', details: 'declined' });

    // A new invitation replaces the old link, which then says it is no longer valid.
    expect((await owner.client.rpc('legacy_invite', { p_next_of_kin: kinId })).error).toBeNull();
    const fresh = tokenOf(await sink.nextMail(declinerEmail));
    expect((await decliner.client.rpc('legacy_invitation', { p_token: token })).status).toBe(404);
    expect((await decliner.client.rpc('legacy_answer_invite', { p_token: fresh, p_accept: true })).error).toBeNull();
    expect((await server.anonClient().rpc('legacy_invitation', { p_token: fresh })).data).toMatchObject({
      state: 'accepted',
    });
    const twice = await decliner.client.rpc('legacy_answer_invite', { p_token: fresh, p_accept: true });
    expect(twice.status).toBe(409);
    expect(twice.error).toMatchObject({ code: 'invitation_answered', details: 'accepted' });
    // Inviting an accepted next of kin again is a 409 too.
    const reinvite = await owner.client.rpc('legacy_invite', { p_next_of_kin: kinId });
    expect(reinvite.status).toBe(409);
    expect(reinvite.error).toMatchObject({ code: 'kin_already_accepted' });
  });

  it('lets an invitation expire after 30 days (410), until the owner sends a new one', async () => {
    const lateEmail = uniqueEmail('late');
    const { token } = await invited(lateEmail);
    const late = await signUp(server, lateEmail);
    await advance(server, 30.1);
    expect((await late.client.rpc('legacy_invitation', { p_token: token })).data).toMatchObject({ state: 'expired' });
    const answer = await late.client.rpc('legacy_answer_invite', { p_token: token, p_accept: true });
    expect(answer.status).toBe(410);
    expect(answer.error).toMatchObject({ code: 'invitation_expired' });
  });

  it('shows a transfer offer to its link holder; the owner sees it on the asset and cancels it', async () => {
    const owner = await signUp(server, uniqueEmail('giver'), { full_name: 'Olivia Owner' });
    const assetId = await addAsset(server, owner.id, 'Violin', 'general');
    const buyerEmail = uniqueEmail('buyer');
    const offered = await owner.client.rpc('offer_asset_transfer', { p_asset: assetId, p_email: buyerEmail });
    expect(offered.error).toBeNull();
    const mail = await sink.nextMail(buyerEmail);
    expect(mail.subject).toBe('[TagLedger] An asset is being transferred to you');
    expect(mail.links).toContain(`${server.config.siteUrl}/transfers/${offered.data.id}`);

    const shown = await server.anonClient().rpc('asset_transfer_offer', { p_transfer: offered.data.id });
    expect(shown.data).toMatchObject({
      state: 'pending',
      title: 'Violin',
      sender_name: 'Olivia Owner',
      sender_email: owner.email,
      to_email: masked(buyerEmail),
      for_me: null,
    });
    const buyer = await signUp(server, buyerEmail);
    expect((await buyer.client.rpc('asset_transfer_offer', { p_transfer: offered.data.id })).data).toMatchObject({
      for_me: true,
    });

    // The asset page reads the owner's pending offers of the asset, and the owner cancels one.
    const pending = await owner.client
      .from('asset_transfers')
      .select('id, to_email, state')
      .eq('asset_id', assetId)
      .eq('state', 'pending');
    expect(pending.data).toEqual([{ id: offered.data.id, to_email: buyerEmail, state: 'pending' }]);
    expect((await buyer.client.rpc('cancel_asset_transfer', { p_transfer: offered.data.id })).status).toBe(404);
    expect((await owner.client.rpc('cancel_asset_transfer', { p_transfer: offered.data.id })).error).toBeNull();
    expect((await buyer.client.rpc('asset_transfer_offer', { p_transfer: offered.data.id })).data).toMatchObject({
      state: 'cancelled',
    });
    expect((await buyer.client.rpc('my_incoming_transfers')).data).toEqual([]);
    const twice = await owner.client.rpc('cancel_asset_transfer', { p_transfer: offered.data.id });
    expect(twice.status).toBe(404);
    expect(twice.error).toMatchObject({ code: 'not_found' });
    const missing = await server.anonClient().rpc('asset_transfer_offer', { p_transfer: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'transfer_not_found' });
  });
});
