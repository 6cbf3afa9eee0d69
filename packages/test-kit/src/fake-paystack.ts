// A local Paystack-compatible HTTP server for tests (integration and e2e): it answers the calls
// the server makes (POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund)
// with Paystack's {status, message, data} envelope and amounts in hundredths of the major unit,
// checks the bearer secret key, serves a hosted page whose "Pay" button marks the transaction paid,
// delivers the signed charge.success webhook when a webhook URL is given, and returns to the
// callback_url. Events are signed as Paystack signs them: x-paystack-signature is the hex
// HMAC-SHA512 of the raw body with the secret key.
//
//   const paystack = await startFakePaystack();
//   const server = await startTestServer({ env: paystack.serverEnv() });
//   paystack.webhookUrl = `${server.url}/functions/v1/paystack-webhook`;
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from './fake-http.js';

export interface FakePaystackTransaction {
  id: number;
  reference: string;
  /** Hundredths of the major unit, as Paystack counts every currency. */
  amount: number;
  currency: string;
  email: string;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  callback_url: string;
  metadata: Record<string, string>;
}

export interface FakePaystackEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface FakePaystack {
  /** Origin for PAYSTACK_API_BASE. */
  apiBase: string;
  secretKey: string;
  /** Where the hosted page delivers charge.success; unset: nothing is delivered. */
  webhookUrl: string | undefined;
  transactions: Map<string, FakePaystackTransaction>;
  /** References the server asked GET /transaction/verify/:reference for, in order. */
  verifyCalls: string[];
  /** Transaction references POST /refund was called for. */
  refundCalls: string[];
  /** Environment for startTestServer / the e2e server. */
  serverEnv(): Record<string, string>;
  /** Marks a transaction paid at Paystack (what verify then answers). */
  pay(reference: string, status?: FakePaystackTransaction['status']): FakePaystackTransaction;
  /** The charge.success event for a transaction; overrides replace fields of its data. */
  chargeSuccessEvent(reference: string, overrides?: Record<string, unknown>): FakePaystackEvent;
  /** A refund.processed event for this many hundredths of the transaction, named refundId. */
  refundEvent(reference: string, amount: number, refundId: string): FakePaystackEvent;
  /** A dispute event: create, or resolve with Paystack's resolution. */
  disputeEvent(
    reference: string,
    type: 'charge.dispute.create' | 'charge.dispute.resolve',
    disputeId: string,
    resolution?: 'merchant-accepted' | 'declined',
    refundAmount?: number,
  ): FakePaystackEvent;
  /** The raw body and its x-paystack-signature (with another secret to forge one). */
  sign(event: FakePaystackEvent, secret?: string): { body: string; signature: string };
  /** Posts a signed event; answers the status and JSON body. */
  deliver(
    url: string,
    event: FakePaystackEvent,
    opts?: { secret?: string; signature?: string },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startFakePaystack(opts: { secretKey?: string; webhookUrl?: string } = {}): Promise<FakePaystack> {
  const transactions = new Map<string, FakePaystackTransaction>();
  let nextId = 4_000_000;

  const fake: FakePaystack = {
    apiBase: '',
    secretKey: opts.secretKey ?? `sk_test_${crypto.randomBytes(12).toString('hex')}`,
    webhookUrl: opts.webhookUrl,
    transactions,
    verifyCalls: [],
    refundCalls: [],
    serverEnv: () => ({ PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_API_BASE: fake.apiBase }),
    pay(reference, status = 'success') {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      tx.status = status;
      return tx;
    },
    chargeSuccessEvent(reference, overrides = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      return {
        event: 'charge.success',
        data: {
          id: tx.id,
          status: 'success',
          reference: tx.reference,
          amount: tx.amount,
          currency: tx.currency,
          metadata: tx.metadata,
          customer: { email: tx.email },
          ...overrides,
        },
      };
    },
    refundEvent(reference, amount, refundId) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      // Paystack sends the refunded amount as a string in this event.
      return {
        event: 'refund.processed',
        data: {
          id: refundId,
          status: 'processed',
          transaction_reference: reference,
          refund_reference: null,
          amount: String(amount),
          currency: tx.currency,
        },
      };
    },
    disputeEvent(reference, type, disputeId, resolution, refundAmount) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      return {
        event: type,
        data: {
          id: disputeId,
          refund_amount: refundAmount ?? tx.amount,
          currency: tx.currency,
          status: type === 'charge.dispute.create' ? 'awaiting-merchant-feedback' : 'resolved',
          resolution: resolution ?? null,
          transaction: { id: tx.id, reference: tx.reference, amount: tx.amount, currency: tx.currency },
        },
      };
    },
    sign(event, secret) {
      const body = JSON.stringify(event);
      const signature = crypto
        .createHmac('sha512', secret ?? fake.secretKey)
        .update(body)
        .digest('hex');
      return { body, signature };
    },
    async deliver(url, event, deliverOpts = {}) {
      const signed = fake.sign(event, deliverOpts.secret);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': deliverOpts.signature ?? signed.signature,
        },
        body: signed.body,
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    close: async () => undefined,
  };

