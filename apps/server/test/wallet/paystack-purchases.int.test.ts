// Buying tokens with Paystack (issue 32, item 1; decision 0154) through the real server and the
// local Paystack-compatible fake: the price is the package's in the chosen currency, read by the
// server; a purchase is credited only on a webhook signed with x-paystack-signature AND the
// server's own verify call confirming amount and currency, once; forged, replayed and mismatched
// confirmations move nothing; refunds and disputes take their share back, as debt once spent; the
// receipt is in the currency paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '@tagledger/test-kit/fake-paystack';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import {
  callFunction,
  expectLedgerConsistent,
  ledgerOf,
  purchaseRow,
  spend,
  tokenPackages,
  wallet,
  type Pkg,
} from '../helpers/purchases.js';

describe.each(drivers)('Paystack purchases on %s', (driver) => {
  let server: TestServer;
  let paystack: FakePaystack;
  let sink: MailSink;
  let webhook: string;
  let starter: Pkg;
  let standard: Pkg;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    sink = await startMailSink();
    server = await startTestServer({
      driver,
      env: { ...paystack.serverEnv(), SMTP_URL: sink.smtpUrl, RATE_LIMITS: 'off' },
    });
    webhook = `${server.url}/functions/v1/paystack-webhook`;
    const packages = await tokenPackages(server);
    starter = packages.find((p) => p.name === 'Starter')!;
    standard = packages.find((p) => p.name === 'Standard')!;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await paystack?.close();
    await sink?.close();
  });

  async function pay(user: TestUser, pkg: Pkg, currency = 'NGN') {
    const res = await callFunction(server, 'create-payment', user, {
      packageId: pkg.id,
      provider: 'paystack',
      currency,
    });
    expect(res.status).toBe(200);
    const purchaseId = res.body.purchaseId as string;
    return { purchaseId, url: res.body.url as string, tx: paystack.transactions.get(purchaseId)! };
  }

  async function send(event: Parameters<FakePaystack['deliver']>[1]): Promise<string> {
    const res = await paystack.deliver(webhook, event);
    expect(res.status).toBe(200);
    return res.body.outcome as string;
  }

  it('offers Paystack in its five currencies, and Stripe not at all without its settings', async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as Record<string, unknown>;
    expect(config.purchasesEnabled).toBe(true);
    expect(config.paymentProviders).toEqual([{ name: 'paystack', currencies: ['ngn', 'ghs', 'zar', 'kes', 'xof'] }]);
  });

  it('initializes the transaction with the package’s price in naira, read by the server', async () => {
    const user = await createTestUser(server);
    const { purchaseId, url, tx } = await pay(user, standard);
    expect(url).toBe(`${paystack.apiBase}/pay/${purchaseId}`);
    expect(tx).toMatchObject({ amount: 900000, currency: 'NGN', email: user.email, status: 'ongoing' });
    expect(tx.callback_url).toContain(`/wallet?purchase=${purchaseId}`);
    expect(await purchaseRow(user, purchaseId)).toMatchObject({
      provider: 'paystack',
      provider_reference: purchaseId,
      amount_minor: 900000,
      currency: 'ngn',
      status: 'pending',
    });
    // The client names a package, never a price, and only a currency Paystack takes.
    const withPrice = await callFunction(server, 'create-payment', user, {
      packageId: standard.id,
      provider: 'paystack',
      currency: 'NGN',
      amount: 1,
    });
    expect(withPrice.status).toBe(400);
    const xaf = await callFunction(server, 'create-payment', user, {
      packageId: standard.id,
      provider: 'paystack',
      currency: 'XAF',
    });
    expect(xaf).toMatchObject({ status: 400, body: { code: 'currency_not_supported' } });
    const stripe = await callFunction(server, 'create-payment', user, {
      packageId: standard.id,
      provider: 'stripe',
      currency: 'GBP',
    });
    expect(stripe).toMatchObject({ status: 503, body: { code: 'purchases_disabled' } });
  });

  it('counts francs CFA in hundredths for Paystack, as it counts every currency', async () => {
    const user = await createTestUser(server);
    const { purchaseId, tx } = await pay(user, starter, 'XOF');
    expect(tx).toMatchObject({ amount: 75000, currency: 'XOF' });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ amount_minor: 750, currency: 'xof' });
    paystack.pay(purchaseId);
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });

  it('credits only once Paystack’s verify call says paid, once, and mails the receipt in naira', async () => {
    const user = await createTestUser(server);
    const { purchaseId } = await pay(user, standard);
    // A signed event for a transaction Paystack has not been paid for: the verify call decides.
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('awaiting_payment');
    expect(paystack.verifyCalls).toContain(purchaseId);
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });

    paystack.pay(purchaseId);
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    // Paystack retries, or someone replays the delivery: nothing more.
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('duplicate');
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    const row = await purchaseRow(user, purchaseId);
    expect(row).toMatchObject({
      status: 'paid',
      provider_payment_id: String(paystack.transactions.get(purchaseId)!.id),
    });
    const mail = await sink.nextMail(user.email);
    expect(mail.text).toContain('Tokens: 500 TMT');
    expect(mail.text).toContain('Amount paid: NGN');
    expect(mail.text).toContain('9,000.00');
    expect(await ledgerOf(user, purchaseId)).toEqual([{ amount: 500, source: 'purchase' }]);
  });

  it('refuses an unsigned or forged event before reading it', async () => {
    const user = await createTestUser(server);
    const { purchaseId } = await pay(user, standard);
    paystack.pay(purchaseId);
    const forged = await paystack.deliver(webhook, paystack.chargeSuccessEvent(purchaseId), {
      secret: 'sk_test_wrong',
    });
    expect(forged).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const tampered = await paystack.deliver(webhook, paystack.chargeSuccessEvent(purchaseId), {
      signature: 'ab'.repeat(64),
    });
    expect(tampered.status).toBe(400);
    const res = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paystack.chargeSuccessEvent(purchaseId)),
    });
    expect(res.status).toBe(400);
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect((await purchaseRow(user, purchaseId))?.status).toBe('pending');
  });

  it('refuses a payment whose amount or currency at Paystack is not the purchase’s', async () => {
    const user = await createTestUser(server);
    const first = await pay(user, standard);
    Object.assign(paystack.pay(first.purchaseId), { amount: 100 });
    expect(await send(paystack.chargeSuccessEvent(first.purchaseId))).toBe('rejected_amount_mismatch');
    const second = await pay(user, standard);
    Object.assign(paystack.pay(second.purchaseId), { currency: 'GHS' });
    // The event's own amount is right: only Paystack's verify answer counts.
    expect(await send(paystack.chargeSuccessEvent(second.purchaseId, { amount: 900000, currency: 'NGN' }))).toBe(
      'rejected_amount_mismatch',
    );
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect((await purchaseRow(user, second.purchaseId))?.status).toBe('pending');
  });

  it('takes back a refund after the tokens were spent as debt, once per refund', async () => {
    const user = await createTestUser(server);
    const { purchaseId } = await pay(user, standard);
    paystack.pay(purchaseId);
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('credited');
    await spend(server, user, 500);
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await send(paystack.refundEvent(purchaseId, 900000, 'rf_1'))).toBe('refunded');
    expect(await wallet(user)).toEqual({ balance: 0, debt: 450 });
    expect(await send(paystack.refundEvent(purchaseId, 900000, 'rf_1'))).toBe('duplicate');
    expect(await wallet(user)).toEqual({ balance: 0, debt: 450 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ status: 'refunded', tokens_refunded: 500 });
    // The next purchase settles the debt first.
    const next = await pay(user, standard);
    paystack.pay(next.purchaseId);
    expect(await send(paystack.chargeSuccessEvent(next.purchaseId))).toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    await expectLedgerConsistent(server);
  });

  it('holds a dispute’s tokens and gives them back when Paystack declines it', async () => {
    const user = await createTestUser(server);
    const { purchaseId } = await pay(user, standard);
    paystack.pay(purchaseId);
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('credited');
    expect(await send(paystack.disputeEvent(purchaseId, 'charge.dispute.create', 'dsp_1'))).toBe('disputed');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect(await send(paystack.disputeEvent(purchaseId, 'charge.dispute.resolve', 'dsp_1', 'declined'))).toBe(
      'dispute_won',
    );
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ status: 'paid', dispute_status: 'won' });
  });

  it('keeps a lost dispute’s tokens taken back', async () => {
    const user = await createTestUser(server);
    const { purchaseId } = await pay(user, standard);
    paystack.pay(purchaseId);
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('credited');
    await spend(server, user, 300);
    expect(await send(paystack.disputeEvent(purchaseId, 'charge.dispute.create', 'dsp_2'))).toBe('disputed');
    expect(await send(paystack.disputeEvent(purchaseId, 'charge.dispute.resolve', 'dsp_2', 'merchant-accepted'))).toBe(
      'dispute_lost',
    );
    expect(await wallet(user)).toEqual({ balance: 0, debt: 250 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ status: 'disputed', dispute_status: 'lost' });
  });

  it('lets an admin ask Paystack to refund a paid purchase, and nobody else', async () => {
    const user = await createTestUser(server);
    const admin = await createTestUser(server, { role: 'admin' });
    const { purchaseId } = await pay(user, starter);
    const unpaid = await callFunction(server, 'refund-purchase', admin, { purchaseId });
    expect(unpaid).toMatchObject({ status: 409, body: { code: 'not_refundable' } });
    paystack.pay(purchaseId);
    expect(await send(paystack.chargeSuccessEvent(purchaseId))).toBe('credited');
    expect(await callFunction(server, 'refund-purchase', user, { purchaseId })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(paystack.refundCalls).not.toContain(purchaseId);
    expect(await callFunction(server, 'refund-purchase', admin, { purchaseId })).toEqual({
      status: 200,
      body: { requested: true },
    });
    expect(paystack.refundCalls).toContain(purchaseId);
    // The tokens follow Paystack's refund notification, not the request.
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });

  it('asks Paystack before cancelling: a paid transaction is credited, an abandoned one cancelled', async () => {
    const user = await createTestUser(server);
    const paid = await pay(user, starter);
    paystack.pay(paid.purchaseId);
    expect(await callFunction(server, 'cancel-checkout', user, { purchaseId: paid.purchaseId })).toEqual({
      status: 200,
      body: { status: 'paid' },
    });
    const left = await pay(user, starter);
    paystack.pay(left.purchaseId, 'abandoned');
    expect(await callFunction(server, 'cancel-checkout', user, { purchaseId: left.purchaseId })).toEqual({
      status: 200,
      body: { status: 'cancelled' },
    });
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });
});
