// Referral rewards follow the money of the purchase that paid them (issue 27, item 7): a lost
// dispute, or a refund of more than 10% of the amount within 14 days of payment, takes back every
// level's reward; what the referrer already spent becomes their debt. A small goodwill refund, a
// refund after the window and a won dispute leave the rewards. Decision 0141.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { checkout, expectLedgerConsistent, spend, tokenPackages, wallet, type Pkg } from '../helpers/purchases.js';

describe.each(drivers)('referral rewards and reversals of the paying purchase on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let webhook: string;
  let starter: Pkg;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ driver, env: { ...stripe.serverEnv(), RATE_LIMITS: 'off' } });
    webhook = `${server.url}/functions/v1/stripe-webhook`;
    starter = (await tokenPackages(server)).find((p) => p.name === 'Starter')!;
    expect(starter).toMatchObject({ tokens: 100, price_minor: 100 });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  async function refer(referrer: TestUser, referred: TestUser): Promise<void> {
    const { data } = await referrer.client.from('user_profiles').select('referral_code').eq('id', referrer.id).single();
    const applied = await referred.client.rpc('apply_referral_on_signup', {
      p_new_user_id: referred.id,
      p_referral_code: (data as { referral_code: string }).referral_code,
      p_source: 'email_verification',
    });
    expect(applied.error).toBeNull();
  }

  /** top ← referrer ← buyer; the buyer pays for Starter: referrer +50 (level 1), top +30 (level 2). */
  async function chainWithPaidPurchase() {
    const top = await createTestUser(server);
    const referrer = await createTestUser(server);
    const buyer = await createTestUser(server);
    await refer(top, referrer);
    await refer(referrer, buyer);
    const { purchaseId, session } = await checkout(server, stripe, buyer, starter);
    expect((await stripe.deliver(webhook, stripe.completedEvent(session.id))).body.outcome).toBe('credited');
    expect(await wallet(referrer)).toEqual({ balance: 100, debt: 0 });
    expect(await wallet(top)).toEqual({ balance: 80, debt: 0 });
    return { top, referrer, buyer, purchaseId, sessionId: session.id };
  }

  async function statuses(referred: TestUser): Promise<string[]> {
    const { rows } = await server.ctx.db.query<{ status: string }>(
      'select status from public.referrals where referred_id = $1 order by level',
      [referred.id],
    );
    return rows.map((r) => r.status);
  }

  it('a 99p refund of the £1 purchase takes back every level’s reward', async () => {
    const { top, referrer, buyer, sessionId } = await chainWithPaidPurchase();
    expect((await stripe.deliver(webhook, stripe.refundEvent(sessionId, 99))).body.outcome).toBe('refunded');
    expect(await wallet(referrer)).toEqual({ balance: 50, debt: 0 });
    expect(await wallet(top)).toEqual({ balance: 50, debt: 0 });
    expect(await statuses(buyer)).toEqual(['reversed', 'reversed']);
    const { data } = await referrer.client
      .from('token_transactions')
      .select('amount, source, description')
      .eq('source', 'referral_reversal');
    expect(data).toEqual([
      {
        amount: -50,
        source: 'referral_reversal',
        description: 'Level 1 referral reward taken back: the purchase was refunded',
      },
    ]);
  });

  it('a lost dispute takes back the rewards; what the referrer spent becomes their debt', async () => {
    const { top, referrer, buyer, sessionId } = await chainWithPaidPurchase();
    await spend(server, referrer, 90);
    await stripe.deliver(webhook, stripe.disputeEvent(sessionId, 'charge.dispute.created'));
    // An open dispute holds the buyer's tokens but not yet the referrers' rewards.
    expect(await wallet(referrer)).toEqual({ balance: 10, debt: 0 });
    expect(
      (await stripe.deliver(webhook, stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'lost'))).body,
    ).toEqual({ received: true, outcome: 'dispute_lost' });
    expect(await wallet(referrer)).toEqual({ balance: 0, debt: 40 });
    expect(await wallet(top)).toEqual({ balance: 50, debt: 0 });
    expect(await statuses(buyer)).toEqual(['reversed', 'reversed']);
    const { data } = await referrer.client
      .from('token_transactions')
      .select('amount, description')
      .eq('source', 'referral_reversal');
    expect(data).toEqual([
      { amount: -10, description: 'Level 1 referral reward taken back: the purchase was charged back' },
    ]);
    // The referrer cannot spend until a purchase settles the debt.
    await expect(spend(server, referrer, 1)).rejects.toThrow(/Insufficient tokens/);
    await expectLedgerConsistent(server);
  });

  it('a won dispute, and a refund of at most 10%, leave the rewards', async () => {
    const { referrer, buyer, sessionId } = await chainWithPaidPurchase();
    await stripe.deliver(webhook, stripe.disputeEvent(sessionId, 'charge.dispute.created'));
    await stripe.deliver(webhook, stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'won'));
    expect((await stripe.deliver(webhook, stripe.refundEvent(sessionId, 10))).body.outcome).toBe('refunded');
    expect(await wallet(referrer)).toEqual({ balance: 100, debt: 0 });
    expect(await statuses(buyer)).toEqual(['earned', 'earned']);
    // A second refund brings the running total past 10%: now the rewards go.
    await stripe.deliver(webhook, stripe.refundEvent(sessionId, 11));
    expect(await wallet(referrer)).toEqual({ balance: 50, debt: 0 });
    expect(await statuses(buyer)).toEqual(['reversed', 'reversed']);
  });

  it('a refund more than 14 days after payment leaves the rewards; a lost dispute still takes them', async () => {
    const late = await chainWithPaidPurchase();
    await server.ctx.db.query(
      `update public.token_purchases set paid_at = paid_at - interval '15 days' where id = $1`,
      [late.purchaseId],
    );
    await stripe.deliver(webhook, stripe.refundEvent(late.sessionId, 100));
    expect(await wallet(late.referrer)).toEqual({ balance: 100, debt: 0 });
    expect(await statuses(late.buyer)).toEqual(['earned', 'earned']);

    const disputed = await chainWithPaidPurchase();
    await server.ctx.db.query(
      `update public.token_purchases set paid_at = paid_at - interval '60 days' where id = $1`,
      [disputed.purchaseId],
    );
    await stripe.deliver(webhook, stripe.disputeEvent(disputed.sessionId, 'charge.dispute.closed', 'lost'));
    expect(await wallet(disputed.referrer)).toEqual({ balance: 50, debt: 0 });
    expect(await statuses(disputed.buyer)).toEqual(['reversed', 'reversed']);
  });

  it('a reward taken back is not taken twice, whatever else arrives for the purchase', async () => {
    const { referrer, sessionId } = await chainWithPaidPurchase();
    await stripe.deliver(webhook, stripe.refundEvent(sessionId, 50));
    await stripe.deliver(
      webhook,
      stripe.disputeEvent(sessionId, 'charge.dispute.created', 'needs_response', { amount: 50 }),
    );
    await stripe.deliver(webhook, stripe.disputeEvent(sessionId, 'charge.dispute.closed', 'lost', { amount: 50 }));
    await stripe.deliver(webhook, stripe.refundEvent(sessionId, 50));
    expect(await wallet(referrer)).toEqual({ balance: 50, debt: 0 });
    await expectLedgerConsistent(server);
  });
});