  function authorised(req: http.IncomingMessage): boolean {
    return req.headers.authorization === `Bearer ${fake.secretKey}`;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', fake.apiBase);
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (page) {
      const tx = transactions.get(decodeURIComponent(page[1]!));
      if (!tx) return sendJson(res, 404, { status: false, message: 'Transaction not found' });
      const callback = `${tx.callback_url}${tx.callback_url.includes('?') ? '&' : '?'}trxref=${encodeURIComponent(tx.reference)}&reference=${encodeURIComponent(tx.reference)}`;
      if (req.method === 'GET') {
        const amount = `${tx.currency} ${(tx.amount / 100).toFixed(2)}`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><title>Test Paystack checkout</title></head><body><h1>Test Paystack checkout</h1>
<p>${escapeHtml(tx.email)} — ${escapeHtml(amount)}</p>
<form method="post" action="/pay/${encodeURIComponent(tx.reference)}"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<a href="${escapeHtml(callback)}">Cancel payment</a></body></html>`);
        return;
      }
      if (req.method === 'POST') {
        fake.pay(tx.reference);
        if (fake.webhookUrl) {
          const delivered = await fake.deliver(fake.webhookUrl, fake.chargeSuccessEvent(tx.reference));
          if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}`);
        }
        res.writeHead(303, { location: callback });
        res.end();
        return;
      }
    }
    if (!authorised(req)) return sendJson(res, 401, { status: false, message: 'Invalid key' });
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const reference = typeof body.reference === 'string' ? body.reference : crypto.randomUUID();
      if (transactions.has(reference)) {
        return sendJson(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0 || typeof body.email !== 'string') {
        return sendJson(res, 400, { status: false, message: 'Invalid amount or email' });
      }
      transactions.set(reference, {
        id: nextId++,
        reference,
        amount,
        currency: typeof body.currency === 'string' ? body.currency : 'NGN',
        email: body.email,
        status: 'ongoing',
        callback_url: typeof body.callback_url === 'string' ? body.callback_url : '',
        metadata: typeof body.metadata === 'string' ? (JSON.parse(body.metadata) as Record<string, string>) : {},
      });
      return sendJson(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${fake.apiBase}/pay/${encodeURIComponent(reference)}`,
          access_code: crypto.randomBytes(8).toString('hex'),
          reference,
        },
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1]!);
      fake.verifyCalls.push(reference);
      const tx = transactions.get(reference);
      if (!tx) return sendJson(res, 400, { status: false, message: 'Transaction reference not found' });
      return sendJson(res, 200, {
        status: true,
        message: 'Verification successful',
        data: { id: tx.id, status: tx.status, reference: tx.reference, amount: tx.amount, currency: tx.currency },
      });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      const body = JSON.parse(await readBody(req)) as { transaction?: string };
      const tx = body.transaction ? transactions.get(body.transaction) : undefined;
      if (!tx || tx.status !== 'success')
        return sendJson(res, 400, { status: false, message: 'Transaction not found' });
      fake.refundCalls.push(tx.reference);
      return sendJson(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { transaction: { reference: tx.reference }, amount: tx.amount, currency: tx.currency, status: 'pending' },
      });
    }
    sendJson(res, 404, { status: false, message: 'Not found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendJson(res, 500, { status: false, message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
