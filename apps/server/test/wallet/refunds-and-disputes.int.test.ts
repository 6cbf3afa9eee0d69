// Refunds and disputes of a token purchase through the real server and signed webhooks (issue 27,
// item 4 and "also seen"): each reversal takes its own share of the tokens, a won dispute gives back
// only what the dispute took (never what a refund took), a refund during a dispute takes over the
// dispute's share so that winning it restores nothing, in every order Stripe may deliver the events,
// replayed or at once. Malformed amounts are refused with 400 and move nothing. Decision 0141.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeEvent, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import {
  checkout,
  expectLedgerConsistent,
  ledgerOf,
  purchaseRow,
  spend,
  tokenPackages,
  wallet,
  type Pkg,
} from '../helpers/purchases.js';

describe.each(drivers)('refunds and disputes on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let webhook: string;
  let standard: Pkg;
  let starter: Pkg;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ driver, env: { ...stripe.serverEnv(), RATE_LIMITS: 'off' } });
    webhook = `${server.url}/functions/v1/stripe-webhook`;
    const packages = await tokenPackages(server);
    starter = packages.find((p) => p.name === 'Starter')!;
    standard = packages.find((p) => p.name === 'Standard')!;
    expect(standard).toMatchObject({ tokens: 500, price_minor: 450 });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  /** A new buyer (50 TMT welcome bonus) who has paid for the Standard package: balance 550. */
  async function paidStandard(): Promise<{ user: TestUser; purchaseId: string; sessionId: string }> {
    const user = await createTestUser(server);
    const { purchaseId, session } = await checkout(server, stripe, user, standard);
    expect((await stripe.deliver(webhook, stripe.completedEvent(session.id))).body.outcome).toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    return { user, purchaseId, sessionId: session.id };
  }

  async function send(event: FakeEvent): Promise<string> {
    const res = await stripe.deliver(webhook, event);
    expect(res.status).toBe(200);
    return res.body.outcome as string;
  }

  it('the attack: refund 225, dispute 225, dispute won — the refund’s 250 TMT stay taken back', async () => {
    const { user, purchaseId, sessionId } = await paidStandard();
    expect(await send(stripe.refundEvent(sessionId, 225))).toBe('refunded');
    expect(await wallet(user)).toEqual({ balance: 300, debt: 0 });
    // The dispute covers the other half of the money: the bank took it, so its tokens go too.
    expect(
      await send(stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: 225 })),
    ).toBe('disputed');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won', { amount: 225 }))).toBe(
      'dispute_won',
    );
    // Only the dispute's own 250 come back: the buyer holds what the 225p they kept paid for.
    expect(await wallet(user)).toEqual({ balance: 300, debt: 0 });
    expect(await ledgerOf(user, purchaseId)).toEqual([
      { amount: 500, source: 'purchase' },
      { amount: -250, source: 'purchase_refund' },
      { amount: -250, source: 'purchase_dispute' },
      { amount: 250, source: 'purchase_dispute_won' },
    ]);
    expect(await purchaseRow(user, purchaseId)).toMatchObject({
      status: 'paid',
      dispute_status: 'won',
      amount_refunded_minor: 225,
      amount_disputed_minor: 225,
      tokens_refunded: 250,
      tokens_disputed: 0,
      tokens_reversed: 250,
    });
    await expectLedgerConsistent(server);
  });

  it('a full refund during a dispute leaves no tokens, and winning the dispute then restores nothing', async () => {
    const { user, purchaseId, sessionId } = await paidStandard();
    expect(await send(stripe.disputeEvent(sessionId, 'charge.dispute.created'))).toBe('disputed');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await send(stripe.refundEvent(sessionId, 450))).toBe('refunded');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ tokens_refunded: 500, tokens_disputed: 0 });
    expect(await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won'))).toBe('dispute_won');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({
      status: 'refunded',
      dispute_status: 'won',
      tokens_reversed: 500,
    });
    await expectLedgerConsistent(server);
  });

  it('a full refund during a dispute, after the tokens were spent, leaves the debt in place when the dispute is won', async () => {
    const { user, sessionId } = await paidStandard();
    await spend(server, user, 540);
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.created'));
    expect(await wallet(user)).toEqual({ balance: 0, debt: 490 });
    await send(stripe.refundEvent(sessionId, 450));
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won'));
    expect(await wallet(user)).toEqual({ balance: 0, debt: 490 });
    await expectLedgerConsistent(server);
  });

  it('dispute, then a partial refund, then won: the refund keeps its half, the dispute gives back the rest', async () => {
    const { user, purchaseId, sessionId } = await paidStandard();
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.created'));
    await send(stripe.refundEvent(sessionId, 225));
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ tokens_refunded: 250, tokens_disputed: 250 });
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won'));
    expect(await wallet(user)).toEqual({ balance: 300, debt: 0 });
    await expectLedgerConsistent(server);
  });

  it('refund then dispute lost: both shares stay taken back', async () => {
    const { user, purchaseId, sessionId } = await paidStandard();
    await send(stripe.refundEvent(sessionId, 225));
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: 225 }));
    expect(await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'lost', { amount: 225 }))).toBe(
      'dispute_lost',
    );
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({
      status: 'disputed',
      dispute_status: 'lost',
      tokens_refunded: 250,
      tokens_disputed: 250,
    });
  });

  it('a dispute won after spending gives back its tokens, settling the debt it made first', async () => {
    const { user, sessionId } = await paidStandard();
    await spend(server, user, 540);
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.created'));
    expect(await wallet(user)).toEqual({ balance: 0, debt: 490 });
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won'));
    expect(await wallet(user)).toEqual({ balance: 10, debt: 0 });
    await expectLedgerConsistent(server);
  });

  it('a won dispute whose "closed" arrives before its "created" takes nothing and is not reopened', async () => {
    const { user, purchaseId, sessionId } = await paidStandard();
    const created = stripe.disputeEvent(sessionId, 'charge.dispute.created');
    const won = stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won');
    expect(await send(won)).toBe('dispute_won');
    expect(await send(created)).toBe('ignored_dispute_closed');
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ status: 'paid', dispute_status: 'won' });
  });

  it('replays (the same event, or the same facts under new event ids) move nothing more', async () => {
    const { user, sessionId } = await paidStandard();
    const refund = stripe.refundEvent(sessionId, 225);
    const created = stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: 225 });
    const won = stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won', { amount: 225 });
    for (const event of [refund, created, won]) {
      await send(event);
      expect(await send(event)).toBe('duplicate');
    }
    expect(await wallet(user)).toEqual({ balance: 300, debt: 0 });
    // Stripe's running total of a refund, an older (smaller) total, and the dispute again, as new events.
    await send(stripe.refundEvent(sessionId, 225));
    await send(stripe.refundEvent(sessionId, 100));
    expect(
      await send(stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: 225 })),
    ).toBe('ignored_dispute_closed');
    await send(stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won', { amount: 225 }));
    expect(await wallet(user)).toEqual({ balance: 300, debt: 0 });
    await expectLedgerConsistent(server);
  });

  it('refund, dispute and its outcome delivered at once end where any order ends', async () => {
    const cases: { refund: number; disputed: number; outcome: 'won' | 'lost'; balance: number }[] = [
      { refund: 450, disputed: 450, outcome: 'won', balance: 50 },
      { refund: 225, disputed: 225, outcome: 'won', balance: 300 },
      { refund: 225, disputed: 225, outcome: 'lost', balance: 50 },
      { refund: 225, disputed: 450, outcome: 'won', balance: 300 },
    ];
    for (const c of cases) {
      const { user, purchaseId, sessionId } = await paidStandard();
      const events = [
        stripe.refundEvent(sessionId, c.refund),
        stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: c.disputed }),
        stripe.disputeEvent(sessionId, 'charge.dispute.closed', c.outcome, { amount: c.disputed }),
      ];
      // Each event twice, all at once.
      const answers = await Promise.all([...events, ...events].map((e) => stripe.deliver(webhook, e)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect([c, await wallet(user)]).toEqual([c, { balance: c.balance, debt: 0 }]);
      const row = await purchaseRow(user, purchaseId);
      expect(Number(row?.tokens_reversed)).toBe(550 - c.balance);
    }
    await expectLedgerConsistent(server);
  });

  it('a signed event with a malformed amount or payment is refused with 400 and moves nothing', async () => {
    const { user, purchaseId, sessionId } = await paidStandard();
    const malformed: FakeEvent[] = [
      stripe.refundEvent(sessionId, 225, { amount_refunded: 'abc' }),
      stripe.refundEvent(sessionId, 225, { amount_refunded: '225' }),
      stripe.refundEvent(sessionId, 225, { amount_refunded: 22.5 }),
      stripe.refundEvent(sessionId, 225, { amount_refunded: -1 }),
      stripe.refundEvent(sessionId, 225, { amount_refunded: 1e30 }),
      stripe.refundEvent(sessionId, 225, { payment_intent: { id: 'pi_x' } }),
      stripe.refundEvent(sessionId, 225, { currency: 7 }),
      stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: 'all' }),
      stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { id: 42 }),
      stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won', { status: ['won'] }),
    ];
    for (const event of malformed) {
      const res = await stripe.deliver(webhook, event);
      expect([event.data.object, res]).toEqual([
        event.data.object,
        { status: 400, body: expect.objectContaining({ code: 'invalid_event', error: expect.any(String) }) },
      ]);
    }
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ status: 'paid', tokens_reversed: 0 });
    // A well-formed refund afterwards still applies.
    expect(await send(stripe.refundEvent(sessionId, 225))).toBe('refunded');
    expect(await wallet(user)).toEqual({ balance: 300, debt: 0 });
  });

  it('a signed checkout event with a malformed amount or intent is refused with 400 and credits nothing', async () => {
    const user = await createTestUser(server);
    const { purchaseId, session } = await checkout(server, stripe, user, starter);
    for (const overrides of [
      { amount_total: String(starter.price_minor) },
      { amount_total: null },
      { payment_intent: { id: 'pi_x' } },
      { client_reference_id: 5 },
      { metadata: 'x' },
    ]) {
      const res = await stripe.deliver(webhook, stripe.completedEvent(session.id, overrides as never));
      expect([overrides, res.status, res.body.code]).toEqual([overrides, 400, 'invalid_event']);
    }
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect((await purchaseRow(user, purchaseId))?.status).toBe('pending');
  });
});
