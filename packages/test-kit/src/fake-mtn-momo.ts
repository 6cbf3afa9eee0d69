// A local MTN Mobile Money (Collection) compatible HTTP server for tests (integration and e2e): it
// answers POST /collection/token/ (API user and key by basic auth), POST /collection/v1_0/requesttopay
// (202, named by X-Reference-Id) and GET /collection/v1_0/requesttopay/:referenceId, checking the
// subscription key, bearer token and target environment as MTN does. The payer's phone is played by
// approve / reject / expire, and callback() sends MTN's unsigned callback to the request's
// X-Callback-Url; an e2e test in another process does both with POST /_fake/:referenceId/:action.
//
//   const momo = await startFakeMtnMomo();
//   const server = await startTestServer({ env: momo.serverEnv() });
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from './fake-http.js';

export interface FakeRequestToPay {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  payer: { partyIdType: string; partyId: string };
  payerMessage: string;
  payeeNote: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  financialTransactionId?: string;
  callbackUrl: string | undefined;
}

export interface FakeMtnMomo {
  /** Origin for MTN_MOMO_API_BASE. */
  apiBase: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  requests: Map<string, FakeRequestToPay>;
  /** Reference ids the server read the status of, in order. */
  statusCalls: string[];
  tokenCalls: number;
  serverEnv(): Record<string, string>;
  /** The request sent to this payer (digits without "+"), latest first. */
  requestFor(msisdn: string): FakeRequestToPay | undefined;
  /** The payer approves on their phone (amount and currency may be altered to test mismatches). */
  approve(referenceId: string, overrides?: { amount?: string; currency?: string }): FakeRequestToPay;
  reject(referenceId: string): FakeRequestToPay;
  expire(referenceId: string): FakeRequestToPay;
  /** Sends MTN's callback (PUT, unsigned) for a request to its callback URL, or to url; body may be forged. */
  callback(
    referenceId: string,
    opts?: { url?: string; body?: Record<string, unknown> },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startFakeMtnMomo(opts: { targetEnvironment?: string } = {}): Promise<FakeMtnMomo> {
  const requests = new Map<string, FakeRequestToPay>();
  const tokens = new Set<string>();

  function statusBody(r: FakeRequestToPay): Record<string, unknown> {
    return {
      amount: r.amount,
      currency: r.currency,
      externalId: r.externalId,
      payer: r.payer,
      payerMessage: r.payerMessage,
      payeeNote: r.payeeNote,
      status: r.status,
      ...(r.financialTransactionId ? { financialTransactionId: r.financialTransactionId } : {}),
      ...(r.reason ? { reason: r.reason } : {}),
    };
  }

  function get(referenceId: string): FakeRequestToPay {
    const r = requests.get(referenceId);
    if (!r) throw new Error(`no request ${referenceId}`);
    return r;
  }

  const fake: FakeMtnMomo = {
    apiBase: '',
    subscriptionKey: crypto.randomBytes(16).toString('hex'),
    apiUser: crypto.randomUUID(),
    apiKey: crypto.randomBytes(16).toString('hex'),
    targetEnvironment: opts.targetEnvironment ?? 'mtncameroon',
    requests,
    statusCalls: [],
    tokenCalls: 0,
    serverEnv: () => ({
      MTN_MOMO_SUBSCRIPTION_KEY: fake.subscriptionKey,
      MTN_MOMO_API_USER: fake.apiUser,
      MTN_MOMO_API_KEY: fake.apiKey,
      MTN_MOMO_TARGET_ENVIRONMENT: fake.targetEnvironment,
      MTN_MOMO_API_BASE: fake.apiBase,
    }),
    requestFor(msisdn) {
      return [...requests.values()].reverse().find((r) => r.payer.partyId === msisdn);
    },
    approve(referenceId, overrides = {}) {
      const r = get(referenceId);
      Object.assign(r, overrides, {
        status: 'SUCCESSFUL',
        financialTransactionId: String(crypto.randomInt(100_000_000, 999_999_999)),
      });
      return r;
    },
    reject(referenceId) {
      return Object.assign(get(referenceId), { status: 'FAILED' as const, reason: 'APPROVAL_REJECTED' });
    },
    expire(referenceId) {
      return Object.assign(get(referenceId), { status: 'FAILED' as const, reason: 'EXPIRED' });
    },
    async callback(referenceId, cbOpts = {}) {
      const r = requests.get(referenceId);
      const url = cbOpts.url ?? r?.callbackUrl;
      if (!url) throw new Error(`no callback URL for ${referenceId}`);
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cbOpts.body ?? (r ? statusBody(r) : {})),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    close: async () => undefined,
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', fake.apiBase);
    // The payer's phone for a test in another process: approve, reject or expire the request, then
    // MTN's callback goes to the server as it does when a request becomes final (callback alone
    // sends it again, as MTN may). Answers the request's status and what the callback got back.
    const control = /^\/_fake\/([^/]+)\/(approve|reject|expire|callback)$/.exec(url.pathname);
    if (req.method === 'POST' && control) {
      const id = decodeURIComponent(control[1]!);
      const request = requests.get(id);
      if (!request) return sendJson(res, 404, { message: 'no such request' });
      const action = control[2] as 'approve' | 'reject' | 'expire' | 'callback';
      if (action !== 'callback') fake[action](id);
      const callback = request.callbackUrl ? await fake.callback(id) : null;
      return sendJson(res, 200, { ...statusBody(request), callback });
    }
    if (req.method === 'GET' && url.pathname === '/_fake/requests') {
      return sendJson(res, 200, [...requests.values()]);
    }
    if (req.headers['ocp-apim-subscription-key'] !== fake.subscriptionKey) {
      return sendJson(res, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    }
    if (req.method === 'POST' && url.pathname === '/collection/token/') {
      const expected = `Basic ${Buffer.from(`${fake.apiUser}:${fake.apiKey}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return sendJson(res, 401, { error: 'login_failed' });
      fake.tokenCalls++;
      const token = crypto.randomBytes(24).toString('base64url');
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'access_token', expires_in: 3600 });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return sendJson(res, 401, { code: 'UNAUTHORIZED' });
    if (req.headers['x-target-environment'] !== fake.targetEnvironment) {
      return sendJson(res, 400, { code: 'INVALID_TARGET_ENVIRONMENT' });
    }
    if (req.method === 'POST' && url.pathname === '/collection/v1_0/requesttopay') {
      const referenceId = req.headers['x-reference-id'];
      if (typeof referenceId !== 'string' || !UUID.test(referenceId)) {
        return sendJson(res, 400, { code: 'INVALID_REFERENCE_ID' });
      }
      if (requests.has(referenceId)) return sendJson(res, 409, { code: 'RESOURCE_ALREADY_EXIST' });
      const body = JSON.parse(await readBody(req)) as Omit<FakeRequestToPay, 'referenceId' | 'status' | 'callbackUrl'>;
      if (!/^[0-9]+(\.[0-9]+)?$/.test(String(body.amount)) || body.payer?.partyIdType !== 'MSISDN') {
        return sendJson(res, 400, { code: 'INVALID_PARAMETER' });
      }
      if (fake.targetEnvironment === 'sandbox' && body.currency !== 'EUR') {
        return sendJson(res, 500, { code: 'NOT_ALLOWED', message: 'Currency not supported.' });
      }
      const callback = req.headers['x-callback-url'];
      requests.set(referenceId, {
        ...body,
        amount: String(body.amount),
        referenceId,
        status: 'PENDING',
        callbackUrl: typeof callback === 'string' ? callback : undefined,
      });
      return sendJson(res, 202);
    }
    const status = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && status) {
      const id = decodeURIComponent(status[1]!);
      fake.statusCalls.push(id);
      const r = requests.get(id);
      if (!r) return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return sendJson(res, 200, statusBody(r));
    }
    sendJson(res, 404, { code: 'NOT_FOUND' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendJson(res, 500, { message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
