// A small typed client for MTN Mobile Money's Collection API (decision 0154: MTN publishes no
// Node.js SDK): an access token from /collection/token/ (API user and key, basic auth),
// cached until shortly before it lapses; request-to-pay; and the request's status. Every call
// carries the product's subscription key and the target environment. Answers are checked against
// the fields we read before they are used.
import { z } from 'zod';

export interface MtnMomoClientOptions {
  apiBase: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  timeoutMs?: number;
}

const token = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

export const requestToPayStatus = z.object({
  amount: z.union([z.string(), z.number()]).transform(String),
  currency: z.string(),
  financialTransactionId: z.string().optional(),
  externalId: z.string().optional(),
  /** PENDING, SUCCESSFUL or FAILED (FAILED carries a reason, e.g. APPROVAL_REJECTED, EXPIRED). */
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  reason: z.union([z.string(), z.object({ code: z.string().optional() }).passthrough()]).optional(),
});
export type RequestToPayStatus = z.infer<typeof requestToPayStatus>;

export class MtnMomoError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

export class MtnMomoClient {
  private token: { value: string; until: number } | undefined;

  constructor(private readonly options: MtnMomoClientOptions) {}

  private async fetch(path: string, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
    try {
      return await fetch(`${this.options.apiBase}${path}`, {
        ...init,
        headers: { 'ocp-apim-subscription-key': this.options.subscriptionKey, ...init.headers },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new MtnMomoError(`MTN MoMo ${init.method ?? 'GET'} ${path} failed`, undefined, err);
    }
  }

  /** A bearer token for the Collection product, reused until a minute before it lapses. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.apiUser}:${this.options.apiKey}`).toString('base64');
    const res = await this.fetch('/collection/token/', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    const parsed = token.safeParse(await res.json().catch(() => undefined));
    if (!res.ok || !parsed.success) throw new MtnMomoError(`MTN MoMo token answered ${res.status}`, res.status);
    this.token = {
      value: parsed.data.access_token,
      until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000,
    };
    return this.token.value;
  }

  private async authorised(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.accessToken()}`,
      'x-target-environment': this.options.targetEnvironment,
      ...extra,
    };
  }

  /**
   * POST /collection/v1_0/requesttopay: asks the payer (MSISDN, digits without "+") to approve the
   * amount on their phone. referenceId (a UUID) names the request in every later call.
   */
  async requestToPay(input: {
    referenceId: string;
    amount: string;
    currency: string;
    externalId: string;
    payerMsisdn: string;
    payerMessage: string;
    payeeNote: string;
    callbackUrl?: string | undefined;
  }): Promise<void> {
    const res = await this.fetch('/collection/v1_0/requesttopay', {
      method: 'POST',
      headers: await this.authorised({
        'x-reference-id': input.referenceId,
        'content-type': 'application/json',
        ...(input.callbackUrl ? { 'x-callback-url': input.callbackUrl } : {}),
      }),
      body: JSON.stringify({
        amount: input.amount,
        currency: input.currency,
        externalId: input.externalId,
        payer: { partyIdType: 'MSISDN', partyId: input.payerMsisdn },
        payerMessage: input.payerMessage,
        payeeNote: input.payeeNote,
      }),
    });
    if (res.status !== 202) throw new MtnMomoError(`MTN MoMo request-to-pay answered ${res.status}`, res.status);
  }

  /** GET /collection/v1_0/requesttopay/{referenceId}: the request's status now. */
  async requestToPayStatus(referenceId: string): Promise<RequestToPayStatus> {
    const res = await this.fetch(`/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`, {
      method: 'GET',
      headers: await this.authorised(),
    });
    const parsed = requestToPayStatus.safeParse(await res.json().catch(() => undefined));
    if (!res.ok || !parsed.success) throw new MtnMomoError(`MTN MoMo status answered ${res.status}`, res.status);
    return parsed.data;
  }
}
