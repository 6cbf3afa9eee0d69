// Buying tokens through the real server, the official Stripe SDK and a local Stripe-compatible
// server (@tagledger/test-kit/fake-stripe): checkout from the database price, crediting only by the
// signed webhook, exactly once, refunds (with debt), disputes, and the reference product's
// payment flaws P1–P7 shown not to happen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { startFakeStripe, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';

interface Pkg {
  id: string;
  tokens: number;
  price_minor: number;
}

describe.each(drivers)('token purchases on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let sink: MailSink;
  let webhook: string;
  let packages: Pkg[];
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    sink = await startMailSink();
    server = await startTestServer({
      driver,
      env: { ...stripe.serverEnv(), SMTP_URL: sink.smtpUrl, RECEIPT_VAT_PERCENT: '20' },
    });
    webhook = `${server.url}/functions/v1/stripe-webhook`;
    const { rows } = await server.ctx.db.query<Pkg>(
      'select id, tokens::int, price_minor::int from public.token_packages order by sort_order',
    );
    packages = rows;
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
    await sink?.close();
  });

  async function callCheckout(user: TestUser | undefined, body: unknown) {
    const res = await fetch(`${server.url}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: server.anonKey,
        authorization: `Bearer ${user?.token ?? server.anonKey}`,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  }

  async function checkout(user: TestUser, pkg: Pkg = packages[0]!) {
    const res = await callCheckout(user, { packageId: pkg.id });
    expect(res.status).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === res.body.purchaseId)!;
    return { purchaseId: res.body.purchaseId!, url: res.body.url!, session };
  }

  async function balance(user: TestUser): Promise<number> {
    const { data } = await user.client.from('user_wallets').select('balance').eq('user_id', user.id).single();
    return Number(data?.balance);
  }

  async function purchase(user: TestUser, id: string) {
    const { data } = await user.client.from('token_purchases').select('*').eq('id', id).maybeSingle();
    return data as Record<string, unknown> | null;
  }

  /** The debt as the wallet screen reads it (through the data API, as the user). */
  async function debt(user: TestUser): Promise<number> {
    const { data, error } = await user.client.from('user_wallets').select('debt').eq('user_id', user.id).single();
    expect(error).toBeNull();
    return Number(data?.debt);
  }

  /** balance = sum(ledger) for every wallet (the ledger's invariant). */
  async function expectLedgerConsistent() {
    const { rows } = await server.ctx.db.query<{ n: string }>(
      `select count(*) as n from public.user_wallets w
        where w.balance <> coalesce((select sum(t.amount) from public.token_transactions t where t.user_id = w.user_id), 0)`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  }

  it('opens a Checkout Session at the database price with the purchase and the user in it', async () => {
    const pkg = packages[1]!;
    const { purchaseId, url, session } = await checkout(alice, pkg);
    expect(url).toBe(`${stripe.apiBase}/checkout/${session.id}`);
    expect(session.amount_total).toBe(450);
    expect(session.currency).toBe('gbp');
    expect(session.mode).toBe('payment');
    expect(session.metadata).toEqual({ purchase_id: purchaseId, user_id: alice.id });
    expect(session.success_url).toBe(`${server.url}/wallet?purchase=${purchaseId}&checkout=success`);
    const row = await purchase(alice, purchaseId);
    expect(row).toMatchObject({
      status: 'pending',
      tokens: 500,
      amount_minor: 450,
      currency: 'gbp',
      stripe_session_id: session.id,
    });
  });

  it('refuses bad requests with a code and a message', async () => {
    expect(await callCheckout(undefined, { packageId: packages[0]!.id })).toMatchObject({ status: 401 });
    expect(await callCheckout(alice, { packageId: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request' },
    });
    expect(await callCheckout(alice, {})).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await callCheckout(alice, { packageId: crypto.randomUUID() })).toMatchObject({
      status: 404,
      body: { code: 'package_not_found' },
    });
    await server.ctx.db.query(
      `insert into public.token_packages (id, name, tokens, price_minor, active) values ($1, 'Old', 10, 100, false)`,
      ['00000000-0000-4000-8000-000000000001'],
    );
    expect(await callCheckout(alice, { packageId: '00000000-0000-4000-8000-000000000001' })).toMatchObject({
      status: 404,
    });
  });

  it("P1/P2/P6: a price, token count or currency from the client is refused; the price is the table's", async () => {
    const forged = await callCheckout(alice, { packageId: packages[2]!.id, amount: 1, tokens: 5000, currency: 'xaf' });
    expect(forged).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const { session } = await checkout(alice, packages[2]!);
    expect(session.amount_total).toBe(3999);
  });

  it('P2: no client (nor the service key) can write purchases, packages or events through the API', async () => {
    const insert = await alice.client
      .from('token_purchases')
      .insert({ user_id: alice.id, package_name: 'x', tokens: 1000, amount_minor: 1, currency: 'gbp', status: 'paid' });
    expect(insert.error?.code).toBe('42501');
    const { purchaseId } = await checkout(alice);
    const update = await alice.client.from('token_purchases').update({ status: 'paid' }).eq('id', purchaseId).select();
    expect(update.error?.code).toBe('42501');
    const service = await server
      .serviceClient()
      .from('token_purchases')
      .update({ status: 'paid' })
      .eq('id', purchaseId)
      .select();
    expect(service.error?.code).toBe('42501');
    const price = await alice.client
      .from('token_packages')
      .update({ price_minor: 1 })
      .eq('id', packages[0]!.id)
      .select();
    expect(price.error?.code).toBe('42501');
    const pkg = await server
      .serviceClient()
      .from('token_packages')
      .insert({ name: 'Free', tokens: 100000, price_minor: 50 });
    expect(pkg.error?.code).toBe('42501');
    for (const fn of ['apply_stripe_event', 'open_token_purchase', 'credit_purchase', 'ledger_post']) {
      const rpc = await alice.client.rpc(fn, {});
      expect(rpc.error).not.toBeNull();
    }
    expect((await purchase(alice, purchaseId))?.status).toBe('pending');
  });

  it('credits only through the signed webhook, once, and mails a receipt with the VAT line', async () => {
    const before = await balance(bob);
    const { purchaseId, session } = await checkout(bob);
    // Coming back from checkout without a webhook credits nothing (P4: polling only reads).
    expect(await balance(bob)).toBe(before);
    const res = await stripe.deliver(webhook, stripe.completedEvent(session.id));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'credited' } });
    expect(await balance(bob)).toBe(before + 100);
    const row = await purchase(bob, purchaseId);
    expect(row).toMatchObject({ status: 'paid' });
    expect(row?.paid_at).toBeTruthy();
    const mail = await sink.nextMail(bob.email);
    expect(mail.subject).toContain(String(row?.reference));
    expect(mail.text).toContain('Tokens: 100 TMT');
    expect(mail.text).toContain('Amount paid: £1.00');
    expect(mail.text).toContain('Includes VAT at 20%: £0.17');
    expect(mail.text).toContain(`Reference: ${String(row?.reference)}`);
    // P5: the ledger row points at its purchase.
    const { data: tx } = await bob.client
      .from('token_transactions')
      .select('amount, source, reference')
      .eq('reference', `purchase:${purchaseId}`);
    expect(tx).toEqual([{ amount: 100, source: 'purchase', reference: `purchase:${purchaseId}` }]);
  });

  it('P3: the same event twice and 20 times in parallel, and a second event for the same purchase, credit once', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const { session } = await checkout(user);
    const event = stripe.completedEvent(session.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => stripe.deliver(webhook, event)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.outcome === 'credited')).toHaveLength(1);
    expect((await stripe.deliver(webhook, event)).body.outcome).toBe('duplicate');
    // A different event id for the same paid session (async success after completion).
    const again = stripe.event(
      'checkout.session.async_payment_succeeded',
      stripe.completedEvent(session.id).data.object,
    );
    expect((await stripe.deliver(webhook, again)).body.outcome).toBe('already_paid');
    expect(await balance(user)).toBe(start + 100);
    await expectLedgerConsistent();
  });

  it('refuses a forged, tampered, stale or missing signature with 400 and credits nothing', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const { purchaseId, session } = await checkout(user);
    const event = stripe.completedEvent(session.id);
    const forged = await stripe.deliver(webhook, event, { secret: 'whsec_attacker' });
    expect(forged).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const stale = await stripe.deliver(webhook, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const { signature } = stripe.sign(event);
    const tampered = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify({ ...event, id: 'evt_other' }),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ code: 'invalid_signature' });
    expect(await balance(user)).toBe(start);
    expect((await purchase(user, purchaseId))?.status).toBe('pending');
    // The genuine event still works afterwards (the refusals recorded nothing).
    expect((await stripe.deliver(webhook, event)).body.outcome).toBe('credited');
  });

  it('refuses an amount or currency that does not match the purchase row', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const first = await checkout(user);
    const cheap = await stripe.deliver(webhook, stripe.completedEvent(first.session.id, { amount_total: 1 }));
    expect(cheap.body.outcome).toBe('rejected_amount_mismatch');
    const second = await checkout(user);
    const currency = await stripe.deliver(webhook, stripe.completedEvent(second.session.id, { currency: 'xaf' }));
    expect(currency.body.outcome).toBe('rejected_amount_mismatch');
    expect(await balance(user)).toBe(start);
    expect((await purchase(user, first.purchaseId))?.status).toBe('pending');
  });

  it("refuses a session that points at another user's purchase or a session the purchase never had", async () => {
    const victim = await createTestUser(server);
    const attacker = await createTestUser(server);
    const victimStart = await balance(victim);
    const attackerStart = await balance(attacker);
    const own = await checkout(attacker);
    const theirs = await checkout(victim);
    // The attacker's paid session relabelled with the victim's purchase id.
    const relabelled = stripe.completedEvent(own.session.id, { client_reference_id: theirs.purchaseId });
    expect((await stripe.deliver(webhook, relabelled)).body.outcome).toBe('rejected_session_mismatch');
    const wrongUser = stripe.completedEvent(theirs.session.id, {
      metadata: { purchase_id: theirs.purchaseId, user_id: attacker.id },
    });
    expect((await stripe.deliver(webhook, wrongUser)).body.outcome).toBe('rejected_user_mismatch');
    expect(await balance(victim)).toBe(victimStart);
    expect(await balance(attacker)).toBe(attackerStart);
  });

  it('keeps a delayed payment pending until it succeeds, and marks a failed one failed', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const ok = await checkout(user);
    const unpaid = stripe.completedEvent(ok.session.id, { payment_status: 'unpaid' });
    expect((await stripe.deliver(webhook, unpaid)).body.outcome).toBe('awaiting_payment');
    expect((await purchase(user, ok.purchaseId))?.status).toBe('pending');
    const succeeded = stripe.event(
      'checkout.session.async_payment_succeeded',
      stripe.completedEvent(ok.session.id).data.object,
    );
    expect((await stripe.deliver(webhook, succeeded)).body.outcome).toBe('credited');
    const bad = await checkout(user);
    const failed = stripe.event('checkout.session.async_payment_failed', {
      ...stripe.completedEvent(bad.session.id).data.object,
      payment_status: 'unpaid',
    });
    expect((await stripe.deliver(webhook, failed)).body.outcome).toBe('failed');
    expect((await purchase(user, bad.purchaseId))?.status).toBe('failed');
    expect(await balance(user)).toBe(start + 100);
  });

  it('refund after spending: takes back what is left, records the rest as debt that blocks spending and is settled first', async () => {
    const user = await createTestUser(server);
    const start = await balance(user); // the 50 TMT welcome bonus
    const { purchaseId, session } = await checkout(user);
    await stripe.deliver(webhook, stripe.completedEvent(session.id));
    await server.ctx.db.query(`select private.ledger_post($1, -140, 'asset_registration', 'Registered an asset')`, [
      user.id,
    ]);
    expect(await balance(user)).toBe(start + 100 - 140);
    const refund = await stripe.deliver(webhook, stripe.refundEvent(session.id, 100));
    expect(refund.body.outcome).toBe('refunded');
    expect(await balance(user)).toBe(0);
    expect(await debt(user)).toBe(100 - (start + 100 - 140));
    expect(await purchase(user, purchaseId)).toMatchObject({
      status: 'refunded',
      tokens_reversed: 100,
      amount_refunded_minor: 100,
    });
    // In debt: spending is refused even after a free grant.
    await server.ctx.db.query(`select private.ledger_post($1, 5, 'admin_grant', 'Grant')`, [user.id]);
    await expect(
      server.ctx.db.query(`select private.ledger_post($1, -1, 'asset_registration', 'x')`, [user.id]),
    ).rejects.toThrow(/Insufficient tokens/);
    // The next purchase settles the debt first.
    const next = await checkout(user);
    await stripe.deliver(webhook, stripe.completedEvent(next.session.id));
    expect(await debt(user)).toBe(0);
    expect(await balance(user)).toBe(5 + 100 - (100 - (start + 100 - 140)));
    // The same refund delivered again (new event id, same amount) takes nothing more.
    expect((await stripe.deliver(webhook, stripe.refundEvent(session.id, 100))).body.outcome).toBe('refunded');
    expect(await purchase(user, purchaseId)).toMatchObject({ tokens_reversed: 100 });
    await expectLedgerConsistent();
  });

  it('a partial refund takes back the same share of the tokens', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const { purchaseId, session } = await checkout(user, packages[1]!);
    await stripe.deliver(webhook, stripe.completedEvent(session.id));
    await stripe.deliver(webhook, stripe.refundEvent(session.id, 225));
    expect(await balance(user)).toBe(start + 250);
    expect(await purchase(user, purchaseId)).toMatchObject({
      status: 'paid',
      tokens_reversed: 250,
      amount_refunded_minor: 225,
    });
  });

  it('a dispute holds the tokens; won gives them back, lost keeps them reversed', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const won = await checkout(user);
    await stripe.deliver(webhook, stripe.completedEvent(won.session.id));
    expect(
      (await stripe.deliver(webhook, stripe.disputeEvent(won.session.id, 'charge.dispute.created'))).body.outcome,
    ).toBe('disputed');
    expect(await balance(user)).toBe(start);
    expect(await purchase(user, won.purchaseId)).toMatchObject({ status: 'disputed', dispute_status: 'open' });
    expect(
      (await stripe.deliver(webhook, stripe.disputeEvent(won.session.id, 'charge.dispute.closed', 'won'))).body.outcome,
    ).toBe('dispute_won');
    expect(await balance(user)).toBe(start + 100);
    expect(await purchase(user, won.purchaseId)).toMatchObject({ status: 'paid', dispute_status: 'won' });

    const lost = await checkout(user);
    await stripe.deliver(webhook, stripe.completedEvent(lost.session.id));
    await stripe.deliver(webhook, stripe.disputeEvent(lost.session.id, 'charge.dispute.created'));
    expect(
      (await stripe.deliver(webhook, stripe.disputeEvent(lost.session.id, 'charge.dispute.closed', 'lost'))).body
        .outcome,
    ).toBe('dispute_lost');
    expect(await balance(user)).toBe(start + 100);
    expect(await purchase(user, lost.purchaseId)).toMatchObject({ status: 'disputed', dispute_status: 'lost' });
    await expectLedgerConsistent();
  });

  it("pays the referrer when the referred user's first purchase is paid, and takes it back on a refund", async () => {
    const referrer = await createTestUser(server);
    const referred = await createTestUser(server);
    const { data: profile } = await referrer.client
      .from('user_profiles')
      .select('referral_code')
      .eq('id', referrer.id)
      .single();
    const applied = await referred.client.rpc('apply_referral_on_signup', {
      p_new_user_id: referred.id,
      p_referral_code: profile!.referral_code,
      p_source: 'email_verification',
    });
    expect(applied.error).toBeNull();
    const start = await balance(referrer);
    const { session } = await checkout(referred);
    expect(await balance(referrer)).toBe(start);
    await stripe.deliver(webhook, stripe.completedEvent(session.id));
    expect(await balance(referrer)).toBe(start + 50);
    const stats = await referrer.client.rpc('my_referral_stats');
    expect((stats.data as { tokens_earned: number; tokens_pending: number }[])[0]).toMatchObject({
      tokens_earned: 50,
      tokens_pending: 0,
    });
    await stripe.deliver(webhook, stripe.refundEvent(session.id, 100));
    expect(await balance(referrer)).toBe(start);
  });

  it('answers other event types with 200 and does nothing; refuses GET', async () => {
    const res = await stripe.deliver(webhook, stripe.event('customer.created', { id: 'cus_1' }));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'ignored_type' } });
    expect((await fetch(webhook)).status).toBe(405);
  });

  it('P4: a completed event that arrives before the user returns still credits; reading a purchase never credits', async () => {
    const user = await createTestUser(server);
    const start = await balance(user);
    const { purchaseId, session } = await checkout(user);
    for (let i = 0; i < 3; i++) expect((await purchase(user, purchaseId))?.status).toBe('pending');
    await stripe.deliver(webhook, stripe.completedEvent(session.id));
    expect(await balance(user)).toBe(start + 100);
  });

  it('tells the web app that purchases are enabled, and the VAT rate for receipts', async () => {
    const body = (await (await fetch(`${server.url}/config.json`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ purchasesEnabled: true, vatPercent: 20 });
    expect(JSON.stringify(body)).not.toContain(stripe.secretKey);
    expect(JSON.stringify(body)).not.toContain(stripe.webhookSecret);
  });

  it('P6: a price an admin sets is the price of the next checkout; nobody else can set one', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    const { data: created, error } = await admin.client.rpc('admin_save_token_package', {
      p_id: null,
      p_name: 'Promo',
      p_tokens: 1000,
      p_price_minor: 700,
      p_currency: 'gbp',
      p_active: true,
      p_sort_order: 9,
    });
    expect(error).toBeNull();
    const promo = created as { id: string };
    const user = await createTestUser(server);
    const first = await checkout(user, { id: promo.id, tokens: 1000, price_minor: 700 });
    expect(first.session.amount_total).toBe(700);
    await admin.client.rpc('admin_save_token_package', {
      p_id: promo.id,
      p_name: 'Promo',
      p_tokens: 1000,
      p_price_minor: 650,
      p_currency: 'gbp',
      p_active: true,
      p_sort_order: 9,
    });
    const second = await checkout(user, { id: promo.id, tokens: 1000, price_minor: 650 });
    expect(second.session.amount_total).toBe(650);
    // The first purchase keeps the price it was opened at, so its payment still matches.
    expect((await stripe.deliver(webhook, stripe.completedEvent(first.session.id))).body.outcome).toBe('credited');
    const denied = await user.client.rpc('admin_save_token_package', {
      p_id: promo.id,
      p_name: 'Promo',
      p_tokens: 1000,
      p_price_minor: 50,
      p_currency: 'gbp',
      p_active: true,
      p_sort_order: 9,
    });
    expect(denied.error?.code).toBe('42501');
    await admin.client.rpc('admin_save_token_package', {
      p_id: promo.id,
      p_name: 'Promo',
      p_tokens: 1000,
      p_price_minor: 650,
      p_currency: 'gbp',
      p_active: false,
      p_sort_order: 9,
    });
    expect(await callCheckout(user, { packageId: promo.id })).toMatchObject({
      status: 404,
      body: { code: 'package_not_found' },
    });
  });

  it('P7: only one-off token packages are sold (no subscription plans to fail to deliver)', async () => {
    const { session } = await checkout(alice);
    expect(session.mode).toBe('payment');
    const { data } = await server
      .anonClient()
      .from('token_packages')
      .select('name, tokens, price_minor, currency')
      .order('sort_order');
    expect(data).toEqual([
      { name: 'Starter', tokens: 100, price_minor: 100, currency: 'gbp' },
      { name: 'Standard', tokens: 500, price_minor: 450, currency: 'gbp' },
      { name: 'Bulk', tokens: 5000, price_minor: 3999, currency: 'gbp' },
    ]);
  });
});

describe('token purchases without Stripe settings', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
    user = await createTestUser(server);
  }, 180_000);
  afterAll(() => server?.close());

  it('says purchases are not enabled, and the webhook accepts nothing', async () => {
    const { rows } = await server.ctx.db.query<{ id: string }>('select id from public.token_packages limit 1');
    const res = await fetch(`${server.url}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ packageId: rows[0]!.id }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'purchases_disabled' });
    const hook = await fetch(`${server.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(hook.status).toBe(503);
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ purchasesEnabled: false, vatPercent: null });
  });
});
