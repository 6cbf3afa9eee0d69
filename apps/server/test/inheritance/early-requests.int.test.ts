// Early requests follow the owner's switch (issue 27, item 1; issue 28, items 5 and 11), through the
// real server on both drivers. The attack: a next of kin asks early, the owner switches the will off
// and is told "nothing will be released" — the waiting request must not be released anyway when its
// waiting period ends. Also: pausing holds nothing either, the next of kin sees their request's
// state and is told by mail in their language, the owner sees who asked, a refused next of kin
// cannot ask again at once, and a released switch answers 409 rather than 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';
import { LEGACY_ENV, advance, family, setSwitch } from './family.js';

describe.each(drivers)('early requests on %s', (driver) => {
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

  it('releases nothing after the owner switched off while an early request waited, and says so to both', async () => {
    const { owner, heir, assetId } = await family(server, sink);
    expect((await setSwitch(owner, { enabled: true, months: 12, waiting: 3 })).error).toBeNull();
    await sink.nextMail(owner.email); // switch changed
    const ask = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(ask.error).toBeNull();
    expect((await sink.nextMail(owner.email)).subject).toBe('[TagLedger] Heir asked for access to your legacy');

    expect((await setSwitch(owner, { enabled: false, months: 12, waiting: 3 })).error).toBeNull();
    await advance(server, 3.1);

    const released = await heir.client.rpc('legacy_released_to_me');
    expect(released.error).toBeNull();
    expect(released.data).toEqual([]);
    const incoming = await heir.client.rpc('my_incoming_transfers');
    expect(incoming.error).toBeNull();
    expect(incoming.data).toEqual([]);
    const { rows } = await server.ctx.db.query(
      `select 1 from public.asset_transfers where asset_id = $1 union all
       select 1 from public.legacy_switches where user_id = $2 and released_at is not null`,
      [assetId, owner.id],
    );
    expect(rows).toHaveLength(0);

    // The owner's confirmation is true, and says what happened to the request.
    const confirmation = await sink.nextMail(owner.email);
    expect(confirmation.subject).toBe('[TagLedger] Your inactivity switch was changed');
    expect(confirmation.text).toContain('Your inactivity switch is off: nothing will be released.');
    expect(confirmation.text).toContain('The waiting early access request was cancelled');
    // The next of kin is told, and sees the state of the request they made.
    const told = await sink.nextMail(heir.email);
    expect(told.subject).toBe('[TagLedger] Your early access request was cancelled');
    expect(told.text).toContain('«Olivia Owner» switched off their inactivity switch');
    const mine = await heir.client.from('legacy_requests').select('owner_id, state, cancel_reason');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ owner_id: owner.id, state: 'cancelled', cancel_reason: 'switched_off' }]);
    // Off, there is nothing to ask for.
    const again = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'legacy_switch_off' });
  });

  it('holds nothing through a pause: the request is cancelled, the kin told in French, and cannot ask until it ends', async () => {
    const { owner, heir } = await family(server, sink, { language: 'fr' });
    await setSwitch(owner, { enabled: true, months: 12, waiting: 3 });
    expect((await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id })).error).toBeNull();
    const now = (await server.ctx.db.query<{ now: Date }>('select private.app_now() as now')).rows[0]!.now;
    const pauseEnd = new Date(now.getTime() + 10 * 86_400_000).toISOString();
    expect((await setSwitch(owner, { enabled: true, months: 12, waiting: 3, pausedUntil: pauseEnd })).error).toBeNull();
    await advance(server, 3.1);
    expect((await heir.client.rpc('legacy_released_to_me')).data).toEqual([]);
    expect((await heir.client.rpc('my_incoming_transfers')).data).toEqual([]);

    const told = await sink.nextMail(heir.email);
    expect(told.subject).toBe('[TagLedger] Votre demande d’accès anticipé a été annulée');
    expect(told.text).toContain('« Olivia Owner » a mis son interrupteur d’inactivité en pause jusqu’au');
    const mine = await heir.client.from('legacy_requests').select('state, cancel_reason');
    expect(mine.data).toEqual([{ state: 'cancelled', cancel_reason: 'paused' }]);
    const during = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(during.status).toBe(409);
    expect(during.error).toMatchObject({ code: 'legacy_paused' });
    expect(new Date(during.error!.details).getTime()).toBe(new Date(pauseEnd).getTime());
    // After the pause the next of kin may ask again (a new request, a new mail to the owner).
    await advance(server, 7);
    const after = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(after.error).toBeNull();
    expect(after.data.state).toBe('waiting');
  });

  it('tells the owner who asked, and keeps a refused next of kin from asking again for 30 days', async () => {
    const { owner, heir } = await family(server, sink);
    await setSwitch(owner, { enabled: true, months: 12, waiting: 3 });
    await sink.nextMail(owner.email); // switch changed
    expect((await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id })).error).toBeNull();
    expect((await sink.nextMail(owner.email)).subject).toBe('[TagLedger] Heir asked for access to your legacy');
    const waiting = await owner.client
      .from('legacy_requests')
      .select('id, state, next_of_kin(full_name)')
      .eq('state', 'waiting');
    expect(waiting.error).toBeNull();
    expect(waiting.data).toEqual([{ id: expect.any(String), state: 'waiting', next_of_kin: { full_name: 'Heir' } }]);
    expect((await owner.client.rpc('legacy_refuse_request', { p_request: waiting.data![0]!.id })).error).toBeNull();
    expect((await sink.nextMail(owner.email)).subject).toBe('[TagLedger] You refused an early access request');

    const again = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'legacy_request_cooldown' });
    const mine = await heir.client.from('legacy_requests').select('state, ask_again_after');
    expect(mine.data).toEqual([{ state: 'refused', ask_again_after: expect.any(String) }]);
    expect(new Date(again.error!.details).getTime()).toBe(new Date(mine.data![0]!.ask_again_after).getTime());

    // Refusing a request that is no longer waiting is a 404 with a code, not a 500.
    const twice = await owner.client.rpc('legacy_refuse_request', { p_request: waiting.data![0]!.id });
    expect(twice.status).toBe(404);
    expect(twice.error).toMatchObject({ code: 'not_found' });

    await advance(server, 30.1);
    const later = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(later.error).toBeNull();
    expect((await sink.nextMail(owner.email)).subject).toBe('[TagLedger] Heir asked for access to your legacy');
    const asks = sink.messages.filter((m) => m.to.includes(owner.email) && m.subject.includes('asked for access'));
    expect(asks).toHaveLength(2);
  });

  it('answers a change after release with 409 legacy_released, not 500', async () => {
    const { owner, heir } = await family(server, sink);
    await setSwitch(owner, { enabled: true, months: 12, waiting: 1 });
    expect((await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id })).error).toBeNull();
    await advance(server, 1.1);
    expect((await heir.client.rpc('legacy_released_to_me')).data).toHaveLength(1);
    const save = await setSwitch(owner, { enabled: false });
    expect(save.status).toBe(409);
    expect(save.error).toMatchObject({ code: 'legacy_released', message: 'Your legacy has already been released' });
    const ask = await heir.client.rpc('legacy_request_early_access', { p_owner: owner.id });
    expect(ask.status).toBe(409);
    expect(ask.error).toMatchObject({ code: 'legacy_released' });
  });
});
