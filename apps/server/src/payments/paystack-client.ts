// A small typed client for the three Paystack calls the server makes (initialize, verify, refund)
// and the check of its webhook signature, over fetch (decision 0154 says why not Paystack's SDK).
// Every answer is checked against the fields we read before it is used; amounts are Paystack's:
// hundredths of the major unit, in every currency.
import crypto from 'node:crypto';
import { z } from 'zod';

/** Paystack's answer envelope: {status, message, data}. */
const envelope = z.object({ status: z.boolean(), message: z.string(), data: z.unknown() });

const initialized = z.object({ authorization_url: z.string().url(), access_code: z.string(), reference: z.string() });

const amount = z.union([
  z.number().int().min(0),
  z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
]);

export const paystackTransaction = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  /** success, failed, abandoned, ongoing, pending, processing, queued, reversed. */
  status: z.string(),
  reference: z.string(),
  amount,
  currency: z.string(),
});
export type PaystackTransaction = z.infer<typeof paystackTransaction>;

export class PaystackError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

export interface PaystackClientOptions {
  secretKey: string;
  /** https://api.paystack.co, or a local fake in tests. */
  apiBase: string;
  timeoutMs?: number;
}

export class PaystackClient {
  constructor(private readonly options: PaystackClientOptions) {}

  private async call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${this.options.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new PaystackError(`Paystack ${method} ${path} failed`, undefined, err);
    }
    const json: unknown = await res.json().catch(() => undefined);
    const head = envelope.safeParse(json);
    const data = head.success ? schema.safeParse(head.data.data) : undefined;
    if (!res.ok || !head.success || !head.data.status || !data?.success) {
      throw new PaystackError(`Paystack ${method} ${path} answered ${res.status}`, res.status);
    }
    return data.data as z.infer<T>;
  }

  /** POST /transaction/initialize: a hosted payment page for this amount and reference. */
  initialize(input: {
    email: string;
    amount: number;
    currency: string;
    reference: string;
    callback_url: string;
    metadata: Record<string, string>;
  }) {
    return this.call('POST', '/transaction/initialize', initialized, {
      ...input,
      metadata: JSON.stringify(input.metadata),
    });
  }

  /** GET /transaction/verify/:reference: the transaction as Paystack has it now. */
  verify(reference: string) {
    return this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, paystackTransaction);
  }

  /** POST /refund: returns the whole transaction's amount to the payer. */
  refund(reference: string) {
    return this.call('POST', '/refund', z.object({}).passthrough(), { transaction: reference });
  }
}

/** x-paystack-signature: HMAC-SHA512 of the raw body with the secret key, hex; compared in constant time. */
export function paystackSignatureValid(rawBody: Buffer, signature: string, secretKey: string): boolean {
  const expected = crypto.createHmac('sha512', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
