// A local Stripe-compatible HTTP server for tests (integration and e2e): it answers the few API
// calls the server makes through the official SDK (create, retrieve and expire a Checkout Session)
// and a refund as the dashboard would issue one, serves a checkout page whose "Pay" button marks the
// session paid, delivers the signed webhooks (checkout.session.completed, checkout.session.expired,
// charge.refunded) when a webhook URL is given, and returns to success_url or cancel_url.
// Events are signed with the SDK's own test-header helper, exactly as Stripe signs them.
//
//   const stripe = await startFakeStripe({ webhookSecret });
//   const server = await startTestServer({ env: stripe.serverEnv() });
//   stripe.webhookUrl = `${server.url}/functions/v1/stripe-webhook`;
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { readBody, sendJson } from './fake-http.js';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  /** Unix seconds after which Stripe no longer lets the session be paid (expires_at). */
  expires_at: number;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  /** The raw form fields the SDK sent (for assertions on what the server asked for). */
  request: Record<string, string>;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Record<string, unknown> };
}

export interface FakeStripe {
  /** Origin for STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the checkout page delivers checkout.session.completed; unset: nothing is delivered. */
  webhookUrl: string | undefined;
  sessions: Map<string, FakeSession>;
  /** How many create-session calls arrived (idempotent replays included). */
  createCalls: number;
  /** Environment for startTestServer / the e2e server. */
  serverEnv(): Record<string, string>;
  event(type: string, object: Record<string, unknown>, id?: string): FakeEvent;
  /** The checkout.session.completed event for a session, as Stripe sends it once paid. */
  completedEvent(sessionId: string, overrides?: Partial<FakeSession>): FakeEvent;
  /**
   * A charge.refunded event for the session's payment; amountRefunded is the charge's running total,
   * as Stripe sends it. overrides replace fields of the charge (to send malformed ones).
   */
  refundEvent(sessionId: string, amountRefunded: number, overrides?: Record<string, unknown>): FakeEvent;
  /**
   * A dispute event for the session's payment. A charge has one dispute, so every call for a session
   * names the same dispute id; amount defaults to the session's amount.
   */
  disputeEvent(
    sessionId: string,
    type: 'charge.dispute.created' | 'charge.dispute.closed',
    status?: 'won' | 'lost' | 'needs_response' | 'warning_closed',
    overrides?: Record<string, unknown>,
  ): FakeEvent;
  /** Lets a session lapse as Stripe does at its expires_at (status expired, no API call). */
  lapse(sessionId: string): FakeSession;
  /** API calls that expired a session (POST /v1/checkout/sessions/:id/expire), by session id. */
  expireCalls: string[];
  /** The body and Stripe-Signature header for an event (signed now unless timestamp is given). */
  sign(event: FakeEvent, opts?: { secret?: string; timestamp?: number }): { body: string; signature: string };
  /** Posts a signed event to a webhook URL; answers the status and JSON body. */
  deliver(
    url: string,
    event: FakeEvent,
    opts?: { secret?: string; timestamp?: number },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Marks a session paid (as the checkout page does) and returns it. */
  pay(sessionId: string): FakeSession;
  close(): Promise<void>;
}

/** Decodes the SDK's form encoding (a[b][c]=v) into flat bracket keys and a nested object. */
function parseForm(body: string): { flat: Record<string, string>; nested: Record<string, unknown> } {
  const flat = Object.fromEntries(new URLSearchParams(body));
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = nested;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return { flat, nested };
}

function randomId(prefix: string): string {
  return `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;
}

export async function startFakeStripe(opts: { webhookSecret?: string; webhookUrl?: string } = {}): Promise<FakeStripe> {
  const sdk = new Stripe('sk_test_fake_for_signing');
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  // One charge and at most one dispute per paid session; the running total refunded per charge.
  const charges = new Map<string, string>();
  const disputes = new Map<string, string>();
  const refunded = new Map<string, number>();
  const chargeOf = (sessionId: string) => {
    let id = charges.get(sessionId);
    if (!id) charges.set(sessionId, (id = randomId('ch')));
    return id;
  };
  let apiBase = '';

  const fake: FakeStripe = {
    apiBase: '',
    secretKey: `sk_test_${crypto.randomBytes(8).toString('hex')}`,
    webhookSecret: opts.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString('hex')}`,
    webhookUrl: opts.webhookUrl,
    sessions,
    createCalls: 0,
    expireCalls: [],
    serverEnv() {
      return { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: apiBase };
    },
    event(type, object, id = randomId('evt')) {
      return {
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        api_version: '2026-10-28.endive',
        data: { object },
      };
    },
    completedEvent(sessionId, overrides = {}) {
      // The session is paid, as pay() does, and the event says so.
      const paid = fake.pay(sessionId);
      const { request: _request, ...object } = { ...paid, ...overrides };
      return fake.event('checkout.session.completed', object);
    },
    refundEvent(sessionId, amountRefunded, overrides = {}) {
      const session = sessions.get(sessionId)!;
      return fake.event('charge.refunded', {
        id: chargeOf(sessionId),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: amountRefunded,
        currency: session.currency,
        payment_intent: session.payment_intent,
        refunded: amountRefunded >= session.amount_total,
        ...overrides,
      });
    },
    disputeEvent(
      sessionId,
      type,
      status = type === 'charge.dispute.created' ? 'needs_response' : 'lost',
      overrides = {},
    ) {
      const session = sessions.get(sessionId)!;
      let dispute = disputes.get(sessionId);
      if (!dispute) disputes.set(sessionId, (dispute = randomId('dp')));
      return fake.event(type, {
        id: dispute,
        object: 'dispute',
        amount: session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent,
        charge: chargeOf(sessionId),
        status,
        ...overrides,
      });
    },
    lapse(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      const expired = { ...session, status: 'expired' as const };
      sessions.set(sessionId, expired);
      return expired;
    },
    sign(event, signOpts = {}) {
      const body = JSON.stringify(event);
      const signature = sdk.webhooks.generateTestHeaderString({
        payload: body,
        secret: signOpts.secret ?? fake.webhookSecret,
        ...(signOpts.timestamp !== undefined ? { timestamp: signOpts.timestamp } : {}),
      });
      return { body, signature };
    },
    async deliver(url, event, signOpts) {
      const { body, signature } = fake.sign(event, signOpts);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paid = {
        ...session,
        status: 'complete' as const,
        payment_status: 'paid' as const,
        payment_intent: session.payment_intent ?? randomId('pi'),
      };
      sessions.set(sessionId, paid);
      return paid;
    },
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: Error) =>
      sendJson(res, 500, { error: { message: err.message, type: 'api_error' } }),
    );
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', apiBase);
    const body = await readBody(req);
    if (url.pathname.startsWith('/v1/')) {
      if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
        return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        fake.createCalls++;
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (replay) return sendJson(res, 200, sessions.get(replay));
        const { flat, nested } = parseForm(body);
        const item = ((nested.line_items as Record<string, Record<string, unknown>> | undefined)?.['0'] ??
          {}) as Record<string, unknown>;
        const price = (item.price_data ?? {}) as Record<string, string>;
        const id = randomId('cs');
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `${apiBase}/checkout/${id}`,
          client_reference_id: flat.client_reference_id ?? null,
          metadata: (nested.metadata ?? {}) as Record<string, string>,
          amount_total: Number(price.unit_amount) * Number(item.quantity ?? 1),
          currency: price.currency ?? '',
          mode: flat.mode ?? '',
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          expires_at: flat.expires_at ? Number(flat.expires_at) : Math.floor(Date.now() / 1000) + 24 * 3600,
          success_url: flat.success_url ?? '',
          cancel_url: flat.cancel_url ?? '',
          customer_email: flat.customer_email ?? null,
          request: flat,
        };
        sessions.set(id, session);
        if (typeof key === 'string') byIdempotencyKey.set(key, id);
        return sendJson(res, 200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]!));
        return session
          ? sendJson(res, 200, session)
          : sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session)
          return sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        if (session.status !== 'open')
          return sendJson(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            },
          });
        fake.expireCalls.push(session.id);
        const expired = { ...session, status: 'expired' as const };
        sessions.set(session.id, expired);
        sendJson(res, 200, expired);
        // Stripe tells the endpoint afterwards, as it does for a session that lapses.
        if (fake.webhookUrl) {
          const { request: _request, ...object } = expired;
          void fake.deliver(fake.webhookUrl, fake.event('checkout.session.expired', object)).catch(() => undefined);
        }
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        // A refund as the dashboard issues it: the charge's running total grows and charge.refunded follows.
        const { flat } = parseForm(body);
        const entry = [...sessions.entries()].find(
          ([, s]) => s.payment_intent && s.payment_intent === flat.payment_intent,
        );
        if (!entry)
          return sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        const [sessionId, session] = entry;
        const already = refunded.get(sessionId) ?? 0;
        const amount = flat.amount ? Number(flat.amount) : session.amount_total - already;
        if (!Number.isInteger(amount) || amount <= 0 || already + amount > session.amount_total)
          return sendJson(res, 400, {
            error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount' },
          });
        refunded.set(sessionId, already + amount);
        sendJson(res, 200, {
          id: randomId('re'),
          object: 'refund',
          amount,
          currency: session.currency,
          payment_intent: session.payment_intent,
          charge: chargeOf(sessionId),
          status: 'succeeded',
        });
        if (fake.webhookUrl) {
          void fake.deliver(fake.webhookUrl, fake.refundEvent(sessionId, already + amount)).catch(() => undefined);
        }
        return;
      }
      return sendJson(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    }

    // The hosted checkout page stand-in.
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const session = page ? sessions.get(decodeURIComponent(page[1]!)) : undefined;
    if (!page || !session) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    if (session.status !== 'open') {
      // As Stripe's hosted page: an expired or completed session can no longer be paid.
      res.writeHead(req.method === 'GET' ? 200 : 409, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Test checkout</title></head><body><h1>This checkout is ${session.status}</h1></body></html>`,
      );
      return;
    }
    if (req.method === 'GET' && !page[2]) {
      const amount = new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: session.currency.toUpperCase(),
      }).format(session.amount_total / 100);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Test checkout</title></head><body><h1>Test checkout</h1>
<p>${session.request['line_items[0][price_data][product_data][name]'] ?? ''} — ${amount}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${amount}</button></form>
<a href="${session.cancel_url}">Cancel</a></body></html>`);
      return;
    }
    if (req.method === 'POST' && page[2]) {
      if (fake.webhookUrl) {
        const delivered = await fake.deliver(fake.webhookUrl, fake.completedEvent(session.id));
        if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}`);
      } else {
        fake.pay(session.id);
      }
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      res.end();
      return;
    }
    res.writeHead(405);
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.apiBase = apiBase;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
