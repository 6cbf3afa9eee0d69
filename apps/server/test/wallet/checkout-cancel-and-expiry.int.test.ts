// Purchases no longer stay "pending" (issue 28, item 7; decision 0141). Coming back from Stripe's
// cancel link, the wallet calls cancel-checkout: the server checks that the purchase is the
// caller's own, asks Stripe what became of the session (the URL proves nothing), ends an open one
// there, and only then marks the purchase cancelled; a session paid at Stripe stays pending for
// its webhook. A job on the durable queue expires what nobody finished once the session's lifetime
// is over (by the application clock), asking Stripe first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext } from '@tagledger/db';
import { startFakeStripe, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { EXPIRE_CHECKOUTS_JOB, expireStaleCheckouts } from '../../src/payments/checkout-expiry.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { callFunction, checkout, purchaseRow, tokenPackages, wallet, type Pkg } from '../helpers/purchases.js';

const SERVICE = { role: 'service_role' as const, claims: { role: 'service_role' } };

/** Opens a purchase as create-checkout-session does when Stripe then cannot be reached: no session. */
async function purchaseWithoutSession(server: TestServer, user: TestUser, pkg: Pkg): Promise<string> {
  return withRequestContext(server.ctx.db, SERVICE, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [
      user.id,
      pkg.id,
    ]);
    return rows[0]!.id;
  });
}

/** Moves the application clock (private.app_now) forward, as TEST_CLOCK's route does. */
async function advanceClock(server: TestServer, seconds: number): Promise<void> {
  await server.ctx.db.query(
    `insert into private.app_clock (id, offset_seconds) values (true, $1)
     on conflict (id) do update set offset_seconds = private.app_clock.offset_seconds + excluded.offset_seconds`,
    [seconds],
  );
}

describe.each(drivers)('cancelling a checkout on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let webhook: string;
  let starter: Pkg;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ driver, env: { ...stripe.serverEnv(), RATE_LIMITS: 'off' } });
    webhook = `${server.url}/functions/v1/stripe-webhook`;
    starter = (await tokenPackages(server)).find((p) => p.name === 'Starter')!;
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const cancel = (user: TestUser | undefined, body: unknown) => callFunction(server, 'cancel-checkout', user, body);

  it('opens sessions payable for an hour and records until when', async () => {
    const { purchaseId, session } = await checkout(server, stripe, alice, starter);
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(Math.abs(session.expires_at - inAnHour)).toBeLessThan(120);
    const row = await purchaseRow(alice, purchaseId);
    expect(new Date(String(row?.checkout_expires_at)).getTime()).toBe(session.expires_at * 1000);
  });

  it("cancel on Checkout: the buyer's open purchase is ended at Stripe, then marked cancelled", async () => {
    const { purchaseId, session } = await checkout(server, stripe, alice, starter);
    expect(await cancel(alice, { purchaseId })).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect(stripe.sessions.get(session.id)?.status).toBe('expired');
    expect(stripe.expireCalls).toContain(session.id);
    expect(await purchaseRow(alice, purchaseId)).toMatchObject({ status: 'cancelled' });
    // Again (a reload of the page): the same answer, and Stripe is not asked to expire it twice.
    expect(await cancel(alice, { purchaseId })).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect(stripe.expireCalls.filter((id) => id === session.id)).toHaveLength(1);
    // Stripe's own event for the expiry, arriving afterwards, changes nothing.
    const expired = stripe.event('checkout.session.expired', {
      ...stripe.sessions.get(session.id),
      request: undefined,
    });
    expect((await stripe.deliver(webhook, expired)).body.outcome).toBe('ignored_status_cancelled');
  });

  it("refuses someone else's purchase as a missing one, and ends nothing at Stripe", async () => {
    const { purchaseId, session } = await checkout(server, stripe, alice, starter);
    expect(await cancel(bob, { purchaseId })).toMatchObject({ status: 404, body: { code: 'purchase_not_found' } });
    expect(await cancel(bob, { purchaseId: crypto.randomUUID() })).toMatchObject({
      status: 404,
      body: { code: 'purchase_not_found' },
    });
    expect(await purchaseRow(alice, purchaseId)).toMatchObject({ status: 'pending' });
    expect(stripe.sessions.get(session.id)?.status).toBe('open');
    expect(stripe.expireCalls).not.toContain(session.id);
  });

  it('answers bad requests with a code', async () => {
    expect(await cancel(undefined, { purchaseId: crypto.randomUUID() })).toMatchObject({ status: 401 });
    expect(await cancel(alice, {})).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await cancel(alice, { purchaseId: 'x' })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await cancel(alice, { purchaseId: crypto.randomUUID(), status: 'cancelled' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request' },
    });
  });

  it('does not trust the URL: a session paid at Stripe stays pending and its webhook credits it', async () => {
    const user = await createTestUser(server);
    const { purchaseId, session } = await checkout(server, stripe, user, starter);
    stripe.pay(session.id);
    expect(await cancel(user, { purchaseId })).toEqual({ status: 200, body: { status: 'pending' } });
    expect(await purchaseRow(user, purchaseId)).toMatchObject({ status: 'pending' });
    expect((await stripe.deliver(webhook, stripe.completedEvent(session.id))).body.outcome).toBe('credited');
    expect(await cancel(user, { purchaseId })).toEqual({ status: 200, body: { status: 'paid' } });
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });

  it("ends as cancelled when Stripe's expiry event came first, and credits money that arrives after all", async () => {
    const user = await createTestUser(server);
    const { purchaseId, session } = await checkout(server, stripe, user, starter);
    stripe.lapse(session.id);
    const expired = stripe.event('checkout.session.expired', {
      ...stripe.sessions.get(session.id),
      request: undefined,
    });
    expect((await stripe.deliver(webhook, expired)).body.outcome).toBe('expired');
    expect(await cancel(user, { purchaseId })).toEqual({ status: 200, body: { status: 'cancelled' } });
    // A payment Stripe reports for it anyway is the buyer's money: it is credited.
    expect((await stripe.deliver(webhook, stripe.completedEvent(session.id))).body.outcome).toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
  });

  it('cancels a purchase whose session was never created without asking Stripe', async () => {
    const user = await createTestUser(server);
    const purchaseId = await purchaseWithoutSession(server, user, starter);
    const calls = stripe.expireCalls.length;
    expect(await cancel(user, { purchaseId })).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect(stripe.expireCalls).toHaveLength(calls);
  });
});

