// Buying tokens with MTN Mobile Money (issue 32, item 1; decision 0154) through the real server and
// the local MTN MoMo Collection fake: a request-to-pay for the package's price in XAF to the payer's
// number; the purchase stays pending ("approve on your phone") until the server reads a final
// status from MTN — by the callback (unsigned, so only a prompt to read) or by polling through the
// job queue — and is credited once; a payer who never approves is expired after five minutes of
// the application clock; mismatched amounts and forged callbacks move nothing; MTN cannot refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMtnMomo, type FakeMtnMomo } from '@tagledger/test-kit/fake-mtn-momo';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { checkMobileMoney } from '../../src/payments/mobile-money-status.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { callFunction, purchaseRow, tokenPackages, wallet, type Pkg } from '../helpers/purchases.js';

/** Moves the application clock (private.app_now) forward, as TEST_CLOCK's route does. */
async function advanceClock(server: TestServer, seconds: number): Promise<void> {
  await server.ctx.db.query(
    `insert into private.app_clock (id, offset_seconds) values (true, $1)
     on conflict (id) do update set offset_seconds = private.app_clock.offset_seconds + excluded.offset_seconds`,
    [seconds],
  );
}

const log = { error: () => undefined, warn: () => undefined } as never;

describe.each(drivers)('MTN MoMo purchases on %s', (driver) => {
  let server: TestServer;
  let momo: FakeMtnMomo;
  let sink: MailSink;
  let starter: Pkg;
  let standard: Pkg;
  let phoneSeq = 0;

  beforeAll(async () => {
    momo = await startFakeMtnMomo();
    sink = await startMailSink();
    server = await startTestServer({
      driver,
      env: { ...momo.serverEnv(), SMTP_URL: sink.smtpUrl, RATE_LIMITS: 'off', JOBS_POLL_SECONDS: '0.5' },
    });
    // MTN calls back the server's own origin.
    server.ctx.config.mtnMomo.callbackHost = server.url;
    const packages = await tokenPackages(server);
    starter = packages.find((p) => p.name === 'Starter')!;
    standard = packages.find((p) => p.name === 'Standard')!;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await momo?.close();
    await sink?.close();
  });

  /** A buyer in Douala asks to pay for a package from their MTN number. */
  async function requestToPay(user: TestUser, pkg: Pkg) {
    const local = String(671000000 + ++phoneSeq + (driver === 'pglite' ? 0 : 5000));
    const res = await callFunction(server, 'create-payment', user, {
      packageId: pkg.id,
      provider: 'mtn_momo',
      currency: 'XAF',
      phone: `+237 ${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toBeNull();
    const purchaseId = res.body.purchaseId as string;
    const request = momo.requestFor(`237${local}`)!;
    expect(request.externalId).toBe(purchaseId);
    return { purchaseId, request, msisdn: `+237${local}` };
  }

  /** The request pending at MTN is read by the server (as the polling job does) for this purchase only. */
  function poll(purchaseId: string) {
    return checkMobileMoney(server.ctx, log, { purchaseId });
  }

  it('offers MTN MoMo in francs CFA (XAF) outside the sandbox', async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as Record<string, unknown>;
    expect(config.paymentProviders).toEqual([{ name: 'mtn_momo', currencies: ['xaf'] }]);
  });

  it('sends a request-to-pay for the price in XAF and leaves the purchase pending for the phone', async () => {
    const user = await createTestUser(server);
    const { purchaseId, request, msisdn } = await requestToPay(user, standard);
    expect(request).toMatchObject({ amount: '3400', currency: 'XAF', status: 'PENDING' });
    expect(request.callbackUrl).toBe(`${server.url}/functions/v1/mtn-momo-callback`);
    expect(await purchaseRow(user, purchaseId)).toMatchObject({
      provider: 'mtn_momo',
      provider_reference: request.referenceId,
      payer_phone: msisdn,
      amount_minor: 3400,
      currency: 'xaf',
      status: 'pending',
    });
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    const noPhone = await callFunction(server, 'create-payment', user, {
      packageId: standard.id,
      provider: 'mtn_momo',
      currency: 'XAF',
    });
    expect(noPhone).toMatchObject({ status: 400, body: { code: 'phone_required' } });
    const badPhone = await callFunction(server, 'create-payment', user, {
      packageId: standard.id,
      provider: 'mtn_momo',
      currency: 'XAF',
      phone: '0671234567',
    });
    expect(badPhone.status).toBe(400);
  });

  it('credits once when MTN confirms, whether the callback or the poll reads it first, and mails a receipt in XAF', async () => {
    const user = await createTestUser(server);
    const { purchaseId, request } = await requestToPay(user, standard);
    momo.approve(request.referenceId);
    expect(await momo.callback(request.referenceId)).toEqual({
      status: 200,
      body: { received: true, outcome: 'credited' },
    });
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    // MTN calls back again, and the job reads it too: nothing more.
    expect((await momo.callback(request.referenceId)).body.outcome).toBe('ignored_not_pending');
    expect(await poll(purchaseId)).toEqual({ credited: 0, failed: 0, expired: 0, pending: 0, unanswered: 0 });
    expect(await wallet(user)).toEqual({ balance: 550, debt: 0 });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({
      status: 'paid',
      provider_payment_id: request.financialTransactionId,
    });
    const mail = await sink.nextMail(user.email);
    expect(mail.text).toContain('Tokens: 500 TMT');
    expect(mail.text).toMatch(/Amount paid: (FCFA|XAF)\s?3,400/);
  });

  it('believes nothing a callback says: a forged "SUCCESSFUL" for an unapproved request credits nothing', async () => {
    const user = await createTestUser(server);
    const { purchaseId, request } = await requestToPay(user, standard);
    const forged = await momo.callback(request.referenceId, {
      body: { externalId: purchaseId, amount: '3400', currency: 'XAF', status: 'SUCCESSFUL' },
    });
    expect(forged.body.outcome).toBe('awaiting_payment');
    const unknown = await momo.callback(request.referenceId, {
      url: `${server.url}/functions/v1/mtn-momo-callback`,
      body: { externalId: '00000000-0000-4000-8000-000000000000', status: 'SUCCESSFUL' },
    });
    expect(unknown.body.outcome).toBe('ignored_unknown_payment');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
    expect((await purchaseRow(user, purchaseId))?.status).toBe('pending');
  });

  it('refuses an approval of another amount or currency than the purchase’s', async () => {
    const user = await createTestUser(server);
    const first = await requestToPay(user, standard);
    momo.approve(first.request.referenceId, { amount: '34' });
    expect(await poll(first.purchaseId)).toMatchObject({ credited: 0 });
    const second = await requestToPay(user, standard);
    momo.approve(second.request.referenceId, { currency: 'EUR' });
    expect((await momo.callback(second.request.referenceId)).body.outcome).not.toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 50, debt: 0 });
  });

  it('fails a rejected request, and expires one the payer never approves after five minutes', async () => {
    const user = await createTestUser(server);
    const rejected = await requestToPay(user, starter);
    momo.reject(rejected.request.referenceId);
    expect(await poll(rejected.purchaseId)).toMatchObject({ failed: 1 });
    expect((await purchaseRow(user, rejected.purchaseId))?.status).toBe('failed');

    const ignored = await requestToPay(user, starter);
    expect(await poll(ignored.purchaseId)).toMatchObject({ pending: 1 });
    await advanceClock(server, 4 * 60);
    expect(await poll(ignored.purchaseId)).toMatchObject({ pending: 1 });
    await advanceClock(server, 2 * 60);
    expect(await poll(ignored.purchaseId)).toMatchObject({ expired: 1 });
    expect((await purchaseRow(user, ignored.purchaseId))?.status).toBe('expired');
    // The payer approves after all: MTN’s confirmation still credits the expired purchase, once.
    momo.approve(ignored.request.referenceId);
    expect((await momo.callback(ignored.request.referenceId)).body.outcome).toBe('credited');
    expect((await momo.callback(ignored.request.referenceId)).body.outcome).toBe('ignored_not_pending');
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });

  it('polls through the job queue until MTN reports the request final', async () => {
    const user = await createTestUser(server);
    const { purchaseId, request } = await requestToPay(user, starter);
    momo.approve(request.referenceId);
    // No callback: the job the request enqueued reads the status and credits.
    await expect
      .poll(async () => (await purchaseRow(user, purchaseId))?.status, { timeout: 60_000, interval: 500 })
      .toBe('paid');
    expect(momo.statusCalls).toContain(request.referenceId);
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });

  it('cannot refund through MTN MoMo Collection', async () => {
    const user = await createTestUser(server);
    const admin = await createTestUser(server, { role: 'admin' });
    const { purchaseId, request } = await requestToPay(user, starter);
    momo.approve(request.referenceId);
    expect((await momo.callback(request.referenceId)).body.outcome).toBe('credited');
    expect(await callFunction(server, 'refund-purchase', admin, { purchaseId })).toMatchObject({
      status: 409,
      body: { code: 'refund_unsupported' },
    });
  });
});