describe.each(drivers)('expiring checkouts nobody finished on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let webhook: string;
  let starter: Pkg;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      driver,
      env: { ...stripe.serverEnv(), RATE_LIMITS: 'off', JOBS_POLL_SECONDS: '0.5' },
    });
    webhook = `${server.url}/functions/v1/stripe-webhook`;
    starter = (await tokenPackages(server)).find((p) => p.name === 'Starter')!;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it("expires them through the job queue once Stripe's lifetime is over, asking Stripe first", async () => {
    const user = await createTestUser(server);
    const never = await checkout(server, stripe, user, starter); // never opened: still open at Stripe
    const paid = await checkout(server, stripe, user, starter); // paid, its webhook not yet arrived
    stripe.pay(paid.session.id);
    const lapsed = await checkout(server, stripe, user, starter); // Stripe let it lapse, its event was lost
    stripe.lapse(lapsed.session.id);
    const sessionless = await purchaseWithoutSession(server, user, starter);

    // Within the lifetime nothing is touched.
    expect(await expireStaleCheckouts(server.ctx)).toEqual({ expired: 0, awaitingNotification: 0, unanswered: 0 });
    expect(stripe.expireCalls).toEqual([]);

    await advanceClock(server, 2 * 3600);
    await server.ctx.jobs.send(EXPIRE_CHECKOUTS_JOB, {});
    const status = async (id: string) => (await purchaseRow(user, id))?.status;
    await expect.poll(() => status(sessionless), { timeout: 30_000 }).toBe('expired');
    await expect.poll(() => status(never.purchaseId), { timeout: 30_000 }).toBe('expired');
    expect(stripe.sessions.get(never.session.id)?.status).toBe('expired');
    expect(await status(lapsed.purchaseId)).toBe('expired');
    expect(stripe.expireCalls).toEqual([never.session.id]);
    expect(await status(paid.purchaseId)).toBe('pending');

    // The late webhook of the paid one credits it.
    expect((await stripe.deliver(webhook, stripe.completedEvent(paid.session.id))).body.outcome).toBe('credited');
    expect(await wallet(user)).toEqual({ balance: 150, debt: 0 });
    expect(await expireStaleCheckouts(server.ctx)).toEqual({ expired: 0, awaitingNotification: 0, unanswered: 0 });
  });
});

describe('expiring checkouts without Stripe settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
  }, 180_000);
  afterAll(() => server?.close());

  it('expires them all the same (a payment that still arrives credits an expired purchase)', async () => {
    const user = await createTestUser(server);
    const pkg = (await tokenPackages(server))[0]!;
    const id = await purchaseWithoutSession(server, user, pkg);
    await withRequestContext(server.ctx.db, SERVICE, (tx) =>
      tx.query(`select private.attach_checkout_session($1, 'cs_gone', now() + interval '1 hour')`, [id]),
    );
    expect((await expireStaleCheckouts(server.ctx)).expired).toBe(0);
    await advanceClock(server, 2 * 3600);
    expect(await expireStaleCheckouts(server.ctx)).toEqual({ expired: 1, awaitingNotification: 0, unanswered: 0 });
    expect((await purchaseRow(user, id))?.status).toBe('expired');
  });
});
